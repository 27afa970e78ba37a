import { EMPLOYEE_IMPORT_COLUMNS, WORKED_DAYS_COLUMNS } from '@tasbiq/contracts/employee-imports';
import { ribKey } from '@tasbiq/contracts/validators';
import { toExcelCsv } from '../../lib/csv.ts';

/** A RIB with a correct key, so the example row passes as it is. */
const EXAMPLE_RIB_PREFIX = '0117800000123456789012';
const EXAMPLE_RIB = `${EXAMPLE_RIB_PREFIX}${ribKey(EXAMPLE_RIB_PREFIX)}`;

/** GET /employees/import/template: the header and one example row, as French Excel opens it. */
export function employeeImportTemplate(): string {
  return toExcelCsv(
    EMPLOYEE_IMPORT_COLUMNS.map((c) => c.name),
    [EMPLOYEE_IMPORT_COLUMNS.map((c) => (c.name === 'rib' ? EXAMPLE_RIB : c.example))],
  );
}

/** GET /employees/wd/template */
export function workedDaysTemplate(): string {
  return toExcelCsv(
    WORKED_DAYS_COLUMNS.map((c) => c.name),
    [WORKED_DAYS_COLUMNS.map((c) => (c.name === 'cin' ? '' : c.example))],
  );
}
