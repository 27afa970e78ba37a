import {
  EMPLOYEE_IMPORT_COLUMNS,
  type EmployeeImportColumn,
  type TEmployeeImportResponse,
} from '@tasbiq/contracts/employee-imports';
import { EMPLOYEE_DEFAULTS, ZCreateEmployeeRequest } from '@tasbiq/contracts/employees';
import { ERROR_MESSAGES_FR } from '@tasbiq/contracts/error-codes';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { employees } from '../../db/schema/employees.ts';
import {
  type CsvRecord,
  type CsvTable,
  cellOf,
  mapColumns,
  parseFrenchDate,
  parseFrenchDecimal,
} from '../../lib/csv.ts';
import { wireToCentimes } from '../../lib/money.ts';
import { toFieldIssues } from '../../lib/validation.ts';
import { columnSpecOf, readUploadedCsv, reportHeaderProblems, type UploadedCsv } from './csv-upload.ts';
import { type Invitee, issueActivationLinks, queueActivationSms } from './invitations.ts';
import {
  companyGroups,
  companyName,
  duplicatedCins,
  existingSerials,
  existingUserValues,
} from './queries.ts';
import { ImportRejected, ImportReport } from './report.ts';

type Column = EmployeeImportColumn;

const LABELS = Object.fromEntries(EMPLOYEE_IMPORT_COLUMNS.map((c) => [c.name, c.label])) as Record<
  Column,
  string
>;

/** The single-creation request field each column feeds (same schema, same rules: decision 012). */
const FIELD_OF: Record<Exclude<Column, 'groupe'>, string> = {
  matricule: 'serial',
  nom: 'last_name',
  prenom: 'first_name',
  cin: 'cin',
  telephone: 'phone',
  email: 'email',
  date_naissance: 'birthday',
  salaire: 'salary',
  taux_horaire: 'hourly_rate',
  net_a_payer: 'net_payable',
  rib: 'rib',
  pourcentage_avance: 'advance_percentage',
  avances_par_mois: 'max_advances_per_month',
  avances_gratuites: 'max_free_advances_per_month',
  plafond_mensuel: 'total_max_advance_per_month',
  methode_solde: 'balance_method',
};
const COLUMN_OF = Object.fromEntries(
  Object.entries(FIELD_OF).map(([column, field]) => [field, column]),
) as Record<string, Column>;

const AMOUNT_COLUMNS = ['salaire', 'taux_horaire', 'net_a_payer', 'plafond_mensuel'] as const;

const CHOICES: Partial<Record<Column, string>> = {
  pourcentage_avance: '10, 20, 30 … 100',
  avances_par_mois: '1 à 9, ou -1 pour illimité',
  methode_solde: '1, 2, 3 ou 4',
};

/** A row that passed every check, ready to insert. */
export type ValidEmployeeRow = {
  line: number;
  firstName: string;
  lastName: string;
  phone: string;
  email: string | null;
  cin: string;
  serial: string | null;
  groupId: number | null;
  salaryCentimes: bigint;
  hourlyRateCentimes: bigint | undefined;
  netPayableCentimes: bigint | undefined;
  rib: string | null;
  birthday: string | null;
  advancePercentage: number | undefined;
  maxAdvancesPerMonth: number | undefined;
  maxFreeAdvancesPerMonth: number | undefined;
  totalMaxAdvancePerMonthCentimes: bigint | undefined;
  balanceMethod: number | undefined;
};

/** Group names are matched exactly first, then without case, accents or extra spaces. */
const groupKey = (name: string) =>
  name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

function groupResolver(rows: ReadonlyArray<{ id: number; name: string }>) {
  const exact = new Map(rows.map((g) => [g.name, g.id]));
  const loose = new Map<string, number | null>();
  for (const g of rows) {
    const key = groupKey(g.name);
    loose.set(key, loose.has(key) ? null : g.id); // null: two groups differ only by case/accents
  }
  return (name: string): number | null => exact.get(name) ?? loose.get(groupKey(name)) ?? null;
}

/** One record → the create-employee request body, or errors in the report. */
function parseRecord(
  record: CsvRecord,
  cell: (column: Column) => string,
  resolveGroup: (name: string) => number | null,
  report: ImportReport,
): ValidEmployeeRow | null {
  const { line } = record;
  const body: Record<string, unknown> = { send_sms: false, send_email: false };
  // An empty cell is a field not given, as a form leaving it out: required → 'required', else default.
  for (const [column, field] of Object.entries(FIELD_OF) as Array<[Column, string]>) {
    const value = cell(column);
    if (value !== '') body[field] = value;
  }
  // Columns whose French format was already refused here: the schema's view of them is noise.
  const reported = new Set<Column>();

  const birthday = cell('date_naissance');
  if (birthday !== '') {
    const iso = parseFrenchDate(birthday);
    if (iso === null) {
      reported.add('date_naissance');
      report.add(
        line,
        'date_naissance',
        'INVALID_DATE_FORMAT',
        `${ERROR_MESSAGES_FR.INVALID_DATE_FORMAT} Valeur lue : « ${birthday.slice(0, 40)} ».`,
      );
    }
    body.birthday = iso ?? undefined;
  }
  for (const column of AMOUNT_COLUMNS) {
    const raw = cell(column);
    if (raw === '') continue;
    const hundredths = parseFrenchDecimal(raw);
    if (hundredths === null) {
      reported.add(column);
      report.invalid(line, column, LABELS[column], raw);
    } else {
      const abs = hundredths < 0n ? -hundredths : hundredths;
      body[FIELD_OF[column]] =
        `${hundredths < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
    }
  }
  let groupId: number | null = null;
  const groupName = cell('groupe');
  if (groupName !== '') {
    groupId = resolveGroup(groupName);
    if (groupId === null)
      report.add(
        line,
        'groupe',
        'GROUP_NOT_FOUND',
        `Groupe inconnu : « ${groupName.slice(0, 60)} ». Créez-le d'abord dans Groupes, ou laissez la case vide.`,
      );
  }

  const parsed = ZCreateEmployeeRequest.safeParse(body, { reportInput: true });
  if (!parsed.success) {
    const seen = new Set<Column>();
    for (const issue of toFieldIssues(parsed.error.issues)) {
      const column = COLUMN_OF[issue.attr];
      // One error per cell is enough to fix it.
      if (!column || reported.has(column) || seen.has(column)) continue;
      seen.add(column);
      reportIssue(report, line, column, issue.code, issue.detail, cell(column));
    }
    return null;
  }
  if (report.hasErrorOn(line)) return null;
  const v = parsed.data;
  const centimes = (amount: string | undefined) =>
    amount === undefined ? undefined : wireToCentimes(amount)!;
  return {
    line,
    firstName: v.first_name,
    lastName: v.last_name,
    phone: v.phone,
    email: v.email ?? null,
    cin: v.cin,
    serial: v.serial ?? null,
    groupId,
    salaryCentimes: centimes(v.salary)!,
    hourlyRateCentimes: centimes(v.hourly_rate),
    netPayableCentimes: centimes(v.net_payable),
    rib: v.rib ?? null,
    birthday: v.birthday ?? null,
    advancePercentage: v.advance_percentage,
    maxAdvancesPerMonth: v.max_advances_per_month,
    maxFreeAdvancesPerMonth: v.max_free_advances_per_month,
    totalMaxAdvancePerMonthCentimes: centimes(v.total_max_advance_per_month),
    balanceMethod: v.balance_method,
  };
}

function reportIssue(
  report: ImportReport,
  line: number,
  column: Column,
  code: string,
  detail: string,
  value: string,
) {
  const label = LABELS[column];
  switch (code) {
    case 'required':
    case 'blank':
    case 'null':
      return report.required(line, column, label);
    case 'invalid_choice':
      return report.add(
        line,
        column,
        'invalid_choice',
        `Valeur non autorisée pour « ${label} » : « ${value.slice(0, 20)} »${CHOICES[column] ? ` (valeurs possibles : ${CHOICES[column]})` : ''}.`,
      );
    case 'min_value':
      if (column === 'salaire' || column === 'plafond_mensuel')
        return report.add(
          line,
          column,
          'min_value',
          `${label} : ${ERROR_MESSAGES_FR.AMOUNT_MUST_BE_POSITIVE}`,
        );
      return report.add(line, column, code, `${label} : ${detail}`);
    case 'max_value':
    case 'max_length':
      return report.add(line, column, code, `${label} : ${detail}`);
    default:
      if (ERROR_MESSAGES_FR[code] && code !== 'invalid')
        return report.add(
          line,
          column,
          code,
          `${ERROR_MESSAGES_FR[code]} Valeur lue : « ${value.slice(0, 40)} ».`,
        );
      return report.invalid(line, column, label, value);
  }
}

/** Values seen twice in the file: the later lines are reported, naming the first one. */
/** "Le matricule « A12 » figure déjà à la ligne 2 du fichier.": each noun with its own agreement. */
const DUPLICATE_SUBJECT = {
  telephone: 'Le numéro de téléphone',
  cin: 'La CIN',
  email: "L'adresse e-mail",
  matricule: 'Le matricule',
} as const;

function reportDuplicates(
  rows: readonly ValidEmployeeRow[],
  report: ImportReport,
  column: keyof typeof DUPLICATE_SUBJECT,
  pick: (row: ValidEmployeeRow) => string | null,
) {
  const first = new Map<string, number>();
  for (const row of rows) {
    const value = pick(row);
    if (value === null) continue;
    const seen = first.get(value);
    if (seen === undefined) first.set(value, row.line);
    else
      report.add(
        row.line,
        column,
        'DUPLICATE_IN_FILE',
        `${DUPLICATE_SUBJECT[column]} « ${value} » figure déjà à la ligne ${seen} du fichier.`,
      );
  }
}

const EXISTS_CODE = {
  telephone: 'PHONE_EXISTS',
  email: 'EMAIL_EXISTS',
  cin: 'CIN_EXISTS',
  matricule: 'SERIAL_EXISTS',
} as const;

/**
 * Every check of a single creation, on every row, plus duplicates inside the file and identities
 * already in the database (one query per column). Returns the rows to insert, or the report.
 */
export async function validateEmployeeFile(
  db: DbOrTx,
  companyId: number,
  table: CsvTable,
): Promise<{ rows: ValidEmployeeRow[]; report: ImportReport; ignoredColumns: string[] }> {
  const report = new ImportReport();
  const mapping = mapColumns(table.headers, columnSpecOf(EMPLOYEE_IMPORT_COLUMNS));
  reportHeaderProblems(mapping, report, (key) => LABELS[key]);
  if (!report.isEmpty) return { rows: [], report, ignoredColumns: mapping.unknown };

  const resolveGroup = groupResolver(await companyGroups(db, companyId));
  const rows: ValidEmployeeRow[] = [];
  for (const record of table.records) {
    const row = parseRecord(record, (column) => cellOf(record, mapping, column), resolveGroup, report);
    if (row) rows.push(row);
  }

  reportDuplicates(rows, report, 'telephone', (r) => r.phone);
  reportDuplicates(rows, report, 'cin', (r) => r.cin);
  reportDuplicates(rows, report, 'email', (r) => r.email);
  reportDuplicates(rows, report, 'matricule', (r) => r.serial);

  const values = (pick: (r: ValidEmployeeRow) => string | null) => [
    ...new Set(rows.map(pick).filter((v): v is string => v !== null)),
  ];
  const [phones, emails, cins, serials] = await Promise.all([
    existingUserValues(
      db,
      'phone',
      values((r) => r.phone),
    ),
    existingUserValues(
      db,
      'email',
      values((r) => r.email),
    ),
    existingUserValues(
      db,
      'cin',
      values((r) => r.cin),
    ),
    existingSerials(
      db,
      companyId,
      values((r) => r.serial),
    ),
  ]);
  const exists: Array<[keyof typeof EXISTS_CODE, Set<string>, (r: ValidEmployeeRow) => string | null]> = [
    ['telephone', phones, (r) => r.phone],
    ['email', emails, (r) => r.email],
    ['cin', cins, (r) => r.cin],
    ['matricule', serials, (r) => r.serial],
  ];
  for (const row of rows) {
    for (const [column, found, pick] of exists) {
      const value = pick(row);
      if (value !== null && found.has(value))
        report.add(
          row.line,
          column,
          EXISTS_CODE[column],
          `${ERROR_MESSAGES_FR[EXISTS_CODE[column]]} (« ${value} »)`,
        );
    }
  }
  return { rows, report, ignoredColumns: mapping.unknown };
}

/** Rows per INSERT statement (each statement binds one array per column, whatever its size). */
const BATCH = 5000;

const texts = (values: ReadonlyArray<string | null>) => sql.param(values);
const bigints = (values: ReadonlyArray<bigint>) => sql.param(values.map(String));
const ints = (values: readonly number[]) => sql.param(values);

/**
 * Users then employees inside the caller's transaction, with `INSERT … SELECT FROM unnest($1,
 * $2, …)`: one array parameter per column instead of one parameter per cell. Drizzle's
 * multi-row `values()` with 1,000 rows × 15 columns spent most of a 10,000-row import building
 * and binding parameters (docs/decisions/012 has the figures). Empty optional cells take the
 * defaults a single creation gets (EMPLOYEE_DEFAULTS, the database's defaults).
 */
async function insertEmployees(tx: DbOrTx, companyId: number, rows: readonly ValidEmployeeRow[]) {
  const userIds: number[] = [];
  const defaultMax = wireToCentimes(EMPLOYEE_DEFAULTS.total_max_advance_per_month)!;
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const inserted = await tx.execute<{ id: number; phone: string }>(sql`
      insert into ${users} (email, phone, first_name, last_name, cin, company_id)
      select v.email, v.phone, v.first_name, v.last_name, v.cin, ${companyId}::int
      from unnest(${texts(batch.map((r) => r.email))}::text[], ${texts(batch.map((r) => r.phone))}::text[],
                  ${texts(batch.map((r) => r.firstName))}::text[], ${texts(batch.map((r) => r.lastName))}::text[],
                  ${texts(batch.map((r) => r.cin))}::text[])
        as v(email, phone, first_name, last_name, cin)
      returning id, phone`);
    // Match by phone (unique), not by position: RETURNING's order is not promised.
    const idByPhone = new Map(inserted.rows.map((u) => [u.phone, Number(u.id)]));
    const ids = batch.map((r) => idByPhone.get(r.phone)!);
    userIds.push(...ids);
    await tx.execute(sql`
      insert into ${employees} (company_id, user_id, group_id, serial, salary_centimes, hourly_rate_centimes,
        net_payable_centimes, rib, advance_percentage, max_advances_per_month, max_free_advances_per_month,
        total_max_advance_per_month_centimes, balance_method, birthday, status)
      select ${companyId}::int, v.*, 'invited'
      from unnest(${ints(ids)}::int[], ${sql.param(batch.map((r) => r.groupId))}::int[],
                  ${texts(batch.map((r) => r.serial))}::text[],
                  ${bigints(batch.map((r) => r.salaryCentimes))}::bigint[],
                  ${bigints(batch.map((r) => r.hourlyRateCentimes ?? 0n))}::bigint[],
                  ${bigints(batch.map((r) => r.netPayableCentimes ?? 0n))}::bigint[],
                  ${texts(batch.map((r) => r.rib))}::text[],
                  ${ints(batch.map((r) => r.advancePercentage ?? EMPLOYEE_DEFAULTS.advance_percentage))}::int[],
                  ${ints(batch.map((r) => r.maxAdvancesPerMonth ?? EMPLOYEE_DEFAULTS.max_advances_per_month))}::int[],
                  ${ints(batch.map((r) => r.maxFreeAdvancesPerMonth ?? EMPLOYEE_DEFAULTS.max_free_advances_per_month))}::int[],
                  ${bigints(batch.map((r) => r.totalMaxAdvancePerMonthCentimes ?? defaultMax))}::bigint[],
                  ${ints(batch.map((r) => r.balanceMethod ?? EMPLOYEE_DEFAULTS.balance_method))}::int[],
                  ${texts(batch.map((r) => r.birthday))}::date[])
        as v(user_id, group_id, serial, salary, hourly_rate, net_payable, rib, percentage, per_month,
             free_per_month, max_per_month, balance_method, birthday)`);
  }
  return userIds;
}

/** A concurrent writer took an identity of the file: the transaction is rolled back and the file checked again. */
class IdentityTaken extends Error {}

function isUniqueViolation(error: unknown): boolean {
  if (error instanceof IdentityTaken) return true;
  for (let e = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export type ImportEmployeesInput = {
  companyId: number;
  file: UploadedCsv | null;
  sendSms: boolean;
  log: FastifyBaseLogger;
};

/**
 * POST /employees/import/: every row valid → all inserted in one transaction, invited; any row
 * wrong → nothing written and ImportRejected with the report. With `send_sms`, the activation
 * tokens are created in the same transaction and the SMS sent after the commit.
 */
export async function importEmployees(
  ctx: AppContext,
  input: ImportEmployeesInput,
): Promise<TEmployeeImportResponse> {
  const table = readUploadedCsv(input.file, 'csvfile');
  const { rows, report, ignoredColumns } = await validateEmployeeFile(ctx.db, input.companyId, table);
  if (!report.isEmpty) throw new ImportRejected('BULK_UPLOAD_FAILED', report.toReport(table.records));

  let result: { userIds: number[]; tokens: Map<number, string> };
  try {
    result = await ctx.db.transaction(async (tx) => {
      const userIds = await insertEmployees(tx, input.companyId, rows);
      // Phones and e-mails have unique indexes; CINs do not: a CIN created meanwhile (and
      // committed) shows up here as a second account.
      if ((await duplicatedCins(tx, [...new Set(rows.map((r) => r.cin))])).length > 0)
        throw new IdentityTaken();
      const tokens = input.sendSms ? await issueActivationLinks(tx, userIds) : new Map<number, string>();
      return { userIds, tokens };
    });
  } catch (error) {
    // Someone else took a phone, e-mail or CIN between our check and our insert: check again, and
    // answer the report that now names the line (the transaction rolled back).
    if (!isUniqueViolation(error)) throw error;
    const again = await validateEmployeeFile(ctx.db, input.companyId, table);
    if (again.report.isEmpty) throw error;
    throw new ImportRejected('BULK_UPLOAD_FAILED', again.report.toReport(table.records));
  }

  let queued = 0;
  if (input.sendSms) {
    const name = await companyName(ctx.db, input.companyId);
    const invitees: Invitee[] = rows.map((row, i) => ({
      phone: row.phone,
      firstName: row.firstName,
      token: result.tokens.get(result.userIds[i]!)!,
    }));
    queueActivationSms(ctx, input.log, name, invitees);
    queued = invitees.length;
  }
  return { created: rows.length, ignored_columns: ignoredColumns, invitations_queued: queued };
}
