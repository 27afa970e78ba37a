import { type ImportColumn, MAX_IMPORT_ROWS } from '@tasbiq/contracts/employee-imports';
import { ERROR_MESSAGES_FR } from '@tasbiq/contracts/error-codes';
import {
  type ColumnMapping,
  type ColumnSpec,
  type CsvTable,
  hasCsvExtension,
  looksLikeText,
  readCsv,
} from '../../lib/csv.ts';
import type { UploadedCsv } from '../../lib/csv-form.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import type { ImportReport } from './report.ts';

export type { UploadedCsv } from '../../lib/csv-form.ts';

/**
 * The checks every CSV upload starts with: a file is there, it is named `.csv` AND its bytes are
 * text (a PDF, an Excel workbook or an image renamed `.csv` is refused: INVALID_FILE on the file's
 * field), it has a header and at least one row, and not more than MAX_IMPORT_ROWS.
 */
export function readUploadedCsv(file: UploadedCsv | null, attr: string): CsvTable {
  if (!file) throw fieldError(attr, 'required', ERROR_MESSAGES_FR.required);
  if (!hasCsvExtension(file.fileName) || !looksLikeText(file.data))
    throw fieldError(file.fieldName, 'INVALID_FILE');
  const table = readCsv(file.data);
  if (table.headers.length === 0 || table.records.length === 0) throw fieldError(file.fieldName, 'CSV_EMPTY');
  if (table.records.length > MAX_IMPORT_ROWS)
    throw new AppError('TOO_MANY_ROWS', { status: 400, attr: file.fieldName });
  return table;
}

/** Column specs for `mapColumns` from the contracts' column list. */
export function columnSpecOf<C extends ImportColumn>(columns: readonly C[]): Record<C['name'], ColumnSpec> {
  return Object.fromEntries(
    columns.map((c) => [c.name, { aliases: [...c.aliases, c.label], required: c.required }]),
  ) as unknown as Record<C['name'], ColumnSpec>;
}

/** Header problems on line 1: required columns missing, a column named twice. */
export function reportHeaderProblems<K extends string>(
  mapping: ColumnMapping<K>,
  report: ImportReport,
  labelOf: (key: K) => string,
): void {
  for (const key of mapping.missing)
    report.add(1, key, 'CSV_MISSING_COLUMNS', `Colonne obligatoire absente : « ${key} » (${labelOf(key)}).`);
  for (const key of mapping.duplicated)
    report.add(1, key, 'CSV_DUPLICATE_COLUMN', `La colonne « ${key} » figure plusieurs fois dans l'en-tête.`);
}
