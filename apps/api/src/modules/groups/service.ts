import type { TImportReport } from '@tasbiq/contracts/employee-imports';
import { GROUP_NAME_TAKEN_FR, type TGroup } from '@tasbiq/contracts/groups';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { employees, groups } from '../../db/schema/employees.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { toWireDateTime } from '../../lib/time.ts';
import { isUniqueViolation } from '../auth/auth-errors.ts';
import type { ImportReport } from '../employee-imports/report.ts';
import type { MemberLine } from './members-file.ts';
import type { GroupWithCount } from './queries.ts';

export type GroupRow = typeof groups.$inferSelect;

/** Creates a group in a company (HR screens will call it; the demo seed and tests do today). */
export async function createGroup(
  db: DbOrTx,
  companyId: number,
  input: { name: string; createdAt?: Date },
): Promise<GroupRow> {
  const [row] = await db
    .insert(groups)
    .values({ companyId, name: input.name.trim(), createdAt: input.createdAt })
    .returning();
  return row!;
}

export function serializeGroup(group: GroupWithCount): TGroup {
  return {
    id: group.id,
    name: group.name,
    employee_count: group.employeeCount,
    created: toWireDateTime(group.createdAt),
  };
}

/** A members file with unknown CINs: nothing was written; the route answers the report. */
export class GroupUploadRejected extends Error {
  readonly report: TImportReport;
  constructor(report: TImportReport) {
    super('GROUP_UPLOAD_FAILED');
    this.report = report;
  }
}

/**
 * Names are unique in a company regardless of case and spacing: "Commercial" and "commercial "
 * would be two indistinguishable entries in every group picker.
 */
async function assertNameFree(tx: DbOrTx, companyId: number, name: string, exceptId?: number) {
  const [taken] = await tx
    .select({ id: groups.id })
    .from(groups)
    .where(
      and(
        eq(groups.companyId, companyId),
        sql`lower(${groups.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(groups.id, exceptId),
      ),
    )
    .limit(1);
  if (taken) throw fieldError('name', 'unique', GROUP_NAME_TAKEN_FR);
}

/** Employees of the company with these CINs; lines whose CIN matches no one go into the report. */
async function employeesByCin(tx: DbOrTx, companyId: number, lines: MemberLine[], report: ImportReport) {
  const cins = [...new Set(lines.map((l) => l.cin))];
  const found = new Map<string, number[]>();
  for (let i = 0; i < cins.length; i += 5000) {
    const rows = await tx
      .select({ id: employees.id, cin: users.cin })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(and(eq(employees.companyId, companyId), inArray(users.cin, cins.slice(i, i + 5000))));
    for (const row of rows) found.set(row.cin!, [...(found.get(row.cin!) ?? []), row.id]);
  }
  for (const { line, cin } of lines)
    if (!found.has(cin))
      report.add(line, 'cin', 'EMPLOYEE_NOT_FOUND', `Aucun salarié de votre société avec la CIN « ${cin} ».`);
  return [...new Set([...found.values()].flat())];
}

export type GroupMembers =
  | { kind: 'none' }
  | { kind: 'ids'; ids: number[] }
  | { kind: 'file'; lines: MemberLine[]; report: ImportReport; read: readonly { line: number }[] };

/**
 * Creates a group and moves its members into it (out of any other group), all or nothing: a
 * CIN of no employee of the company, or an id of another company, and nothing is written.
 */
export async function createGroupWithMembers(
  db: Db,
  companyId: number,
  input: { name: string; members: GroupMembers },
): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      await assertNameFree(tx, companyId, input.name);
      let memberIds: number[] = [];
      const { members } = input;
      if (members.kind === 'file') {
        memberIds = await employeesByCin(tx, companyId, members.lines, members.report);
        if (!members.report.isEmpty) throw new GroupUploadRejected(members.report.toReport(members.read));
      } else if (members.kind === 'ids' && members.ids.length > 0) {
        const wanted = [...new Set(members.ids)];
        const rows = await tx
          .select({ id: employees.id })
          .from(employees)
          .where(and(eq(employees.companyId, companyId), inArray(employees.id, wanted)));
        if (rows.length !== wanted.length) throw fieldError('employees', 'does_not_exist');
        memberIds = wanted;
      }
      const group = await createGroup(tx, companyId, { name: input.name });
      for (let i = 0; i < memberIds.length; i += 5000) {
        await tx
          .update(employees)
          .set({ groupId: group.id, updatedAt: new Date() })
          .where(
            and(eq(employees.companyId, companyId), inArray(employees.id, memberIds.slice(i, i + 5000))),
          );
      }
      return group.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('name', 'unique', GROUP_NAME_TAKEN_FR);
    throw error;
  }
}

/** PUT /groups/{id}/: a new name, unique in the company. */
export async function renameGroup(db: Db, companyId: number, groupId: number, name: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await assertNameFree(tx, companyId, name, groupId);
      const [row] = await tx
        .update(groups)
        .set({ name: name.trim() })
        .where(and(eq(groups.companyId, companyId), eq(groups.id, groupId)))
        .returning({ id: groups.id });
      if (!row) throw notFound();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('name', 'unique', GROUP_NAME_TAKEN_FR);
    throw error;
  }
}

/** DELETE /groups/{id}/: its members become ungrouped (employees.group_id ON DELETE SET NULL). */
export async function deleteGroup(db: Db, companyId: number, groupId: number): Promise<void> {
  const [row] = await db
    .delete(groups)
    .where(and(eq(groups.companyId, companyId), eq(groups.id, groupId)))
    .returning({ id: groups.id });
  if (!row) throw notFound();
}
