import type { ButtonHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react';
import { Link, type To } from 'react-router';
import { cx } from '../../lib/cx.ts';
import { commonFr } from '../../locales/fr/common.ts';

export type ButtonSize = 'sm' | 'md' | 'lg';
export type ButtonVariant = 'primary' | 'secondary' | 'tertiary' | 'danger';

type BaseProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'onClick' | 'children'> & {
  size?: ButtonSize;
  variant?: ButtonVariant;
  icon?: ReactNode;
  iconPosition?: 'left' | 'right';
  loading?: boolean;
  /** A route: the button renders as a react-router Link that looks the same. */
  to?: To;
  /** With `to`: replace the history entry instead of pushing one. */
  replace?: boolean;
  type?: 'button' | 'submit' | 'reset';
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  ref?: Ref<HTMLButtonElement | HTMLAnchorElement>;
};

/**
 * The label comes as `label` or as children. Without one the button is icon-only, and then an
 * `aria-label` is required so a screen reader can still name it.
 */
export type ButtonProps = BaseProps &
  (
    | { label: ReactNode; children?: never }
    | { label?: never; children: ReactNode }
    | { label?: never; children?: never; icon: ReactNode; 'aria-label': string }
  );

const base =
  'inline-flex select-none items-center justify-center gap-2 rounded-xl font-medium whitespace-nowrap ' +
  'transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ' +
  'aria-disabled:cursor-not-allowed aria-disabled:opacity-50 disabled:cursor-not-allowed disabled:opacity-50';

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-11 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
};

// Icon-only buttons are square, with the same height as their labelled siblings.
const iconOnlySizes: Record<ButtonSize, string> = {
  sm: 'size-8',
  md: 'size-11',
  lg: 'size-12',
};

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 active:bg-brand-800',
  secondary: 'bg-white text-brand-700 ring-1 ring-inset ring-brand-200 hover:bg-brand-50',
  tertiary: 'bg-transparent text-brand-700 hover:bg-brand-50',
  danger: 'bg-red-600 text-white hover:bg-red-700 active:bg-red-800',
};

const iconSizes: Record<ButtonSize, string> = {
  sm: '[&_svg]:size-4',
  md: '[&_svg]:size-5',
  lg: '[&_svg]:size-5',
};

/** Three dots in place of the label while an action runs (spec §2); announced as "loading". */
export function LoadingDots() {
  return (
    <span className="inline-flex items-center gap-1" data-testid="button-loading">
      {[0, 1, 2].map((dot) => (
        <span
          key={dot}
          aria-hidden="true"
          className="size-1.5 animate-dot rounded-full bg-current"
          style={{ animationDelay: `${dot * 160}ms` }}
        />
      ))}
      <span className="sr-only">{commonFr.loadingInProgress}</span>
    </span>
  );
}

export function Button(props: ButtonProps) {
  const {
    size = 'md',
    variant = 'primary',
    label,
    children,
    icon,
    iconPosition = 'right',
    loading = false,
    disabled = false,
    to,
    replace,
    type = 'button',
    onClick,
    className,
    ref,
    ...rest
  } = props;
  const text = label ?? children;
  const isIconOnly = text === undefined || text === null || text === false;
  const isInactive = disabled || loading;

  const classes = cx(
    base,
    isIconOnly ? iconOnlySizes[size] : sizes[size],
    iconSizes[size],
    variants[variant],
    className,
  );

  const iconNode = icon ? (
    <span className="inline-flex shrink-0" data-testid="button-icon">
      {icon}
    </span>
  ) : null;
  let content: ReactNode;
  if (loading) content = <LoadingDots />;
  else if (isIconOnly) content = iconNode;
  else
    content = (
      <>
        {iconPosition === 'left' ? iconNode : null}
        <span className="truncate">{text}</span>
        {iconPosition === 'right' ? iconNode : null}
      </>
    );

  const common = {
    className: classes,
    'data-size': size,
    'data-variant': variant,
    'data-icon-only': isIconOnly ? '' : undefined,
    'aria-busy': loading || undefined,
  };

  if (to !== undefined) {
    // A link cannot be disabled natively: it is taken out of the tab order and its click cancelled.
    return (
      <Link
        {...(rest as Record<string, unknown>)}
        {...common}
        ref={ref as Ref<HTMLAnchorElement>}
        to={to}
        replace={replace}
        aria-disabled={isInactive || undefined}
        tabIndex={isInactive ? -1 : rest.tabIndex}
        onClick={(event) => {
          if (isInactive) {
            event.preventDefault();
            return;
          }
          onClick?.(event);
        }}
      >
        {content}
      </Link>
    );
  }

  return (
    <button
      {...rest}
      {...common}
      ref={ref as Ref<HTMLButtonElement>}
      type={type}
      disabled={isInactive}
      onClick={onClick}
    >
      {content}
    </button>
  );
}
