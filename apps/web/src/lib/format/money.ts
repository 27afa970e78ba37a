import { LOCALE } from '@tasbiq/contracts/constants';
import { commonFr } from '../../locales/fr/common.ts';

/**
 * Amounts are shown as `1 500 DH` (spec §9: MAD, no decimals, French locale).
 *
 * Every space in the result is a NO-BREAK SPACE (U+00A0), between digit groups and before "DH":
 * an amount never wraps across lines, and unlike the narrow no-break space (U+202F) it renders in
 * every font. fr-MA's own group separator is ".", so the groups are rebuilt from formatToParts
 * rather than by patching the formatted string.
 */
export const NBSP = '\u00a0';

export type MoneyUnit = 'DH' | 'centimes';
export type FormatMoneyOptions = {
  /** What `value` counts: DH (wire decimal strings such as "1500.00", the default) or integer centimes. */
  unit?: MoneyUnit;
};

const integerFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0, useGrouping: true });

function formatInteger(value: bigint): string {
  return integerFormat
    .formatToParts(value)
    .map((part) => (part.type === 'group' ? NBSP : part.value))
    .join('');
}

/** Rounds half away from zero, as accountants do (Intl would also, but Math.round does not). */
function roundedDh(value: string | number | bigint, unit: MoneyUnit): bigint | null {
  if (typeof value === 'bigint') {
    if (unit === 'DH') return value;
    const sign = value < 0n ? -1n : 1n;
    return (sign * (sign * value + 50n)) / 100n;
  }
  const amount = typeof value === 'number' ? value : Number(value.trim() === '' ? Number.NaN : value);
  if (!Number.isFinite(amount)) return null;
  const dh = unit === 'centimes' ? amount / 100 : amount;
  return BigInt(Math.sign(dh) * Math.round(Math.abs(dh)));
}

/** `formatMoney("1500.00")` → "1 500 DH" (no-break spaces); unreadable input → "—". */
export function formatMoney(value: string | number | bigint, options: FormatMoneyOptions = {}): string {
  const dh = roundedDh(value, options.unit ?? 'DH');
  if (dh === null) return commonFr.notAvailable;
  return `${formatInteger(dh)}${NBSP}DH`;
}

/** Integer centimes, as the API keeps money internally: `formatCentimes(150000)` → "1 500 DH". */
export function formatCentimes(centimes: number | bigint | string): string {
  return formatMoney(centimes, { unit: 'centimes' });
}
