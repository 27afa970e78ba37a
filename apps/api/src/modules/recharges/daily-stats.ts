import type { TDailyStat } from '@tasbiq/contracts/advances';
import { centimesToWire } from '../../lib/money.ts';
import { casablancaDate, startOfDayInCasablanca } from '../../lib/time.ts';

/** The last `days` Casablanca days, today included, oldest first, as `YYYY-MM-DD`, and their [start, end). */
export function lastCasablancaDays(days: number, now: Date = new Date()) {
  const today = casablancaDate(now);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const list: string[] = [];
  for (let i = days - 1; i >= 0; i -= 1)
    list.push(new Date(Date.UTC(y, m - 1, d - i)).toISOString().slice(0, 10));
  return { days: list, start: startOfDayInCasablanca(list[0]!), end: startOfDayInCasablanca(today, 1) };
}

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
