import { MAX_IMPORT_ROWS } from '@tasbiq/contracts/employee-imports';
import { CIN_RE, normalizeCin } from '@tasbiq/contracts/validators';
import { hasCsvExtension, looksLikeText, normalizeHeader, readCsv } from '../../lib/csv.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { ImportReport } from '../employee-imports/report.ts';

/** Header names of the CIN column when the file has a header (or several columns). */
const CIN_HEADERS = new Set([
  'cin',
  'n_cin',
  'no_cin',
  'numero_cin',
  'num_cin',
  'cni',
  'cnie',
  'carte_nationale',
]);

export type MemberLine = { line: number; cin: string };

/**
 * The members file of a group (spec §3 "employees file (CSV of CIN)"): one CIN per line, with or
 * without a header, `;` or `,`, any of French Excel's encodings. A first line without any digit is
 * a header (a CIN always has digits); when it names a CIN column among several, that column is
 * read, otherwise the first one. Format errors go into `report`, by line; the same CIN twice is
 * harmless (the person moves once).
 */
export function readMembersFile(file: { fileName: string; data: Buffer }, attr = 'file') {
  if (!hasCsvExtension(file.fileName) || !looksLikeText(file.data)) throw fieldError(attr, 'INVALID_FILE');
  const table = readCsv(file.data);
  const firstLine = table.headers;
  const isHeader = firstLine.length > 0 && !firstLine.some((cell) => /\d/.test(cell));
  const column = isHeader
    ? Math.max(
        0,
        firstLine.findIndex((cell) => CIN_HEADERS.has(normalizeHeader(cell))),
      )
    : 0;
  const records =
    isHeader || firstLine.length === 0 ? table.records : [{ line: 1, cells: firstLine }, ...table.records];
  if (records.length === 0) throw fieldError(attr, 'CSV_EMPTY');
  if (records.length > MAX_IMPORT_ROWS) throw new AppError('TOO_MANY_ROWS', { status: 400, attr });

  const report = new ImportReport();
  const lines: MemberLine[] = [];
  for (const record of records) {
    const raw = record.cells[column] ?? '';
    if (raw === '') {
      report.required(record.line, 'cin', 'CIN');
      continue;
    }
    const cin = normalizeCin(raw);
    if (!CIN_RE.test(cin)) {
      report.add(
        record.line,
        'cin',
        'INVALID_CIN',
        `Le numéro de CIN « ${raw.slice(0, 30)} » n'est pas valide.`,
      );
      continue;
    }
    lines.push({ line: record.line, cin });
  }
  return { lines, report, read: records };
}
