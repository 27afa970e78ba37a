import { IconAlertCircle, IconAlertTriangle, IconCheck, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode, Ref } from 'react';
import { cx } from '../../lib/cx.ts';

export type MessageSeverity = 'info' | 'success' | 'warning' | 'danger';

export type MessageBoxProps = {
  severity?: MessageSeverity;
  title?: ReactNode;
  /** Replaces the severity's default icon. */
  icon?: ReactNode;
  hideIcon?: boolean;
  className?: string;
  children?: ReactNode;
  /** With `focusable`: the box, to move the focus to it (e.g. the outcome of an action whose button is gone). */
  ref?: Ref<HTMLDivElement>;
  /** Can take the focus from script (tabindex -1); outlined only when the keyboard brought it there. */
  focusable?: boolean;
};

const styles: Record<MessageSeverity, { box: string; icon: string }> = {
  info: { box: 'border-sky-200 bg-sky-50 text-sky-900', icon: 'text-sky-600' },
  success: { box: 'border-emerald-200 bg-emerald-50 text-emerald-900', icon: 'text-emerald-600' },
  warning: { box: 'border-amber-200 bg-amber-50 text-amber-900', icon: 'text-amber-600' },
  danger: { box: 'border-red-200 bg-red-50 text-red-900', icon: 'text-red-600' },
};

const defaultIcons: Record<MessageSeverity, ReactNode> = {
  info: <IconInfoCircle aria-hidden="true" />,
  success: <IconCheck aria-hidden="true" />,
  warning: <IconAlertTriangle aria-hidden="true" />,
  danger: <IconAlertCircle aria-hidden="true" />,
};

/**
 * An inline message. Warnings and errors are announced at once (role "alert"); information and
 * success politely (role "status"), so they do not interrupt what the screen reader is saying.
 */
export function MessageBox({
  severity = 'info',
  title,
  icon,
  hideIcon = false,
  className,
  children,
  ref,
  focusable = false,
}: MessageBoxProps) {
  const style = styles[severity];
  const isUrgent = severity === 'danger' || severity === 'warning';
  return (
    <div
      ref={ref}
      role={isUrgent ? 'alert' : 'status'}
      data-severity={severity}
      tabIndex={focusable ? -1 : undefined}
      className={cx(
        'flex gap-3 rounded-xl border p-3 text-sm sm:p-4',
        focusable &&
          'focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        style.box,
        className,
      )}
    >
      {hideIcon ? null : (
        <span
          className={cx('inline-flex shrink-0 [&_svg]:size-5', style.icon)}
          data-testid="message-box-icon"
        >
          {icon ?? defaultIcons[severity]}
        </span>
      )}
      <div className="min-w-0 flex-1 space-y-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div>{children}</div> : null}
      </div>
    </div>
  );
}
