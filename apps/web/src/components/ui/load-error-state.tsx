import { errorMessage } from '../../lib/errors/error-message.ts';
import { Button } from './button.tsx';
import { EmptyState } from './empty-state.tsx';

/**
 * What a list or a page shows in place of data that could not be loaded: what failed, the API's
 * French reason, and a retry.
 */
export function LoadErrorState({
  title,
  error,
  onRetry,
}: {
  /** "Les transactions n'ont pas pu être chargées." */
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <EmptyState
      title={title}
      description={errorMessage(error)}
      action={<Button variant="secondary" label="Réessayer" onClick={onRetry} />}
    />
  );
}
