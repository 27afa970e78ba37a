import {
  type ChangeRequestField,
  isLargeSalaryRaise,
  SALARY_RAISE_CONFIRMATION_PERCENT,
} from '@tasbiq/contracts/change-requests';
import type {
  EmployeeMoneyField,
  TCreateEmployeeRequest,
  TCreateEmployeeResponse,
  TEmployeeDetail,
  TEmployeeProfileUpdate,
  TPendingChange,
  TSendLinkResponse,
  TUpdateEmployeeRequest,
} from '@tasbiq/contracts/employees';
import { ERROR_MESSAGES_FR } from '@tasbiq/contracts/error-codes';
import { isDrh } from '@tasbiq/contracts/roles';
import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { employees } from '../../db/schema/employees.ts';
import { endAllSessions } from '../../lib/auth/login-sessions.ts';
import type { Session } from '../../lib/auth/session.ts';
import { recordAudit } from '../../lib/employee-audit.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { centimesToWire, wireToCentimes } from '../../lib/money.ts';
import {
  assertLinkNotSentRecently,
  issueLink,
  type LinkPurpose,
  sendLink,
} from '../../lib/password-links.ts';
import { casablancaMonth, toWireDateTime } from '../../lib/time.ts';
import { type FieldIssue, RequestValidationError } from '../../lib/validation.ts';
import { createAccount, type NewAccount } from '../accounts/service.ts';
import {
  announceContactChange,
  type ContactKind,
  pendingContactProposals,
  proposeContactChange,
} from '../auth/contact-change-service.ts';
import { findCurrentCard, findOrderOfCard } from '../cards/queries.ts';
import { serializeEmployeeCard } from '../cards/serialize.ts';
import { pendingRequestsOf } from '../change-requests/queries.ts';
import { holdSalaryRaise } from '../change-requests/service.ts';
import {
  type EmployeeRecord,
  findEmployee,
  findEmployeeIdOfUser,
  findWorkedTime,
  groupExists,
} from './queries.ts';
import { serializeDetail } from './serialize.ts';

export type NewEmployee = NewAccount & {
  companyId: number;
  employee?: Partial<Omit<typeof employees.$inferInsert, 'companyId' | 'userId'>>;
};

/** An employee is an account with a company plus its employment record, created together. */
export async function createEmployeeAccount(db: DbOrTx, input: NewEmployee) {
  const user = await createAccount(db, input);
  const [employee] = await db
    .insert(employees)
    .values({
      companyId: input.companyId,
      userId: user.id,
      status: input.password || input.passwordHash ? 'activated' : 'invited',
      ...input.employee,
    })
    .returning();
  return { user, employee: employee! };
}

// ---------------------------------------------------------------------------------------------
// Uniqueness of the identity: phone, e-mail and CIN across the platform, matricule within the
// company. Checked first to report every conflict at once; the unique indexes catch a concurrent
// writer between the check and the insert.

const UNIQUE_INDEX_ERRORS: Record<string, { attr: string; code: string }> = {
  users_phone_unique: { attr: 'phone', code: 'PHONE_EXISTS' },
  users_email_unique: { attr: 'email', code: 'EMAIL_EXISTS' },
  users_cin_unique: { attr: 'cin', code: 'CIN_EXISTS' },
  employees_company_serial_unique: { attr: 'serial', code: 'SERIAL_EXISTS' },
};

/** The unique index a PostgreSQL unique_violation (23505) names, through drizzle's `cause` chain. */
function violatedUniqueIndex(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth += 1) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

function issue(attr: string, code: string): FieldIssue {
  return fieldIssueOf(fieldError(attr, code));
}
function fieldIssueOf(error: AppError): FieldIssue {
  return { attr: error.attr ?? 'non_field_errors', code: error.code, detail: error.message };
}

async function identityConflicts(
  db: DbOrTx,
  companyId: number,
  input: { phone?: string; email?: string | null; cin?: string; serial?: string | null },
  exceptUserId?: number,
): Promise<FieldIssue[]> {
  const notSelf = exceptUserId === undefined ? undefined : ne(users.id, exceptUserId);
  const taken = async (condition: ReturnType<typeof eq>) =>
    (await db.select({ id: users.id }).from(users).where(and(condition, notSelf)).limit(1)).length > 0;
  const issues: FieldIssue[] = [];
  if (input.phone && (await taken(eq(users.phone, input.phone)))) issues.push(issue('phone', 'PHONE_EXISTS'));
  if (input.email && (await taken(eq(users.email, input.email)))) issues.push(issue('email', 'EMAIL_EXISTS'));
  if (input.cin && (await taken(eq(users.cin, input.cin)))) issues.push(issue('cin', 'CIN_EXISTS'));
  if (input.serial) {
    const [row] = await db
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.companyId, companyId), eq(employees.serial, input.serial)))
      .limit(1);
    if (row) issues.push(issue('serial', 'SERIAL_EXISTS'));
  }
  return issues;
}

/** Runs `write`; a unique index hit by a concurrent writer becomes the field's *_EXISTS error. */
async function withUniqueErrors<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const index = violatedUniqueIndex(error);
    const known = index === null ? undefined : UNIQUE_INDEX_ERRORS[index];
    if (known) throw fieldError(known.attr, known.code);
    throw error;
  }
}

function centimes(value: string): bigint {
  // The contract already checked the format; this cannot be null.
  return wireToCentimes(value) as bigint;
}

// ---------------------------------------------------------------------------------------------
// Read

export async function getEmployeeDetail(db: DbOrTx, companyId: number, employeeId: number) {
  const record = await findEmployee(db, companyId, employeeId);
  if (!record) throw notFound();
  return detailOf(db, record);
}

async function detailOf(db: DbOrTx, record: EmployeeRecord, at = new Date()): Promise<TEmployeeDetail> {
  const { year, month } = casablancaMonth(at);
  const { companyId, id } = record.employee;
  const [workedTime, requests, proposals, card] = await Promise.all([
    findWorkedTime(db, companyId, id, year, month),
    pendingRequestsOf(db, companyId, id),
    pendingContactProposals(db, record.user.id),
    findCurrentCard(db, companyId, id),
  ]);
  const pending: TPendingChange[] = requests.map((request) => ({
    field: request.field as ChangeRequestField,
    new_value: request.newValue,
    requested_by: {
      id: request.requestedBy,
      name: `${request.requesterFirstName} ${request.requesterLastName}`.trim(),
    },
    created: toWireDateTime(request.createdAt),
    awaiting: 'drh' as const,
    change_request_id: request.id,
  }));
  for (const proposal of proposals)
    pending.push({
      field: proposal.kind as ContactKind,
      new_value: proposal.newValue,
      requested_by: {
        id: proposal.proposedBy,
        name: `${proposal.proposerFirstName} ${proposal.proposerLastName}`.trim(),
      },
      created: toWireDateTime(proposal.createdAt),
      awaiting: 'employee',
      change_request_id: null,
    });
  const cardSummary = card
    ? serializeEmployeeCard(card, await findOrderOfCard(db, companyId, card.id))
    : null;
  return serializeDetail(record, workedTime, pending, cardSummary);
}

// ---------------------------------------------------------------------------------------------
// Create (invite)

/**
 * POST /employees/: the account (no password, phone not confirmed) and the employee (invited) in
 * one transaction with the activation link; the link is then sent by SMS and/or e-mail.
 */
export async function inviteEmployee(
  ctx: AppContext,
  companyId: number,
  input: TCreateEmployeeRequest,
): Promise<TCreateEmployeeResponse> {
  const { record, token } = await withUniqueErrors(() =>
    ctx.db.transaction(async (tx) => {
      const issues: FieldIssue[] = [];
      if (input.group != null && !(await groupExists(tx, companyId, input.group)))
        issues.push(issue('group', 'does_not_exist'));
      issues.push(...(await identityConflicts(tx, companyId, input)));
      if (issues.length > 0) throw new RequestValidationError(issues);

      const { employee, user } = await createEmployeeAccount(tx, {
        companyId,
        firstName: input.first_name,
        lastName: input.last_name,
        phone: input.phone,
        email: input.email ?? null,
        cin: input.cin,
        phoneConfirmed: false,
        employee: {
          status: 'invited',
          serial: input.serial ?? null,
          groupId: input.group ?? null,
          salaryCentimes: centimes(input.salary),
          hourlyRateCentimes: input.hourly_rate ? centimes(input.hourly_rate) : undefined,
          netPayableCentimes: input.net_payable ? centimes(input.net_payable) : undefined,
          rib: input.rib ?? null,
          birthday: input.birthday ?? null,
          advancePercentage: input.advance_percentage,
          maxAdvancesPerMonth: input.max_advances_per_month,
          maxFreeAdvancesPerMonth: input.max_free_advances_per_month,
          totalMaxAdvancePerMonthCentimes: input.total_max_advance_per_month
            ? centimes(input.total_max_advance_per_month)
            : undefined,
          balanceMethod: input.balance_method,
        },
      });
      const token = await issueLink(tx, user.id, 'activation');
      const record = await findEmployee(tx, companyId, employee.id);
      return { record: record!, token };
    }),
  );
  const invitation = await sendLink(ctx, {
    purpose: 'activation',
    token,
    recipient: { firstName: record.user.firstName, email: record.user.email, phone: record.user.phone },
    companyName: record.companyName,
    channels: { sms: input.send_sms, email: input.send_email },
  });
  return { ...(await detailOf(ctx.db, record)), invitation };
}

// ---------------------------------------------------------------------------------------------
// Separation of duties (decision 025)

/**
 * Only a DRH manages a DRH: an RH may read a DRH's record but not change it, send them a link or
 * deactivate them (the way to take over the account that approves bank changes).
 */
export function assertMayManage(session: Session, target: EmployeeRecord): void {
  if (isDrh(target.user.roles) && !isDrh(session.user.roles))
    throw new AppError('permission_denied', { status: 403, detail: ERROR_MESSAGES_FR.DRH_RECORD_PROTECTED });
}

type EmployeeRow = EmployeeRecord['employee'];

/** One money field a PUT really changes: its wire values before and after, and the column to set. */
export type MoneyChange = {
  field: EmployeeMoneyField;
  before: string;
  after: string;
  set: Partial<typeof employees.$inferInsert>;
};

/**
 * The money fields of `input` whose value differs from the record, in EMPLOYEE_MONEY_FIELDS order.
 * A field sent with its current value is not a change (the edit form sends every field).
 */
export function moneyChangesOf(input: TUpdateEmployeeRequest, employee: EmployeeRow): MoneyChange[] {
  const changes: MoneyChange[] = [];
  const amount = (
    field: EmployeeMoneyField,
    value: string | undefined,
    current: bigint,
    column:
      | 'salaryCentimes'
      | 'hourlyRateCentimes'
      | 'netPayableCentimes'
      | 'totalMaxAdvancePerMonthCentimes',
  ) => {
    if (value === undefined) return;
    const next = centimes(value);
    if (next !== current)
      changes.push({
        field,
        before: centimesToWire(current),
        after: centimesToWire(next),
        set: { [column]: next },
      });
  };
  const plain = <T extends number | boolean>(
    field: EmployeeMoneyField,
    value: T | undefined,
    current: T,
    column:
      | 'advancePercentage'
      | 'maxAdvancesPerMonth'
      | 'maxFreeAdvancesPerMonth'
      | 'balanceMethod'
      | 'isRestricted',
  ) => {
    if (value === undefined || value === current) return;
    changes.push({ field, before: String(current), after: String(value), set: { [column]: value } });
  };
  amount('salary', input.salary, employee.salaryCentimes, 'salaryCentimes');
  amount('hourly_rate', input.hourly_rate, employee.hourlyRateCentimes, 'hourlyRateCentimes');
  amount('net_payable', input.net_payable, employee.netPayableCentimes, 'netPayableCentimes');
  plain('advance_percentage', input.advance_percentage, employee.advancePercentage, 'advancePercentage');
  plain(
    'max_advances_per_month',
    input.max_advances_per_month,
    employee.maxAdvancesPerMonth,
    'maxAdvancesPerMonth',
  );
  plain(
    'max_free_advances_per_month',
    input.max_free_advances_per_month,
    employee.maxFreeAdvancesPerMonth,
    'maxFreeAdvancesPerMonth',
  );
  amount(
    'total_max_advance_per_month',
    input.total_max_advance_per_month,
    employee.totalMaxAdvancePerMonthCentimes,
    'totalMaxAdvancePerMonthCentimes',
  );
  plain('balance_method', input.balance_method, employee.balanceMethod, 'balanceMethod');
  plain('is_restricted', input.is_restricted, employee.isRestricted, 'isRestricted');
  return changes;
}

// ---------------------------------------------------------------------------------------------
// Update (HR)

type ContactAnnouncement = Parameters<typeof announceContactChange>[1];

async function lockEmployee(db: DbOrTx, companyId: number, employeeId: number) {
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)))
    .for('update');
  return row !== undefined;
}

/** The status an employee returns to when reactivated: activated once they chose a password. */
function reactivatedStatus(user: EmployeeRecord['user']): 'activated' | 'invited' {
  return user.passwordHash !== null ? 'activated' : 'invited';
}

/**
 * PUT /employees/{id}/: what HR may change directly. Deactivating sets the status and closes the
 * account (login refused with inactive_account); reactivating restores both. Identity and bank
 * fields are refused by the contract (CHANGE_REQUEST_REQUIRED). The route answers anything
 * unexpected as EMPLOYEE_UPDATE_DEFAULT_ERROR.
 */
export async function updateEmployee(
  ctx: AppContext,
  session: Session,
  employeeId: number,
  input: TUpdateEmployeeRequest,
): Promise<TEmployeeDetail> {
  const companyId = session.company!.id;
  const { record, announcements } = await withUniqueErrors(() =>
    ctx.db.transaction(async (tx) => {
      if (!(await lockEmployee(tx, companyId, employeeId))) throw notFound();
      const current = (await findEmployee(tx, companyId, employeeId))!;
      assertMayManage(session, current);
      const { employee, user } = current;
      const isSelf = user.id === session.user.id;
      const moneyChanges = moneyChangesOf(input, employee);

      const issues: FieldIssue[] = [];
      if (input.group != null && !(await groupExists(tx, companyId, input.group)))
        issues.push(issue('group', 'does_not_exist'));
      if (input.is_active === false && isSelf) issues.push(issue('is_active', 'CANNOT_DEACTIVATE_SELF'));
      // Nobody changes their own pay or limits: another HR person does (decision 025).
      if (isSelf) for (const change of moneyChanges) issues.push(issue(change.field, 'SELF_EDIT_FORBIDDEN'));
      const givenPhone = input.phone !== undefined && input.phone !== user.phone ? input.phone : undefined;
      const givenEmail = input.email !== undefined && input.email !== user.email ? input.email : undefined;
      issues.push(
        ...(await identityConflicts(tx, companyId, { phone: givenPhone, email: givenEmail }, user.id)),
      );
      if (issues.length > 0) throw new RequestValidationError(issues);

      // Contacts (decision 025). Someone who never chose a password takes them at once (HR's
      // invitation is their way in). For anyone else a new phone or e-mail is only proposed: the
      // person confirms it, logged in, with a code sent to it; until then every code and reset
      // link goes to the contacts they confirmed. Removing an e-mail gives no one a way in: applied.
      const direct = user.passwordHash === null;
      const newPhone = direct ? givenPhone : undefined;
      const newEmail = direct || givenEmail === null ? givenEmail : undefined;
      const announcements: ContactAnnouncement[] = [];
      for (const [kind, given, applied] of [
        ['phone', givenPhone, newPhone],
        ['email', givenEmail, newEmail],
      ] as const) {
        if (given === undefined) continue;
        if (applied === undefined)
          await proposeContactChange(tx, {
            companyId,
            userId: user.id,
            kind,
            value: given!,
            proposedBy: session.user.id,
            at: new Date(),
          });
        announcements.push({
          kind,
          value: given,
          applied: applied !== undefined,
          companyName: current.companyName,
          firstName: user.firstName,
          old: { phone: user.phone, email: user.email },
        });
      }

      // A large raise is not applied: it waits for a DRH other than its author (decision 025).
      const salary = moneyChanges.find((change) => change.field === 'salary');
      const held =
        salary && isLargeSalaryRaise(employee.salaryCentimes, centimes(salary.after)) ? salary : undefined;
      if (held)
        await holdSalaryRaise(tx, {
          companyId,
          employeeId: employee.id,
          requestedBy: session.user.id,
          oldValue: held.before,
          newValue: held.after,
          description:
            `Augmentation du salaire de ${held.before} DH à ${held.after} DH (plus de ` +
            `${SALARY_RAISE_CONFIRMATION_PERCENT} %), saisie sur la fiche du salarié : ` +
            "elle attend la confirmation d'un DRH.",
        });
      const applied = moneyChanges.filter((change) => change !== held);

      const now = new Date();
      const employeeChanges: Partial<typeof employees.$inferInsert> = { updatedAt: now };
      for (const change of applied) Object.assign(employeeChanges, change.set);
      if (input.group !== undefined) employeeChanges.groupId = input.group;

      const userChanges: Partial<typeof users.$inferInsert> = {};
      if (input.is_active !== undefined && input.is_active !== employee.isActive) {
        employeeChanges.isActive = input.is_active;
        employeeChanges.status = input.is_active ? reactivatedStatus(user) : 'deactivated';
        userChanges.isActive = input.is_active;
      }
      if (newPhone !== undefined) {
        userChanges.phone = newPhone;
        // A new number must be confirmed by its owner at the next login.
        userChanges.phoneConfirmedAt = null;
      }
      if (newEmail !== undefined) userChanges.email = newEmail;

      await tx.update(employees).set(employeeChanges).where(eq(employees.id, employee.id));
      await recordAudit(
        tx,
        { companyId, employeeId: employee.id, changedBy: session.user.id, at: now },
        applied.map((change) => ({ field: change.field, before: change.before, after: change.after })),
      );
      if (Object.keys(userChanges).length > 0)
        await tx.update(users).set(userChanges).where(eq(users.id, user.id));
      // A new login name ends the sessions opened with the old one (decision 026); HR editing
      // their own record keeps the session they are using.
      if (newPhone !== undefined || newEmail !== undefined)
        await endAllSessions(tx, user.id, {
          reason: 'contact_change',
          exceptSessionId: user.id === session.user.id ? session.sessionId : undefined,
        });
      return { record: (await findEmployee(tx, companyId, employeeId))!, announcements };
    }),
  );
  for (const announcement of announcements) await announceContactChange(ctx, announcement);
  return detailOf(ctx.db, record);
}

// ---------------------------------------------------------------------------------------------
// The employee's own profile

/** POST /employees/profile/: an employee changes their e-mail; identity, bank and pay stay with HR. */
export async function updateOwnProfile(
  ctx: AppContext,
  session: Session,
  input: TEmployeeProfileUpdate,
): Promise<TEmployeeDetail> {
  const companyId = session.company!.id;
  const employeeId = await findEmployeeIdOfUser(ctx.db, companyId, session.user.id);
  if (employeeId === null) throw notFound();
  if (input.email !== undefined && input.email !== session.user.email) {
    const email = input.email;
    await withUniqueErrors(() =>
      ctx.db.transaction(async (tx) => {
        const issues = await identityConflicts(tx, companyId, { email }, session.user.id);
        if (issues.length > 0) throw new RequestValidationError(issues);
        await tx.update(users).set({ email }).where(eq(users.id, session.user.id));
        await tx.update(employees).set({ updatedAt: new Date() }).where(eq(employees.id, employeeId));
      }),
    );
  }
  return getEmployeeDetail(ctx.db, companyId, employeeId);
}

// ---------------------------------------------------------------------------------------------
// Links sent by HR

const LINK_RULES: Record<LinkPurpose, { allowed: (r: EmployeeRecord) => boolean; code: string }> = {
  activation: {
    allowed: (r) => r.employee.status === 'invited' && r.user.isActive,
    code: 'EMPLOYEE_NOT_INVITED',
  },
  reset: {
    allowed: (r) => r.employee.status === 'activated' && r.user.isActive && r.user.passwordHash !== null,
    code: 'EMPLOYEE_NOT_ACTIVATED',
  },
};

/**
 * POST /employees/{id}/send_activation_link/ (invited only) and /reset_password/ (activated only).
 * The e-mail goes whenever the person has an address; the SMS when `send_sms` is true.
 */
export async function sendEmployeeLink(
  ctx: AppContext,
  session: Session,
  employeeId: number,
  purpose: LinkPurpose,
  sendSms: boolean,
): Promise<TSendLinkResponse> {
  const companyId = session.company!.id;
  const { record, token } = await ctx.db.transaction(async (tx) => {
    if (!(await lockEmployee(tx, companyId, employeeId))) throw notFound();
    const record = (await findEmployee(tx, companyId, employeeId))!;
    assertMayManage(session, record);
    const rule = LINK_RULES[purpose];
    if (!rule.allowed(record)) throw new AppError(rule.code, { status: 400 });
    if (!sendSms && !record.user.email) throw fieldError('send_sms', 'EMPLOYEE_HAS_NO_EMAIL');
    // A reset link goes by SMS only to a phone its owner confirmed (decision 025).
    if (purpose === 'reset' && !record.user.email && record.user.phoneConfirmedAt === null)
      throw new AppError('EMPLOYEE_NO_CONFIRMED_CONTACT', { status: 400 });
    await assertLinkNotSentRecently(tx, record.user.id, purpose);
    return { record, token: await issueLink(tx, record.user.id, purpose) };
  });
  const { user } = record;
  const phone = purpose === 'reset' && user.phoneConfirmedAt === null ? null : user.phone;
  const sent = await sendLink(ctx, {
    purpose,
    token,
    recipient: { firstName: user.firstName, email: user.email, phone },
    companyName: record.companyName,
    channels: { sms: sendSms, email: true },
  });
  const channels = (['sms', 'email'] as const).filter((channel) => sent[channel]);
  if (channels.length === 0)
    throw new AppError('UNKNOWN_ERROR', {
      status: 502,
      detail: "L'envoi du lien a échoué, veuillez réessayer.",
    });
  const what = purpose === 'activation' ? "Le lien d'activation" : 'Le lien de réinitialisation';
  const how = channels.map((c) => (c === 'sms' ? 'SMS' : 'e-mail')).join(' et par ');
  return { detail: `${what} a été envoyé par ${how}.`, channels };
}
