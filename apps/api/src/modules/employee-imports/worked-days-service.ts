import {
  MAX_WORKED_DAYS,
  MAX_WORKED_HOURS,
  type TWorkedDaysUploadResponse,
  WORKED_DAYS_COLUMNS,
  type WorkedDaysColumn,
} from '@tasbiq/contracts/employee-imports';
import { ERROR_MESSAGES_FR } from '@tasbiq/contracts/error-codes';
import { isDrh } from '@tasbiq/contracts/roles';
import { normalizeCin } from '@tasbiq/contracts/validators';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { employeeWorkedTime } from '../../db/schema/employees.ts';
import { cellOf, mapColumns, parseFrenchDecimal } from '../../lib/csv.ts';
import { casablancaMonth } from '../../lib/time.ts';
import { columnSpecOf, readUploadedCsv, reportHeaderProblems, type UploadedCsv } from './csv-upload.ts';
import { employeesBySerialOrCin } from './queries.ts';
import { ImportRejected, ImportReport } from './report.ts';

const LABELS = Object.fromEntries(WORKED_DAYS_COLUMNS.map((c) => [c.name, c.label])) as Record<
  WorkedDaysColumn,
  string
>;

type Entry = { line: number; serial: string; cin: string; days: bigint; hours: bigint };

/** Hundredths → the numeric's text ("2250" → "22.50"). */
const hundredthsToText = (value: bigint) => `${value / 100n}.${String(value % 100n).padStart(2, '0')}`;

/**
 * POST /employees/wd/: worked days and hours of a month for employees named by matricule or CIN.
 * All rows valid → one upsert statement (a new upload for the month replaces the figures); any
 * row wrong → nothing written, ImportRejected with the report. Days go from 0 to 31: the balance
 * methods cap what they use at 26, but the file says what was worked.
 *
 * Worked time is money (balance methods 2 and 4): the uploader's own row, and a DRH's row when the
 * uploader is not a DRH, are skipped and listed in `skipped` (decision 025) — the monthly payroll
 * file names everybody, so refusing the whole file would only make HR edit it by hand.
 */
export async function uploadWorkedDays(
  ctx: Pick<AppContext, 'db'>,
  input: {
    companyId: number;
    uploadedBy: number;
    /** The uploader's roles: an RH's file may not set a DRH's figures. */
    uploaderRoles: readonly string[];
    file: UploadedCsv | null;
    month?: number;
    year?: number;
    /** When the upload is made: its Casablanca month is the default `month`/`year`. */
    at?: Date;
  },
): Promise<TWorkedDaysUploadResponse> {
  const table = readUploadedCsv(input.file, 'file');
  const now = casablancaMonth(input.at ?? new Date());
  const month = input.month ?? now.month;
  const year = input.year ?? now.year;

  const report = new ImportReport();
  const mapping = mapColumns(table.headers, columnSpecOf(WORKED_DAYS_COLUMNS));
  reportHeaderProblems(mapping, report, (key) => LABELS[key]);
  const has = (key: WorkedDaysColumn) => mapping.indexOf[key] !== undefined;
  if (!has('matricule') && !has('cin'))
    report.add(
      1,
      'matricule',
      'CSV_MISSING_COLUMNS',
      'Le fichier doit avoir une colonne « matricule » ou « cin ».',
    );
  if (!has('jours_travailles') && !has('heures_travaillees'))
    report.add(
      1,
      'jours_travailles',
      'CSV_MISSING_COLUMNS',
      'Le fichier doit avoir une colonne « jours_travailles » ou « heures_travaillees ».',
    );
  if (!report.isEmpty) throw new ImportRejected('UPLOAD_WD_FAILED', report.toReport(table.records));

  const entries: Entry[] = [];
  for (const record of table.records) {
    const { line } = record;
    const serial = cellOf(record, mapping, 'matricule');
    const cinRaw = cellOf(record, mapping, 'cin');
    const cin = cinRaw === '' ? '' : normalizeCin(cinRaw);
    if (serial === '' && cin === '') {
      report.add(
        line,
        has('matricule') ? 'matricule' : 'cin',
        'required',
        'le champ "Matricule" ou le champ "CIN" est obligatoire',
      );
    }
    const number = (column: 'jours_travailles' | 'heures_travaillees', max: number): bigint | null => {
      if (!has(column)) return 0n;
      const raw = cellOf(record, mapping, column);
      if (raw === '') {
        report.required(line, column, LABELS[column]);
        return null;
      }
      const value = parseFrenchDecimal(raw);
      if (value === null) {
        report.invalid(line, column, LABELS[column], raw);
        return null;
      }
      if (value < 0n) {
        report.add(
          line,
          column,
          'min_value',
          `${LABELS[column]} : la valeur ne peut pas être négative (« ${raw} »).`,
        );
        return null;
      }
      if (value > BigInt(max) * 100n) {
        report.add(line, column, 'max_value', `${LABELS[column]} : au plus ${max} (valeur lue « ${raw} »).`);
        return null;
      }
      return value;
    };
    const days = number('jours_travailles', MAX_WORKED_DAYS);
    const hours = number('heures_travaillees', MAX_WORKED_HOURS);
    if (days !== null && hours !== null && !report.hasErrorOn(line))
      entries.push({ line, serial, cin, days, hours });
  }

  const found = await employeesBySerialOrCin(
    ctx.db,
    input.companyId,
    [...new Set(entries.map((e) => e.serial).filter(Boolean))],
    [...new Set(entries.map((e) => e.cin).filter(Boolean))],
  );
  const bySerial = new Map(found.filter((e) => e.serial !== null).map((e) => [e.serial!, e.id]));
  const byCin = new Map<string, number | null>();
  for (const e of found) if (e.cin) byCin.set(e.cin, byCin.has(e.cin) ? null : e.id);
  const keyOf = new Map(found.map((e) => [e.id, e]));
  const uploaderIsDrh = isDrh(input.uploaderRoles);
  const skipped: TWorkedDaysUploadResponse['skipped'] = [];

  const resolved: Array<{ employeeId: number; entry: Entry }> = [];
  const firstLineOf = new Map<number, number>();
  for (const entry of entries) {
    const fromSerial = entry.serial ? bySerial.get(entry.serial) : undefined;
    const fromCin = entry.cin ? byCin.get(entry.cin) : undefined;
    if (entry.serial && fromSerial === undefined) {
      report.add(
        entry.line,
        'matricule',
        'EMPLOYEE_NOT_FOUND',
        `${ERROR_MESSAGES_FR.EMPLOYEE_NOT_FOUND} (« ${entry.serial} »)`,
      );
      continue;
    }
    if (entry.cin && (fromCin === undefined || fromCin === null) && !entry.serial) {
      report.add(
        entry.line,
        'cin',
        'EMPLOYEE_NOT_FOUND',
        `${ERROR_MESSAGES_FR.EMPLOYEE_NOT_FOUND} (« ${entry.cin} »)`,
      );
      continue;
    }
    if (entry.serial && entry.cin && fromCin !== fromSerial) {
      report.add(entry.line, 'cin', 'EMPLOYEE_MISMATCH');
      continue;
    }
    const employeeId = (fromSerial ?? fromCin)!;
    const first = firstLineOf.get(employeeId);
    if (first !== undefined) {
      report.add(
        entry.line,
        entry.serial ? 'matricule' : 'cin',
        'DUPLICATE_IN_FILE',
        `Ce salarié figure déjà à la ligne ${first} du fichier.`,
      );
      continue;
    }
    firstLineOf.set(employeeId, entry.line);
    const key = keyOf.get(employeeId)!;
    const protectedBy =
      key.userId === input.uploadedBy
        ? 'SELF_EDIT_FORBIDDEN'
        : isDrh(key.roles) && !uploaderIsDrh
          ? 'DRH_RECORD_PROTECTED'
          : null;
    if (protectedBy) {
      skipped.push({
        row: entry.line,
        column: entry.serial ? 'matricule' : 'cin',
        code: protectedBy,
        detail: ERROR_MESSAGES_FR[protectedBy]!,
      });
      continue;
    }
    resolved.push({ employeeId, entry });
  }
  if (!report.isEmpty) throw new ImportRejected('UPLOAD_WD_FAILED', report.toReport(table.records));

  // One statement whatever the number of rows: arrays unnested, then upserted.
  await ctx.db.execute(sql`
    insert into ${employeeWorkedTime}
      (company_id, employee_id, year, month, worked_days, worked_hours, uploaded_by, updated_at)
    select ${input.companyId}, v.employee_id, ${year}, ${month}, v.days, v.hours, ${input.uploadedBy}, now()
    from unnest(${sql.param(resolved.map((r) => r.employeeId))}::int[],
                ${sql.param(resolved.map((r) => hundredthsToText(r.entry.days)))}::numeric[],
                ${sql.param(resolved.map((r) => hundredthsToText(r.entry.hours)))}::numeric[])
      as v(employee_id, days, hours)
    on conflict (employee_id, year, month) do update set
      worked_days = excluded.worked_days,
      worked_hours = excluded.worked_hours,
      uploaded_by = excluded.uploaded_by,
      updated_at = now()`);
  return { updated: resolved.length, month, year, ignored_columns: mapping.unknown, skipped };
}
