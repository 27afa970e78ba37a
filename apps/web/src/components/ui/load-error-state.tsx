import { IconAlertTriangle } from '@tabler/icons-react';
import { cx } from '../../lib/cx.ts';
import { loadErrorMessage } from '../../lib/errors/error-message.ts';
import { Button } from './button.tsx';
import { EmptyState } from './empty-state.tsx';

/**
 * What a list or a page shows in place of data that could not be loaded: what failed, why in French
 * (no error code for a server or network failure), and a retry. A warning sign, not the empty
 * inbox: nothing says the list is empty.
 */
export function LoadErrorState({
  title,
  error,
  onRetry,
  className,
}: {
  /** "Les transactions n'ont pas pu être chargées." */
  title: string;
  error: unknown;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <EmptyState
      className={className}
      icon={<IconAlertTriangle aria-hidden="true" />}
      title={title}
      description={loadErrorMessage(error)}
      action={<Button variant="secondary" label="Réessayer" onClick={onRetry} />}
    />
  );
}

/**
 * The same inside a card (a balance, a chart, figures): one alert line and a small retry, where an
 * empty state's illustration would be too big. `isOnDark` for a card on the brand colour.
 */
export function InlineLoadError({
  message,
  error,
  onRetry,
  isOnDark = false,
  className,
}: {
  /** "Le solde n'a pas pu être chargé." */
  message: string;
  error: unknown;
  onRetry: () => void;
  isOnDark?: boolean;
  className?: string;
}) {
  return (
    <div className={cx('flex flex-col items-start gap-2', className)}>
      <p role="alert" className={cx('text-sm', isOnDark ? 'text-white' : 'text-red-700')}>
        {message} {loadErrorMessage(error)}
      </p>
      <Button variant="secondary" size="sm" label="Réessayer" onClick={onRetry} />
    </div>
  );
}
