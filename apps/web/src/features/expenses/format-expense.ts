/** "152,40 DH": receipts carry centimes, so expenses show them (other amounts are whole DH). */
export function formatExpenseAmount(wire: string): string {
  const negative = wire.startsWith('-');
  const [units = '0', cents = '00'] = (negative ? wire.slice(1) : wire).split('.');
  return `${negative ? '-' : ''}${units.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')},${cents.padEnd(2, '0')}\u00a0DH`;
}

/** "24/11/2026" from "2026-11-24" (a calendar day: no time zone involved). */
export function formatExpenseDay(day: string): string {
  const [year, month, date] = day.split('-');
  return year && month && date ? `${date}/${month}/${year}` : day;
}

/** The sum of wire amounts ("152.40"), counted in centimes so no float drift shows, as a wire amount. */
export function sumExpenseAmounts(amounts: readonly string[]): string {
  const centimes = amounts.reduce((total, amount) => total + Math.round(Number(amount) * 100), 0);
  return `${Math.trunc(centimes / 100)}.${String(centimes % 100).padStart(2, '0')}`;
}
