import type { ReactNode } from 'react';
import { cx } from '../../../lib/cx.ts';

/** A native radio drawn as a card: arrow keys, label and checked state stay the browser's. */
export function ChoiceCard({
  name,
  value,
  checked,
  onChange,
  children,
  className,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
  className?: string;
}) {
  return (
    <label
      className={cx(
        'flex cursor-pointer items-center gap-3 rounded-xl bg-white p-3 ring-1 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
        checked ? 'ring-2 ring-brand-600' : 'ring-gray-300 hover:bg-gray-50',
        className,
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        className="size-4 shrink-0 accent-brand-600"
      />
      {children}
    </label>
  );
}
