import iconv from 'iconv-lite';
import Papa from 'papaparse';

/**
 * Reading and writing the CSV files HR people exchange with French Excel.
 *
 * French Excel saves "CSV (séparateur : point-virgule)" in Windows-1252 without BOM, "CSV UTF-8"
 * with a BOM, both with CRLF line ends and `;` between cells; other tools write `,` and UTF-8
 * without BOM. Dates are `dd/mm/yyyy`, decimals use a comma and thousands a (non-breaking) space:
 * "1 500,50". Everything here is pure: modules decide what a column means and which errors to
 * report.
 */

export type CsvEncoding = 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';
export type CsvSeparator = ';' | ',' | '\t';

/** One data record: its cells (trimmed) and the 1-based line of the file it starts on. */
export type CsvRecord = { line: number; cells: string[] };

export type CsvTable = {
  encoding: CsvEncoding;
  separator: CsvSeparator;
  /** Header cells as written (trimmed). */
  headers: string[];
  /** Data records, blank ones left out. The header is line 1. */
  records: CsvRecord[];
};

const UTF8_BOM = [0xef, 0xbb, 0xbf];

function startsWith(buffer: Uint8Array, bytes: readonly number[]): boolean {
  return bytes.every((byte, i) => buffer[i] === byte);
}

/**
 * Bytes → text. A BOM decides; otherwise valid UTF-8 is UTF-8 and anything else is taken as
 * Windows-1252 (every byte sequence is valid there, so this never fails). Pure ASCII reads the same
 * either way.
 */
export function decodeCsvBuffer(buffer: Uint8Array): { text: string; encoding: CsvEncoding } {
  if (startsWith(buffer, UTF8_BOM))
    return { text: new TextDecoder('utf-8').decode(buffer.subarray(3)), encoding: 'utf-8' };
  if (startsWith(buffer, [0xff, 0xfe]))
    return { text: new TextDecoder('utf-16le').decode(buffer.subarray(2)), encoding: 'utf-16le' };
  if (startsWith(buffer, [0xfe, 0xff]))
    return { text: new TextDecoder('utf-16be').decode(buffer.subarray(2)), encoding: 'utf-16be' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(buffer), encoding: 'utf-8' };
  } catch {
    return { text: iconv.decode(Buffer.from(buffer), 'win1252'), encoding: 'windows-1252' };
  }
}

const SIGNATURES: ReadonlyArray<{ bytes: readonly number[]; what: string }> = [
  { bytes: [0x25, 0x50, 0x44, 0x46], what: 'pdf' }, // %PDF
  { bytes: [0x50, 0x4b, 0x03, 0x04], what: 'zip' }, // xlsx, docx, odt…
  { bytes: [0x50, 0x4b, 0x05, 0x06], what: 'zip' }, // empty zip
  { bytes: [0xd0, 0xcf, 0x11, 0xe0], what: 'ole' }, // old .xls / .doc
  { bytes: [0x89, 0x50, 0x4e, 0x47], what: 'png' },
  { bytes: [0xff, 0xd8, 0xff], what: 'jpeg' },
  { bytes: [0x47, 0x49, 0x46, 0x38], what: 'gif' },
  { bytes: [0x1f, 0x8b], what: 'gzip' },
  { bytes: [0x7b, 0x5c, 0x72, 0x74, 0x66], what: 'rtf' }, // {\rtf
];

/**
 * Content sniffing: true when the bytes look like a text file (what a CSV is), false for a PDF,
 * an Excel workbook (.xlsx is a zip, .xls an OLE file), an image or other binary data. A renamed
 * `classeur.xlsx → classeur.csv` is refused here, not parsed into garbage. A NUL character
 * anywhere (in UTF-16 too) is refused as well: no text has one, and PostgreSQL cannot store it.
 */
export function looksLikeText(buffer: Uint8Array): boolean {
  if (SIGNATURES.some((s) => startsWith(buffer, s.bytes))) return false;
  if (startsWith(buffer, [0xff, 0xfe]) || startsWith(buffer, [0xfe, 0xff]))
    return !decodeCsvBuffer(buffer).text.includes('\u0000');
  if (buffer.includes(0)) return false;
  const sample = buffer.subarray(0, 8192);
  let control = 0;
  for (const byte of sample) {
    // Control characters other than tab, LF, CR and form feed do not occur in text.
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) control += 1;
  }
  return control <= sample.length * 0.01;
}

/** True for a file name ending in `.csv` (any case). */
export function hasCsvExtension(fileName: string | undefined | null): boolean {
  return typeof fileName === 'string' && /\.csv$/i.test(fileName.trim());
}

/** Counts a character outside double-quoted parts of a line. */
function countOutsideQuotes(line: string, char: string): number {
  let count = 0;
  let quoted = false;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === char) count += 1;
  }
  return count;
}

/**
 * The separator of the header line: the most frequent of `;`, `,` and tab. A tie (or a
 * single-column file) goes to `;`, what French Excel writes.
 */
export function detectSeparator(text: string): CsvSeparator {
  const firstLine = text.split(/\r\n|\n|\r/, 1)[0] ?? '';
  const candidates: CsvSeparator[] = [';', ',', '\t'];
  let best: CsvSeparator = ';';
  let bestCount = 0;
  for (const candidate of candidates) {
    const count = countOutsideQuotes(firstLine, candidate);
    if (count > bestCount) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}

/**
 * Text → header and records. Cells are trimmed; records whose cells are all blank (the empty
 * lines and `;;;;` rows Excel leaves at the end) are left out; each record keeps the line it starts
 * on, counting the newlines inside quoted cells, so a report can say "ligne 12" about the line the
 * person sees in a text editor (and, without multi-line cells, in Excel: row 12).
 */
export function parseCsvText(text: string, separator: CsvSeparator = detectSeparator(text)) {
  const result = Papa.parse<string[]>(text, { delimiter: separator, skipEmptyLines: false });
  const rows = result.data;
  let line = 1;
  let headers: string[] | null = null;
  const records: CsvRecord[] = [];
  for (const row of rows) {
    const cells = row.map((cell) => cell.trim());
    const startLine = line;
    for (const cell of row) line += countNewlines(cell);
    line += 1;
    if (cells.every((cell) => cell === '')) continue;
    if (headers === null) headers = cells;
    else records.push({ line: startLine, cells });
  }
  return { separator, headers: headers ?? [], records };
}

function countNewlines(cell: string): number {
  let count = 0;
  for (let i = 0; i < cell.length; i += 1) {
    const c = cell.charCodeAt(i);
    if (c === 0x0a) count += 1;
    else if (c === 0x0d && cell.charCodeAt(i + 1) !== 0x0a) count += 1;
  }
  return count;
}

/** Bytes of an uploaded file → table: encoding, separator, header, records. */
export function readCsv(buffer: Uint8Array): CsvTable {
  const { text, encoding } = decodeCsvBuffer(buffer);
  const { separator, headers, records } = parseCsvText(text);
  return { encoding, separator, headers, records };
}

/**
 * A header cell in a comparable form: lower case, accents removed, anything but letters and
 * digits turned into `_`. "Date de naissance", "date_naissance " and "DATE-DE-NAISSANCE" all give
 * "date_de_naissance"; "Prénom" gives "prenom"; "N° CIN" gives "n_cin".
 */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

export type ColumnSpec = { aliases: readonly string[]; required?: boolean };

export type ColumnMapping<K extends string> = {
  /** Index of each known column in the records, when present. */
  indexOf: Partial<Record<K, number>>;
  /** Required columns the header lacks. */
  missing: K[];
  /** Columns named twice (two header cells matching the same column). */
  duplicated: K[];
  /** Header cells that match no column, as written. */
  unknown: string[];
};

/**
 * Matches a header row to the columns a module knows, by normalised name against each column's
 * aliases (French and English names; normalise the aliases' spelling is not needed, they are
 * normalised here too).
 */
export function mapColumns<K extends string>(
  headers: readonly string[],
  spec: Record<K, ColumnSpec>,
): ColumnMapping<K> {
  const byAlias = new Map<string, K>();
  for (const key of Object.keys(spec) as K[]) {
    byAlias.set(normalizeHeader(key), key);
    for (const alias of spec[key].aliases) byAlias.set(normalizeHeader(alias), key);
  }
  const indexOf: Partial<Record<K, number>> = {};
  const duplicated = new Set<K>();
  const unknown: string[] = [];
  headers.forEach((header, index) => {
    if (header === '') return;
    const key = byAlias.get(normalizeHeader(header));
    if (key === undefined) unknown.push(header);
    else if (indexOf[key] !== undefined) duplicated.add(key);
    else indexOf[key] = index;
  });
  const missing = (Object.keys(spec) as K[]).filter(
    (key) => spec[key].required && indexOf[key] === undefined,
  );
  return { indexOf, missing, duplicated: [...duplicated], unknown };
}

/** The cell of a column in a record ('' when the column is absent or the record is short). */
export function cellOf<K extends string>(record: CsvRecord, mapping: ColumnMapping<K>, key: K): string {
  const index = mapping.indexOf[key];
  return index === undefined ? '' : (record.cells[index] ?? '');
}

/**
 * `dd/mm/yyyy` (also `d/m/yyyy`, with `-` or `.` between the parts, and ISO `yyyy-mm-dd`, which
 * Excel writes for cells formatted as such) → `YYYY-MM-DD`; null for anything else or a day that
 * does not exist (31/02/2026). Two-digit years are refused: 01/02/30 is 1930 or 2030.
 */
export function parseFrenchDate(text: string): string | null {
  const value = text.trim();
  let day: number;
  let month: number;
  let year: number;
  const french = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (french) {
    day = Number(french[1]);
    month = Number(french[2]);
    year = Number(french[3]);
  } else if (iso) {
    year = Number(iso[1]);
    month = Number(iso[2]);
    day = Number(iso[3]);
  } else {
    return null;
  }
  if (year < 1900 || year > 2100 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * A decimal number as French Excel (or anyone else) writes it, in hundredths: "1 500,50" →
 * 150050n, "1500.5" → 150050n, "1.500,50" → 150050n, "1,500.50" → 150050n, "26" → 2600n.
 * Spaces (also non-breaking ones) and a trailing "DH"/"MAD" are ignored. Null for anything that is
 * not a number or has more than two decimals ("0,125"). A lone comma is the French decimal mark,
 * so "1,500" is refused (three decimals) rather than guessed as one thousand five hundred.
 */
export function parseFrenchDecimal(text: string): bigint | null {
  let value = text
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/(?:dh|mad)$/i, '')
    .trim();
  if (value === '') return null;
  let sign = 1n;
  if (value.startsWith('-')) {
    sign = -1n;
    value = value.slice(1);
  } else if (value.startsWith('+')) {
    value = value.slice(1);
  }
  const lastComma = value.lastIndexOf(',');
  const lastDot = value.lastIndexOf('.');
  let integer: string;
  let fraction = '';
  if (lastComma >= 0 && lastDot >= 0) {
    // Both: the last one is the decimal mark, the other groups thousands ("1.500,50", "1,500.50").
    const decimalMark = lastComma > lastDot ? ',' : '.';
    const thousands = decimalMark === ',' ? '.' : ',';
    const parts = value.split(decimalMark);
    const [whole = '', decimals = ''] = parts;
    if (parts.length !== 2 || !/^\d{1,3}(?:[.,]\d{3})*$/.test(whole)) return null;
    integer = whole.split(thousands).join('');
    fraction = decimals;
  } else if (lastComma >= 0 || lastDot >= 0) {
    const mark = lastComma >= 0 ? ',' : '.';
    const parts = value.split(mark);
    if (parts.length === 2) {
      integer = parts[0] ?? '';
      fraction = parts[1] ?? '';
    } else if (/^\d{1,3}(?:[.,]\d{3})+$/.test(value) && mark === '.') {
      integer = parts.join(''); // "1.500.000": dots grouping thousands
    } else {
      return null;
    }
  } else {
    integer = value;
  }
  if (integer === '') integer = '0';
  if (!/^\d{1,13}$/.test(integer) || !/^\d{0,2}$/.test(fraction)) return null;
  return sign * (BigInt(integer) * 100n + BigInt(fraction.padEnd(2, '0')));
}

/** An amount in DH as written in a French file → centimes ("1 500,50" → 150050n). */
export const parseFrenchAmount = parseFrenchDecimal;

/** An integer cell ("3", " 10 ", "-1"); null for anything else ("3,5", "abc"). */
export function parseInteger(text: string): number | null {
  const value = text.replace(/[\s\u00a0\u202f]/g, '');
  if (!/^[-+]?\d{1,9}$/.test(value)) return null;
  return Number(value);
}

/**
 * A cell that a spreadsheet would read as a formula (`=`, `@`, or `+`/`-` not followed by a plain
 * number such as a phone or an amount) is prefixed with `'` so opening an export in Excel runs
 * nothing (OWASP "CSV injection").
 */
export function neutralizeFormula(cell: string): string {
  if (/^[=@\t\r]/.test(cell)) return `'${cell}`;
  if (/^[+-]/.test(cell) && !/^[+-][\d\s.,]*$/.test(cell)) return `'${cell}`;
  return cell;
}

/**
 * Rows → the CSV French Excel opens as columns with accents intact: UTF-8 with a BOM, `;`
 * between cells, CRLF line ends, quotes where needed, formulas neutralised.
 */
export function toExcelCsv(headers: readonly string[], rows: ReadonlyArray<ReadonlyArray<string>>): string {
  const body = Papa.unparse(
    { fields: [...headers], data: rows.map((row) => row.map(neutralizeFormula)) },
    { delimiter: ';', newline: '\r\n', quotes: false },
  );
  return `\uFEFF${body}\r\n`;
}

/** The header for a CSV download: `Content-Disposition` with an ASCII name. */
export function csvAttachmentHeaders(fileName: string): Record<string, string> {
  return {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`,
  };
}
