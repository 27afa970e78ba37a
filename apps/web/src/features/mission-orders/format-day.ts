/** "2026-12-01" → "01/12/2026" (a calendar day: no time zone involved). */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return year && month && date ? `${date}/${month}/${year}` : day;
}
