import type { AuditedField, TEmployeeAuditEntry } from '@tasbiq/contracts/employees';
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/accounts.ts';
import { employeeAuditEntries } from '../db/schema/audit.ts';
import { toWireDateTime } from './time.ts';

/**
 * The audit trail of an employee's money fields and RIB (decision 025). Written by whoever
 * changes them — the HR edit, the approval of a change request — inside their own transaction,
 * so a change and its trace are saved together or not at all.
 */
export type AuditChange = { field: AuditedField; before: string | null; after: string | null };

export async function recordAudit(
  tx: DbOrTx,
  entry: {
    companyId: number;
    employeeId: number;
    changedBy: number;
    approvedBy?: number | null;
    changeRequestId?: number | null;
    at?: Date;
  },
  changes: AuditChange[],
): Promise<void> {
  if (changes.length === 0) return;
  await tx.insert(employeeAuditEntries).values(
    changes.map((change) => ({
      companyId: entry.companyId,
      employeeId: entry.employeeId,
      field: change.field,
      oldValue: change.before,
      newValue: change.after,
      changedBy: entry.changedBy,
      approvedBy: entry.approvedBy ?? null,
      changeRequestId: entry.changeRequestId ?? null,
      ...(entry.at ? { createdAt: entry.at } : {}),
    })),
  );
}

const author = alias(users, 'author');
const approver = alias(users, 'approver');
const nameOf = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

/** One page of an employee's trail, newest first, and the total. */
export async function listAudit(
  db: DbOrTx,
  companyId: number,
  employeeId: number,
  page: { limit: number; offset: number },
): Promise<{ count: number; results: TEmployeeAuditEntry[] }> {
  const where = and(
    eq(employeeAuditEntries.companyId, companyId),
    eq(employeeAuditEntries.employeeId, employeeId),
  );
  const rows = await db
    .select({
      entry: employeeAuditEntries,
      authorFirstName: author.firstName,
      authorLastName: author.lastName,
      approverFirstName: approver.firstName,
      approverLastName: approver.lastName,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(employeeAuditEntries)
    .innerJoin(author, eq(author.id, employeeAuditEntries.changedBy))
    .leftJoin(approver, eq(approver.id, employeeAuditEntries.approvedBy))
    .where(where)
    .orderBy(desc(employeeAuditEntries.createdAt), desc(employeeAuditEntries.id))
    .limit(page.limit)
    .offset(page.offset);
  let count = rows[0]?.total ?? 0;
  if (rows.length === 0 && page.offset > 0) {
    const [total] = await db
      .select({ value: sql<number>`count(*)`.mapWith(Number) })
      .from(employeeAuditEntries)
      .where(where);
    count = total?.value ?? 0;
  }
  return {
    count,
    results: rows.map(({ entry, ...names }) => ({
      id: entry.id,
      field: entry.field as AuditedField,
      old_value: entry.oldValue,
      new_value: entry.newValue,
      changed_by: { id: entry.changedBy, name: nameOf(names.authorFirstName, names.authorLastName) },
      approved_by:
        entry.approvedBy === null
          ? null
          : { id: entry.approvedBy, name: nameOf(names.approverFirstName, names.approverLastName) },
      change_request_id: entry.changeRequestId,
      created: toWireDateTime(entry.createdAt),
    })),
  };
}
