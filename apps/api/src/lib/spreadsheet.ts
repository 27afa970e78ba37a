import ExcelJS from 'exceljs';
import { type CsvRecord, decodeCsvBuffer, looksLikeText, parseCsvText } from './csv.ts';

/**
 * A table file HR people send: a CSV (French Excel's `;`, Windows-1252 or UTF-8, see csv.ts) or
 * an Excel workbook (.xlsx, read with exceljs: the first worksheet). Both come out as rows of
 * trimmed text cells with the line (row number) the person sees, so a module reads either the
 * same way. Numbers in .xlsx cells come out as JavaScript writes them ("1500", "1500.5"), which
 * parseFrenchDecimal reads; a formula gives its cached result.
 */
export type SpreadsheetFormat = 'csv' | 'xlsx';
export type SpreadsheetRows = { format: SpreadsheetFormat; rows: CsvRecord[] };

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

export class UnreadableSpreadsheetError extends Error {}

function isZip(buffer: Uint8Array): boolean {
  return ZIP_SIGNATURE.every((byte, i) => buffer[i] === byte);
}

/** One .xlsx cell value → text ('' for empty, the result of a formula, the text of rich text). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText))
      return value.richText.map((part) => part.text).join('');
    if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('error' in value) return '';
  }
  return '';
}

async function readXlsx(buffer: Uint8Array): Promise<CsvRecord[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(buffer) as unknown as ArrayBuffer);
  } catch {
    throw new UnreadableSpreadsheetError('Not a readable .xlsx workbook.');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: CsvRecord[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    for (let column = 1; column <= row.cellCount; column += 1)
      cells.push(cellText(row.getCell(column).value).trim());
    if (cells.some((cell) => cell !== '')) rows.push({ line: rowNumber, cells });
  });
  return rows;
}

/**
 * Bytes of an uploaded table → its rows (header included, as the first row). A zip is read as
 * .xlsx; text as CSV; anything else (PDF, image, old .xls) is refused.
 */
export async function readSpreadsheet(buffer: Uint8Array): Promise<SpreadsheetRows> {
  if (isZip(buffer)) return { format: 'xlsx', rows: await readXlsx(buffer) };
  if (!looksLikeText(buffer)) throw new UnreadableSpreadsheetError('Neither CSV text nor an .xlsx workbook.');
  const { text } = decodeCsvBuffer(buffer);
  const { headers, records } = parseCsvText(text);
  // parseCsvText sets the first non-blank record aside as the header; here it is a row like any.
  const firstLine = records.length > 0 ? Math.max(1, records[0]!.line - 1) : 1;
  const rows =
    headers.length > 0 ? [{ line: headerLine(text, firstLine), cells: headers }, ...records] : records;
  return { format: 'csv', rows };
}

/** The line of the header: the first line holding a non-blank cell (blank lines may come first). */
function headerLine(text: string, fallback: number): number {
  const lines = text.split(/\r\n|\n|\r/);
  const index = lines.findIndex((line) => line.replace(/[;,\t\s"]/g, '') !== '');
  return index >= 0 ? index + 1 : fallback;
}
