import { ERROR_MESSAGES_FR, formatTemplate, VALIDATION_MESSAGES_FR } from '@tasbiq/contracts/error-codes';
import {
  SERIAL_MAX_LENGTH,
  SIGNUP_IDENTITIES_MAX,
  type TIdentityPreviewRow,
  type TIdentityRowError,
} from '@tasbiq/contracts/signup';
import type { DbOrTx } from '../../db/client.ts';
import {
  type CsvRecord,
  cellOf,
  hasCsvExtension,
  looksLikeText,
  mapColumns,
  parseFrenchDate,
  readCsv,
} from '../../lib/csv.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import type { UploadedFile } from '../../lib/multipart-form.ts';
import { serialKey, takenSerialKeys } from './identities-queries.ts';

/**
 * The rules one identity row must pass, shared by the file preview and the bulk creation:
 * matricule and birthday present, the birthday a real past day, the matricule once in the file
 * and not already an identity or an employee's matricule in the company (compared without case).
 */
const IDENTITY_COLUMNS = {
  serial: { aliases: ['matricule', 'n_matricule', 'numero_matricule', 'mat'], required: true },
  birthday: {
    aliases: ['date_naissance', 'date_de_naissance', 'naissance', 'birth_date', 'birthdate', 'date_naiss'],
    required: true,
  },
} as const;

const LABELS = { serial: 'matricule', birthday: 'date de naissance' } as const;

function rowError(code: string, attr: keyof typeof LABELS | null, detail?: string): TIdentityRowError {
  return { code, attr, detail: detail ?? ERROR_MESSAGES_FR[code] ?? code };
}

const today = () => new Date().toISOString().slice(0, 10);

/** Checks what one row says on its own; the birthday comes back as an ISO day when readable. */
function checkCells(row: number, serialText: string, birthdayText: string): TIdentityPreviewRow {
  const errors: TIdentityRowError[] = [];
  const serial = serialText.trim();
  if (!serial)
    errors.push(
      rowError('required', 'serial', formatTemplate(VALIDATION_MESSAGES_FR.required, LABELS.serial)),
    );
  else if (serial.length > SERIAL_MAX_LENGTH)
    errors.push(
      rowError('max_length', 'serial', `Le matricule ne doit pas dépasser ${SERIAL_MAX_LENGTH} caractères.`),
    );

  let birthday: string | null = null;
  const text = birthdayText.trim();
  if (!text) {
    errors.push(
      rowError('required', 'birthday', formatTemplate(VALIDATION_MESSAGES_FR.required, LABELS.birthday)),
    );
  } else {
    birthday = parseFrenchDate(text);
    if (!birthday)
      errors.push(
        rowError('INVALID_DATE_FORMAT', 'birthday', `« ${text} » n'est pas une date valide (jj/mm/aaaa).`),
      );
    else if (birthday > today()) {
      errors.push(
        rowError('INVALID_DATE_FORMAT', 'birthday', `La date de naissance « ${text} » est dans le futur.`),
      );
    }
  }
  return { row, serial, birthday, errors };
}

/** "la ligne 4" / "les lignes 4, 9" in a file; positions (1-based) in a bulk list. */
function elsewhere(rows: number[], source: RowSource): string {
  const numbers = source === 'file' ? rows : rows.map((index) => index + 1);
  const noun = source === 'file' ? 'ligne' : 'position';
  return numbers.length === 1 ? `la ${noun} ${numbers[0]}` : `les ${noun}s ${numbers.join(', ')}`;
}

/** Where rows come from: `row` is a file line, or an index in the bulk list. */
export type RowSource = 'file' | 'list';

/**
 * Adds the errors that need the other rows and the database: a matricule written twice (every
 * occurrence is flagged, since which one is right cannot be guessed) and one already taken.
 */
export async function checkAgainstCompany(
  db: DbOrTx,
  companyId: number,
  rows: TIdentityPreviewRow[],
  source: RowSource,
): Promise<TIdentityPreviewRow[]> {
  const rowsByKey = new Map<string, number[]>();
  for (const row of rows) {
    if (!row.serial) continue;
    const key = serialKey(row.serial);
    rowsByKey.set(key, [...(rowsByKey.get(key) ?? []), row.row]);
  }
  const taken = await takenSerialKeys(db, companyId, [...rowsByKey.keys()]);
  for (const row of rows) {
    if (!row.serial) continue;
    const key = serialKey(row.serial);
    const others = (rowsByKey.get(key) ?? []).filter((line) => line !== row.row);
    if (others.length > 0)
      row.errors.push(
        rowError(
          'DUPLICATE_IN_FILE',
          'serial',
          `Le matricule « ${row.serial} » figure aussi sur ${elsewhere(others, source)}.`,
        ),
      );
    const by = taken.get(key);
    if (by)
      row.errors.push(
        rowError(
          'IDENTITY_EXISTS',
          'serial',
          by === 'employee'
            ? `Un salarié a déjà le matricule « ${row.serial} ».`
            : `Une identité avec le matricule « ${row.serial} » existe déjà.`,
        ),
      );
  }
  return rows;
}

/** A file to preview: a CSV by name and by content (a renamed .xlsx or a PDF is not). */
function assertCsvFile(file: UploadedFile | undefined): asserts file is UploadedFile {
  if (!file) throw fieldError('file', 'required');
  if (!hasCsvExtension(file.filename) || !looksLikeText(file.data)) throw fieldError('file', 'INVALID_FILE');
}

/** CSV bytes → the rows it holds, each checked on its own (1-based file lines, header = line 1). */
export function rowsOfFile(file: UploadedFile | undefined): TIdentityPreviewRow[] {
  assertCsvFile(file);
  const table = readCsv(file.data);
  const mapping = mapColumns(table.headers, IDENTITY_COLUMNS);
  if (mapping.missing.length > 0)
    throw new AppError('CSV_MISSING_COLUMNS', {
      attr: 'file',
      detail: `Colonnes manquantes : ${mapping.missing.map((key) => IDENTITY_CSV_HEADER_OF[key]).join(', ')}.`,
    });
  if (table.records.length === 0) throw new AppError('CSV_EMPTY', { attr: 'file' });
  if (table.records.length > SIGNUP_IDENTITIES_MAX)
    throw new AppError('TOO_MANY_IDENTITIES', { attr: 'file' });
  return table.records.map((record: CsvRecord) =>
    checkCells(record.line, cellOf(record, mapping, 'serial'), cellOf(record, mapping, 'birthday')),
  );
}

const IDENTITY_CSV_HEADER_OF = { serial: 'matricule', birthday: 'date_naissance' } as const;

/** Rows sent to the bulk call (already in the contract's shape); `row` is the list index. */
export function rowsOfList(identities: { serial: string; birthday: string }[]): TIdentityPreviewRow[] {
  return identities.map((identity, index) => ({
    row: index,
    serial: identity.serial.trim(),
    birthday: identity.birthday,
    errors: [],
  }));
}
