import type { TDailyStat } from '@tasbiq/contracts/advances';

/** A day as the chart draws it: amounts in DH as numbers (chart scales need numbers, not strings). */
export type ChartPoint = {
  date: string;
  /** "12/03" under the bars. */
  shortLabel: string;
  /** "12/03/2026" in the tooltip and the table. */
  label: string;
  count: number;
  amount: number;
  /** The wire amount, kept for formatMoney. */
  amountText: string;
};

/** "2026-03-12" → "12/03/2026" without going through Date (no time-zone shift on a plain day). */
function dayParts(date: string): { day: string; month: string; year: string } {
  const [year = '', month = '', day = ''] = date.slice(0, 10).split('-');
  return { day, month, year };
}

export function toChartPoints(days: readonly TDailyStat[]): ChartPoint[] {
  return days.map((stat) => {
    const { day, month, year } = dayParts(stat.date);
    return {
      date: stat.date,
      shortLabel: `${day}/${month}`,
      label: `${day}/${month}/${year}`,
      count: stat.count,
      amount: Number(stat.amount),
      amountText: stat.amount,
    };
  });
}

/** Totals over the span, summed in centimes so that 0.10 + 0.20 stays exact. */
export function totalsOf(days: readonly TDailyStat[]): { count: number; amount: string } {
  let centimes = 0n;
  let count = 0;
  for (const stat of days) {
    count += stat.count;
    const [units = '0', cents = '00'] = stat.amount.replace('-', '').split('.');
    const value = BigInt(units) * 100n + BigInt(cents.padEnd(2, '0').slice(0, 2));
    centimes += stat.amount.startsWith('-') ? -value : value;
  }
  const sign = centimes < 0n ? '-' : '';
  const absolute = centimes < 0n ? -centimes : centimes;
  return { count, amount: `${sign}${absolute / 100n}.${String(absolute % 100n).padStart(2, '0')}` };
}
