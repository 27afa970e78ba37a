import type { TDailyStat } from '@tasbiq/contracts/advances';
import { centimesToWire } from '../../lib/money.ts';

/** One entry per day, zeros where nothing happened (the chart needs every day). */
export function fillDays(
  days: readonly string[],
  rows: ReadonlyArray<{ day: string; count: number; amount: string | bigint }>,
): TDailyStat[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return days.map((date) => {
    const row = byDay.get(date);
    return { date, count: row?.count ?? 0, amount: centimesToWire(row ? BigInt(row.amount) : 0n) };
  });
}
