import { cx } from '../../lib/cx.ts';
import { commonFr } from '../../locales/fr/common.ts';

export type SpinnerSize = 'sm' | 'md' | 'lg';

export type SpinnerProps = {
  size?: SpinnerSize;
  /** What is loading, for screen readers. Default "Chargement…". */
  label?: string;
  /** Centres the spinner in a padded block: the loading state of a page or a card. */
  isBlock?: boolean;
  className?: string;
};

const sizes: Record<SpinnerSize, string> = {
  sm: 'size-4 border-2',
  md: 'size-6 border-2',
  lg: 'size-10 border-4',
};

export function Spinner({ size = 'md', label = commonFr.loading, isBlock = false, className }: SpinnerProps) {
  const wheel = (
    <span
      role="status"
      aria-label={label}
      data-size={size}
      className={cx('inline-flex', !isBlock && className)}
    >
      <span
        aria-hidden="true"
        className={cx('animate-spin rounded-full border-brand-600 border-t-transparent', sizes[size])}
      />
    </span>
  );
  if (!isBlock) return wheel;
  return <div className={cx('flex items-center justify-center py-12', className)}>{wheel}</div>;
}
