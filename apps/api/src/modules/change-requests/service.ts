import {
  CHANGE_REQUEST_ATTACHMENT_MAX_BYTES,
  CHANGE_REQUEST_MAX_ATTACHMENTS,
  type ChangeRequestField,
  type ChangeRequestStatus,
  type TChangeRequest,
} from '@tasbiq/contracts/change-requests';
import { ERROR_MESSAGES_FR } from '@tasbiq/contracts/error-codes';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { employees } from '../../db/schema/employees.ts';
import { changeRequestAttachments, changeRequests } from '../../db/schema/people.ts';
import { recordAudit } from '../../lib/employee-audit.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { centimesToWire, wireToCentimes } from '../../lib/money.ts';
import { sniffFileType, type UploadedFile } from '../../lib/multipart-form.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { toWireDateTime, toWireDateTimeOrNull } from '../../lib/time.ts';
import { isUniqueViolation } from '../auth/auth-errors.ts';
import { type AttachmentRow, type ChangeRequestView, findChangeRequest } from './queries.ts';

const STORAGE_PREFIX = 'change-requests';

const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

export function serializeChangeRequest(
  view: ChangeRequestView,
  attachments: AttachmentRow[],
): TChangeRequest {
  return {
    id: view.id,
    employee: {
      id: view.employeeId,
      first_name: view.employeeFirstName,
      last_name: view.employeeLastName,
      serial: view.employeeSerial,
    },
    field: view.field as ChangeRequestField,
    old_value: view.oldValue,
    new_value: view.newValue,
    description: view.description,
    status: view.status as ChangeRequestStatus,
    requested_by: { id: view.requestedBy, name: fullName(view.requesterFirstName, view.requesterLastName) },
    created: toWireDateTime(view.createdAt),
    decided_by:
      view.decidedBy === null
        ? null
        : { id: view.decidedBy, name: fullName(view.deciderFirstName, view.deciderLastName) },
    decided_at: toWireDateTimeOrNull(view.decidedAt),
    decision_comment: view.decisionComment,
    attachments: attachments.map((a) => ({
      id: a.id,
      file_name: a.fileName,
      content_type: a.contentType,
      size: a.sizeBytes,
      created: toWireDateTime(a.createdAt),
    })),
  };
}

/** The employee (of this company) with the identity fields a request may change; locked if asked. */
async function employeeForChange(tx: DbOrTx, companyId: number, employeeId: number, lock: boolean) {
  const query = tx
    .select({
      id: employees.id,
      userId: employees.userId,
      serial: employees.serial,
      rib: employees.rib,
      birthday: employees.birthday,
      salaryCentimes: employees.salaryCentimes,
      cin: users.cin,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: employees }) : await query;
  return row ?? null;
}
type EmployeeForChange = NonNullable<Awaited<ReturnType<typeof employeeForChange>>>;

function currentValue(employee: EmployeeForChange, field: ChangeRequestField): string | null {
  switch (field) {
    case 'cin':
      return employee.cin;
    case 'rib':
      return employee.rib;
    case 'first_name':
      return employee.firstName;
    case 'last_name':
      return employee.lastName;
    case 'birthday':
      return employee.birthday;
    case 'serial':
      return employee.serial;
    case 'salary':
      return centimesToWire(employee.salaryCentimes);
  }
}

/**
 * A CIN identifies one person on the whole platform (a national identity card), so it may not be
 * another account's. The advisory lock makes two approvals of the same new CIN wait for each other.
 */
async function assertCinFree(tx: DbOrTx, cin: string, userId: number, lock: boolean) {
  if (lock) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cin:${cin}`}))`);
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.cin, cin), ne(users.id, userId)))
    .limit(1);
  if (taken) throw lock ? new AppError('CIN_EXISTS') : fieldError('new_value', 'CIN_EXISTS');
}

/** A matricule is unique within a company (employees_company_serial_unique). */
async function assertSerialFree(
  tx: DbOrTx,
  companyId: number,
  serial: string,
  employeeId: number,
  atApply: boolean,
) {
  const [taken] = await tx
    .select({ id: employees.id })
    .from(employees)
    .where(
      and(eq(employees.companyId, companyId), eq(employees.serial, serial), ne(employees.id, employeeId)),
    )
    .limit(1);
  if (taken) throw atApply ? new AppError('SERIAL_EXISTS') : fieldError('new_value', 'SERIAL_EXISTS');
}

/** Checks each attachment by its content: PDF, PNG or JPEG only, and not over 10 MB. */
export function checkAttachments(files: UploadedFile[]) {
  if (files.length > CHANGE_REQUEST_MAX_ATTACHMENTS) throw fieldError('attachments', 'TOO_MANY_ATTACHMENTS');
  return files.map((file) => {
    if (file.data.length > CHANGE_REQUEST_ATTACHMENT_MAX_BYTES)
      throw fieldError('attachments', 'ATTACHMENT_TOO_LARGE');
    const type = sniffFileType(file.data);
    if (!type) throw fieldError('attachments', 'ATTACHMENT_INVALID_TYPE');
    // The name is only ever shown and sent back in Content-Disposition; keep it short and printable.
    const fileName = Array.from(
      file.filename.replace(/[\p{Cc}\\/]/gu, '_').trim() || `piece-jointe.${type.extension}`,
    )
      .slice(0, 200)
      .join('');
    return { ...file, ...type, fileName };
  });
}

/** Whether the employee already has a pending request on `field` (call with the employee row locked). */
async function hasPendingRequest(
  tx: DbOrTx,
  companyId: number,
  employeeId: number,
  field: ChangeRequestField,
) {
  const [pending] = await tx
    .select({ id: changeRequests.id })
    .from(changeRequests)
    .where(
      and(
        eq(changeRequests.companyId, companyId),
        eq(changeRequests.employeeId, employeeId),
        eq(changeRequests.field, field),
        eq(changeRequests.status, 'pending'),
      ),
    )
    .limit(1);
  return pending !== undefined;
}

/**
 * A salary raise too large to apply at once (decision 025), held as a change request inside the
 * caller's transaction (the employee row is already locked by the update). A pending salary
 * request already there answers CHANGE_REQUEST_PENDING on `salary`.
 */
export async function holdSalaryRaise(
  tx: DbOrTx,
  input: {
    companyId: number;
    employeeId: number;
    requestedBy: number;
    oldValue: string;
    newValue: string;
    description: string;
  },
): Promise<number> {
  if (await hasPendingRequest(tx, input.companyId, input.employeeId, 'salary'))
    throw fieldError('salary', 'CHANGE_REQUEST_PENDING');
  const [request] = await tx
    .insert(changeRequests)
    .values({ ...input, field: 'salary' })
    .returning({ id: changeRequests.id });
  return request!.id;
}

export type NewChangeRequest = {
  companyId: number;
  employeeId: number;
  requestedBy: number;
  field: ChangeRequestField;
  newValue: string;
  description: string;
  attachments: UploadedFile[];
};

/**
 * Records a request to change one identity or bank field of an employee, with its supporting
 * documents. The employee row is locked so two requests on the same field cannot both pass the
 * "already pending" check. Files are stored first and removed again if the request is refused.
 */
export async function createChangeRequest(
  ctx: { db: Db; storage: FileStorage },
  input: NewChangeRequest,
): Promise<number> {
  const files = checkAttachments(input.attachments);
  const employee = await employeeForChange(ctx.db, input.companyId, input.employeeId, false);
  if (!employee) throw notFound();

  const stored: string[] = [];
  try {
    for (const file of files)
      stored.push(await ctx.storage.put(file.data, { prefix: STORAGE_PREFIX, extension: file.extension }));
    return await ctx.db.transaction(async (tx) => {
      const locked = await employeeForChange(tx, input.companyId, input.employeeId, true);
      if (!locked) throw notFound();
      const oldValue = currentValue(locked, input.field);
      if (oldValue === input.newValue) throw fieldError('new_value', 'CHANGE_REQUEST_SAME_VALUE');
      if (input.field === 'cin') await assertCinFree(tx, input.newValue, locked.userId, false);
      if (input.field === 'serial')
        await assertSerialFree(tx, input.companyId, input.newValue, locked.id, false);

      if (await hasPendingRequest(tx, input.companyId, locked.id, input.field))
        throw new AppError('CHANGE_REQUEST_PENDING');

      const [request] = await tx
        .insert(changeRequests)
        .values({
          companyId: input.companyId,
          employeeId: locked.id,
          field: input.field,
          oldValue,
          newValue: input.newValue,
          description: input.description,
          requestedBy: input.requestedBy,
        })
        .returning({ id: changeRequests.id });
      if (files.length > 0) {
        await tx.insert(changeRequestAttachments).values(
          files.map((file, index) => ({
            companyId: input.companyId,
            changeRequestId: request!.id,
            storageKey: stored[index]!,
            fileName: file.fileName,
            contentType: file.contentType,
            sizeBytes: file.data.length,
          })),
        );
      }
      return request!.id;
    });
  } catch (error) {
    await Promise.all(stored.map((key) => ctx.storage.delete(key).catch(() => undefined)));
    throw error;
  }
}

/**
 * Writes an approved value where it lives: the account (CIN, names) or the employment record. A
 * RIB or a salary is money: its change goes into the audit trail with who asked and who approved.
 */
async function applyChange(
  tx: DbOrTx,
  companyId: number,
  request: { id: number; employeeId: number; field: string; newValue: string; requestedBy: number },
  deciderId: number,
) {
  const employee = await employeeForChange(tx, companyId, request.employeeId, true);
  if (!employee) throw notFound();
  const field = request.field as ChangeRequestField;
  const value = request.newValue;
  const now = new Date();
  if (field === 'rib' || field === 'salary')
    await recordAudit(
      tx,
      {
        companyId,
        employeeId: employee.id,
        changedBy: request.requestedBy,
        approvedBy: deciderId,
        changeRequestId: request.id,
        at: now,
      },
      [{ field, before: currentValue(employee, field), after: value }],
    );
  switch (field) {
    case 'cin':
      await assertCinFree(tx, value, employee.userId, true);
      await tx.update(users).set({ cin: value }).where(eq(users.id, employee.userId));
      break;
    case 'first_name':
      await tx.update(users).set({ firstName: value }).where(eq(users.id, employee.userId));
      break;
    case 'last_name':
      await tx.update(users).set({ lastName: value }).where(eq(users.id, employee.userId));
      break;
    case 'rib':
      await tx.update(employees).set({ rib: value, updatedAt: now }).where(eq(employees.id, employee.id));
      return;
    case 'birthday':
      await tx
        .update(employees)
        .set({ birthday: value, updatedAt: now })
        .where(eq(employees.id, employee.id));
      return;
    case 'salary':
      await tx
        .update(employees)
        .set({ salaryCentimes: wireToCentimes(value) as bigint, updatedAt: now })
        .where(eq(employees.id, employee.id));
      return;
    case 'serial':
      await assertSerialFree(tx, companyId, value, employee.id, true);
      try {
        await tx
          .update(employees)
          .set({ serial: value, updatedAt: now })
          .where(eq(employees.id, employee.id));
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('SERIAL_EXISTS');
        throw error;
      }
      return;
  }
  await tx.update(employees).set({ updatedAt: now }).where(eq(employees.id, employee.id));
}

export type Decision = { companyId: number; id: number; deciderId: number; comment: string | null };

/**
 * The DRH's decision. Checked in the order a person would explain it: unknown request (404), own
 * request or a request about one's own record (403: someone else must decide), already decided (400). The claim itself is one
 * `UPDATE … WHERE status = 'pending'`, so of two simultaneous decisions exactly one wins; an
 * approval applies the change in the same transaction, so a refused apply (CIN taken meanwhile)
 * leaves the request pending.
 */
export async function decideChangeRequest(
  db: Db,
  decision: Decision,
  outcome: Exclude<ChangeRequestStatus, 'pending'>,
): Promise<void> {
  const request = await findChangeRequest(db, decision.companyId, decision.id);
  if (!request) throw notFound();
  if (request.requestedBy === decision.deciderId)
    throw new AppError('permission_denied', { status: 403, detail: ERROR_MESSAGES_FR.CHANGE_REQUEST_OWN });
  // Nor about one's own record: a DRH does not approve their own RIB or salary (decision 025).
  if (request.employeeUserId === decision.deciderId)
    throw new AppError('permission_denied', {
      status: 403,
      detail: ERROR_MESSAGES_FR.CHANGE_REQUEST_ABOUT_SELF,
    });
  if (request.status !== 'pending') throw new AppError('CHANGE_REQUEST_NOT_PENDING');

  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(changeRequests)
      .set({
        status: outcome,
        decidedBy: decision.deciderId,
        decidedAt: sql`now()`,
        decisionComment: decision.comment,
      })
      .where(
        and(
          eq(changeRequests.companyId, decision.companyId),
          eq(changeRequests.id, decision.id),
          eq(changeRequests.status, 'pending'),
          ne(changeRequests.requestedBy, decision.deciderId),
        ),
      )
      .returning({
        id: changeRequests.id,
        employeeId: changeRequests.employeeId,
        field: changeRequests.field,
        newValue: changeRequests.newValue,
        requestedBy: changeRequests.requestedBy,
      });
    if (!claimed) throw new AppError('CHANGE_REQUEST_NOT_PENDING');
    if (outcome === 'approved') await applyChange(tx, decision.companyId, claimed, decision.deciderId);
  });
}
