import { and, asc, count, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { employees } from '../../db/schema/employees.ts';
import { signupIdentities } from '../../db/schema/people.ts';
import { orderingClause, searchCondition } from '../../lib/list-sql.ts';

/**
 * Matricules are compared without case or surrounding spaces ("emp-001" is "EMP-001"): the key
 * under which an identity is unique in its company and found at signup.
 */
export const serialKey = (serial: string) => serial.trim().toLowerCase();
const serialKeySql = (column: typeof signupIdentities.serial | typeof employees.serial) =>
  sql<string>`lower(${column})`;

export type IdentityListRow = {
  id: number;
  serial: string;
  birthday: string;
  isUsed: boolean;
  createdAt: Date;
  employeeId: number | null;
  firstName: string | null;
  lastName: string | null;
};

export type IdentityFilters = {
  search?: string[];
  isUsed?: boolean;
  ordering?: string;
  limit: number;
  offset: number;
};

/** One page of the company's identities with the employee each one created (same company only). */
export async function listIdentities(
  db: DbOrTx,
  companyId: number,
  filters: IdentityFilters,
): Promise<{ count: number; rows: IdentityListRow[] }> {
  const ordering = orderingClause(
    filters.ordering,
    {
      serial: signupIdentities.serial,
      birthday: signupIdentities.birthday,
      created: signupIdentities.createdAt,
    },
    [desc(signupIdentities.createdAt), desc(signupIdentities.id)],
  );
  const conditions: (SQL | undefined)[] = [
    eq(signupIdentities.companyId, companyId),
    searchCondition(filters.search, [signupIdentities.serial]),
    filters.isUsed === undefined ? undefined : eq(signupIdentities.isUsed, filters.isUsed),
  ];
  const where = and(...conditions);
  const [total, rows] = await Promise.all([
    db.select({ value: count() }).from(signupIdentities).where(where),
    db
      .select({
        id: signupIdentities.id,
        serial: signupIdentities.serial,
        birthday: signupIdentities.birthday,
        isUsed: signupIdentities.isUsed,
        createdAt: signupIdentities.createdAt,
        employeeId: employees.id,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(signupIdentities)
      .leftJoin(
        employees,
        and(
          eq(employees.id, signupIdentities.employeeId),
          eq(employees.companyId, signupIdentities.companyId),
        ),
      )
      .leftJoin(users, eq(users.id, employees.userId))
      .where(where)
      .orderBy(...ordering, asc(signupIdentities.id))
      .limit(filters.limit)
      .offset(filters.offset),
  ]);
  return { count: Number(total[0]?.value ?? 0), rows };
}

/** An identity of this company, or null (another company's id looks missing). */
export async function findIdentity(db: DbOrTx, companyId: number, id: number, { lock = false } = {}) {
  const query = db
    .select()
    .from(signupIdentities)
    .where(and(eq(signupIdentities.companyId, companyId), eq(signupIdentities.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function deleteIdentity(db: DbOrTx, companyId: number, id: number) {
  await db
    .delete(signupIdentities)
    .where(and(eq(signupIdentities.companyId, companyId), eq(signupIdentities.id, id)));
}

const KEY_BATCH = 1000;

/**
 * Which of these matricule keys are taken in the company: by an identity already uploaded, or by
 * an employee who has that matricule. Batched: a 5000-row file is a handful of queries.
 */
export async function takenSerialKeys(
  db: DbOrTx,
  companyId: number,
  keys: string[],
): Promise<Map<string, 'identity' | 'employee'>> {
  const taken = new Map<string, 'identity' | 'employee'>();
  for (let i = 0; i < keys.length; i += KEY_BATCH) {
    const batch = keys.slice(i, i + KEY_BATCH);
    const [identityRows, employeeRows] = await Promise.all([
      db
        .select({ key: serialKeySql(signupIdentities.serial) })
        .from(signupIdentities)
        .where(
          and(
            eq(signupIdentities.companyId, companyId),
            inArray(serialKeySql(signupIdentities.serial), batch),
          ),
        ),
      db
        .select({ key: serialKeySql(employees.serial) })
        .from(employees)
        .where(
          and(
            eq(employees.companyId, companyId),
            isNotNull(employees.serial),
            inArray(serialKeySql(employees.serial), batch),
          ),
        ),
    ]);
    for (const row of employeeRows) taken.set(row.key, 'employee');
    for (const row of identityRows) taken.set(row.key, 'identity');
  }
  return taken;
}

/** Whether an employee of the company already has this matricule (any case). */
export async function hasEmployeeWithSerial(db: DbOrTx, companyId: number, serial: string) {
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), eq(serialKeySql(employees.serial), serialKey(serial))))
    .limit(1);
  return row !== undefined;
}

/**
 * The company's identity for this matricule, locked until the transaction ends: two signups with
 * the same identity queue here and the second finds it used. Not filtered on `is_used`, so the
 * second one sees why it failed.
 */
export async function lockIdentityBySerial(db: DbOrTx, companyId: number, serial: string) {
  const [row] = await db
    .select()
    .from(signupIdentities)
    .where(
      and(
        eq(signupIdentities.companyId, companyId),
        eq(serialKeySql(signupIdentities.serial), serialKey(serial)),
      ),
    )
    .orderBy(asc(signupIdentities.id))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function markIdentityUsed(db: DbOrTx, identityId: number, employeeId: number) {
  await db
    .update(signupIdentities)
    .set({ isUsed: true, employeeId })
    .where(eq(signupIdentities.id, identityId));
}
