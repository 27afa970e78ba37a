import type { ReactNode } from 'react';
import { cx } from '../../../lib/cx.ts';

type Tone = 'valid' | 'invalid' | 'duplicate' | 'registered';

const TONES: Record<Tone, string> = {
  valid: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  invalid: 'bg-red-50 text-red-800 ring-red-200',
  duplicate: 'bg-amber-50 text-amber-900 ring-amber-200',
  registered: 'bg-gray-100 text-gray-700 ring-gray-200',
};

/** Chips drawn at most per group; the count in the title says the rest. */
const MAX_CHIPS = 200;

/** One group of the parse result ("Invalides (3)") as chips; nothing when the group is empty. */
export function ContactChips({
  title,
  hint,
  values,
  tone,
}: {
  title: string;
  hint?: ReactNode;
  values: string[];
  tone: Tone;
}) {
  if (values.length === 0) return null;
  // The same invalid piece may be written twice: one chip each.
  const distinct = [...new Set(values)];
  const shown = distinct.slice(0, MAX_CHIPS);
  return (
    <div>
      <h3 className="text-sm font-semibold text-gray-900">
        {title} ({values.length})
      </h3>
      {hint ? <p className="text-sm text-gray-600">{hint}</p> : null}
      <ul aria-label={title} className="mt-2 flex flex-wrap gap-1.5">
        {shown.map((value) => (
          <li
            key={value}
            className={cx('rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset', TONES[tone])}
          >
            {value}
          </li>
        ))}
        {distinct.length > shown.length ? (
          <li className="px-1 text-xs text-gray-600">… et {distinct.length - shown.length} autres</li>
        ) : null}
      </ul>
    </div>
  );
}
