import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { cx } from '../../lib/cx.ts';
import { commonFr } from '../../locales/fr/common.ts';

export type EmptyStateProps = {
  title?: ReactNode;
  description?: ReactNode;
  /** Default: an inbox. Pass null for none. */
  icon?: ReactNode;
  /** A call to action, typically a Button. */
  action?: ReactNode;
  className?: string;
};

/** What a list or a page shows when it has nothing yet (or a load failed, with a retry action). */
export function EmptyState({
  title = commonFr.empty,
  description,
  icon,
  action,
  className,
}: EmptyStateProps) {
  const shownIcon = icon === undefined ? <IconInbox aria-hidden="true" /> : icon;
  return (
    <div className={cx('flex flex-col items-center gap-3 px-4 py-10 text-center', className)}>
      {shownIcon ? (
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600 [&_svg]:size-6">
          {shownIcon}
        </span>
      ) : null}
      <p className="font-semibold text-gray-900">{title}</p>
      {description ? <p className="max-w-sm text-sm text-gray-600">{description}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
