import { PAYROLL_BONUSES_CSV_HEADERS } from '@tasbiq/contracts/payroll';
import { toExcelCsv } from '../../lib/csv.ts';
import { casablancaDate } from '../../lib/time.ts';
import { displayTitle } from '../bonuses/serialize.ts';
import type { PayrollBonusRow } from './bonus-queries.ts';
import { frenchDecimal } from './export-csv.ts';
import type { DeductionPeriod } from './queries.ts';

/** primes-paie-2026-10.csv; "-recherche" when a search kept only some employees. */
export const payrollBonusesFileName = ({ month, year }: DeductionPeriod, isSearch = false) =>
  `primes-paie-${year}-${String(month).padStart(2, '0')}${isSearch ? '-recherche' : ''}.csv`;

/** "31/10/2026": the Casablanca day the bonus was paid, as French Excel reads a date. */
function frenchDay(at: Date): string {
  const [year, month, day] = casablancaDate(at).split('-');
  return `${day}/${month}/${year}`;
}

/** The month's bonuses as French Excel opens them (`;`, UTF-8 BOM, CRLF), with a last "Total" line. */
export function payrollBonusesCsv(rows: readonly PayrollBonusRow[]): string {
  const lines = rows.map((row) => [
    row.serial ?? '',
    row.lastName,
    row.firstName,
    row.cin ?? '',
    displayTitle(row.title, row.customTitle),
    frenchDay(row.paidAt),
    frenchDecimal(row.amountCentimes),
  ]);
  lines.push([
    'Total',
    '',
    '',
    '',
    '',
    '',
    frenchDecimal(rows.reduce((sum, row) => sum + row.amountCentimes, 0n)),
  ]);
  return toExcelCsv(PAYROLL_BONUSES_CSV_HEADERS, lines);
}
