import {
  EMPLOYEE_EXPORT_HEADER,
  EMPLOYEE_STATUS_LABELS_FR,
  type EmployeeStatus,
} from '@tasbiq/contracts/employees';
import Papa from 'papaparse';
import { centimesToWire } from '../../lib/money.ts';
import { casablancaDate } from '../../lib/time.ts';
import type { EmployeeListRow } from './queries.ts';

/**
 * Cells Excel would run as a formula (=, +, -, @, tab, CR at the start) get a leading apostrophe
 * (OWASP "CSV injection"). A phone "+212…" is only digits after the plus: left as it is.
 */
const FORMULA_START = /^(?!\+\d+$)[=+\-@\t\r]/;

/**
 * The employee list as French Excel opens it with a double click: UTF-8 with a BOM (else accents
 * break), `;` between cells (the French list separator), CRLF, amounts with a decimal comma.
 */
export function employeesCsv(rows: readonly EmployeeListRow[]): string {
  const data = rows.map((row) => [
    row.serial ?? '',
    row.lastName,
    row.firstName,
    row.cin ?? '',
    row.phone ?? '',
    row.email ?? '',
    row.groupName ?? '',
    EMPLOYEE_STATUS_LABELS_FR[row.status as EmployeeStatus] ?? row.status,
    centimesToWire(row.salaryCentimes).replace('.', ','),
  ]);
  const csv = Papa.unparse(
    { fields: [...EMPLOYEE_EXPORT_HEADER], data },
    { delimiter: ';', newline: '\r\n', quotes: false, escapeFormulae: FORMULA_START },
  );
  return `\uFEFF${csv}\r\n`;
}

export function exportFileName(now = new Date()): string {
  return `salaries-${casablancaDate(now)}.csv`;
}
