import { PAYROLL_DEDUCTIONS_CSV_HEADERS } from '@tasbiq/contracts/payroll';
import { toExcelCsv } from '../../lib/csv.ts';
import { centimesToWire } from '../../lib/money.ts';
import type { DeductionPeriod, DeductionRow } from './queries.ts';

/** "1500,00": French Excel reads a comma decimal as a number (no thousands separator to trip on). */
export const frenchDecimal = (centimes: bigint) => centimesToWire(centimes).replace('.', ',');

/** retenues-paie-2026-10.csv; "-recherche" when a search kept only some employees. */
export const deductionsFileName = ({ month, year }: DeductionPeriod, isSearch = false) =>
  `retenues-paie-${year}-${String(month).padStart(2, '0')}${isSearch ? '-recherche' : ''}.csv`;

/**
 * The statement as French Excel opens it (`;`, UTF-8 BOM, CRLF), with a last "Total" line. A new
 * kind of deduction is appended after the existing ones and before the total, as « Factures » and
 * « Transferts » were (« Frais de mission », issue 15); the total to deduct includes it.
 */
export function deductionsCsv(rows: readonly DeductionRow[]): string {
  const sum = (pick: (row: DeductionRow) => bigint) => rows.reduce((total, row) => total + pick(row), 0n);
  const lines = rows.map((row) => [
    row.serial ?? '',
    row.lastName,
    row.firstName,
    row.cin ?? '',
    String(row.advancesCount),
    frenchDecimal(row.advancesCentimes),
    frenchDecimal(row.feesCentimes),
    frenchDecimal(row.rechargesCentimes),
    frenchDecimal(row.billsCentimes),
    frenchDecimal(row.transfersCentimes),
    frenchDecimal(row.missionExpensesCentimes),
    frenchDecimal(row.totalCentimes),
  ]);
  lines.push([
    'Total',
    '',
    '',
    '',
    String(rows.reduce((n, row) => n + row.advancesCount, 0)),
    frenchDecimal(sum((r) => r.advancesCentimes)),
    frenchDecimal(sum((r) => r.feesCentimes)),
    frenchDecimal(sum((r) => r.rechargesCentimes)),
    frenchDecimal(sum((r) => r.billsCentimes)),
    frenchDecimal(sum((r) => r.transfersCentimes)),
    frenchDecimal(sum((r) => r.missionExpensesCentimes)),
    frenchDecimal(sum((r) => r.totalCentimes)),
  ]);
  return toExcelCsv(PAYROLL_DEDUCTIONS_CSV_HEADERS, lines);
}
