import type { ReactNode } from 'react';
import { cx } from '../../lib/cx.ts';

/** What a status means to the reader; each feature maps its own statuses onto these. */
export type BadgeTone = 'success' | 'warning' | 'info' | 'danger' | 'neutral';

const toneStyles: Record<BadgeTone, string> = {
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  warning: 'bg-amber-50 text-amber-800 ring-amber-200',
  info: 'bg-sky-50 text-sky-800 ring-sky-200',
  danger: 'bg-red-50 text-red-800 ring-red-200',
  neutral: 'bg-gray-100 text-gray-700 ring-gray-300',
};

/** A small coloured label for a status. The text always says it: colour is never the only cue. */
export function Badge({
  tone,
  children,
  className,
}: {
  tone: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      data-tone={tone}
      className={cx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        toneStyles[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
