/**
 * POST /bonuses/parse/ (issue 13): reads a CSV or .xlsx of `CIN or matricule; amount` and answers
 * the lines matched to active employees of the caller's company, ready to send as `amounts`,
 * and a row-by-row report of the others (unknown, inactive, duplicate, bad amount). Saves nothing.
 * Another company's employee is "unknown", exactly like a CIN nobody has.
 */
import {
  BONUS_FILE_ROW_ERROR_LABELS_FR,
  type TBonusFileParse,
  type TBonusFileRowError,
  type TBonusFileRowErrorCode,
} from '@tasbiq/contracts/bonuses';
import { BONUS_CAP } from '@tasbiq/contracts/constants';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { centimesToWire } from '../../lib/money.ts';
import { readSpreadsheet, UnreadableSpreadsheetError } from '../../lib/spreadsheet.ts';
import { readBonusFileLines } from './bonus-file.ts';
import { type CompanyEmployee, employeesByIdentifier } from './queries.ts';

export const BONUS_FILE_INVALID_DETAIL =
  'Le fichier n’est pas valide. Envoyez un fichier CSV ou Excel (.xlsx) de deux colonnes : CIN ou matricule, montant.';
export const BONUS_FILE_EMPTY_DETAIL = 'Le fichier ne contient aucune ligne.';

const invalidFile = (detail = BONUS_FILE_INVALID_DETAIL) =>
  new AppError('INVALID_FILE', { status: 400, attr: 'file', detail });

export async function parseBonusFile(db: DbOrTx, companyId: number, data: Buffer): Promise<TBonusFileParse> {
  let table: Awaited<ReturnType<typeof readSpreadsheet>>;
  try {
    table = await readSpreadsheet(data);
  } catch (error) {
    if (error instanceof UnreadableSpreadsheetError) throw invalidFile();
    throw error;
  }
  const lines = readBonusFileLines(table.rows);
  if (lines.length === 0) throw invalidFile(BONUS_FILE_EMPTY_DETAIL);
  if (lines.length > BONUS_CAP) throw new AppError('TOO_MANY_BONUSES', { status: 400 });

  const identifiers = lines.flatMap((line) => [line.identifier, line.serial].filter(Boolean));
  const employees = await employeesByIdentifier(db, companyId, identifiers);
  const byCin = new Map<string, CompanyEmployee>();
  const bySerial = new Map<string, CompanyEmployee>();
  for (const employee of employees) {
    if (employee.cin) byCin.set(employee.cin.toUpperCase(), employee);
    if (employee.serial) bySerial.set(employee.serial, employee);
  }
  // A CIN names one person on the platform; it wins over a matricule that happens to match.
  const find = (identifier: string) =>
    identifier ? (byCin.get(identifier.toUpperCase()) ?? bySerial.get(identifier) ?? null) : null;

  const matched: TBonusFileParse['matched'] = [];
  const report: TBonusFileRowError[] = [];
  const seen = new Set<number>();
  let total = 0n;
  const refuse = (line: (typeof lines)[number], code: TBonusFileRowErrorCode) =>
    report.push({
      line: line.line,
      identifier: line.identifier,
      amount: line.amountText,
      code,
      detail: BONUS_FILE_ROW_ERROR_LABELS_FR[code],
    });
  for (const line of lines) {
    if (!line.identifier) {
      refuse(line, 'missing_identifier');
      continue;
    }
    const employee = find(line.identifier) ?? find(line.serial);
    if (!employee) refuse(line, 'unknown_employee');
    else if (!employee.isActive) refuse(line, 'inactive_employee');
    else if (seen.has(employee.id)) refuse(line, 'duplicate');
    else if (line.amountCentimes === null) refuse(line, 'invalid_amount');
    else {
      seen.add(employee.id);
      total += line.amountCentimes;
      matched.push({
        line: line.line,
        employee: {
          id: employee.id,
          first_name: employee.firstName,
          last_name: employee.lastName,
          serial: employee.serial,
          cin: employee.cin,
        },
        amount: centimesToWire(line.amountCentimes),
      });
    }
  }
  return { format: table.format, rows: lines.length, matched, report, total_amount: centimesToWire(total) };
}
