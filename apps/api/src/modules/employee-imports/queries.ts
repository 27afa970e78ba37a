import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { companies } from '../../db/schema/companies.ts';
import { employees, groups } from '../../db/schema/employees.ts';

/**
 * Bulk lookups: one query per identity column with `= any($1::text[])`, whatever the number of
 * rows (10,000 rows are 4 queries, not 40,000).
 */
const anyOf = (values: readonly string[]) => sql`any(${sql.param([...values])}::text[])`;

/** Phones, e-mails and CINs among `values` that an account already has (any company: they identify a person). */
export async function existingUserValues(
  db: DbOrTx,
  column: 'phone' | 'email' | 'cin',
  values: readonly string[],
): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  const target = users[column];
  const rows = await db
    .select({ value: target })
    .from(users)
    .where(sql`${target} = ${anyOf(values)}`);
  return new Set(rows.map((r) => r.value).filter((v): v is string => v !== null));
}

/** Matricules among `serials` already used in the company (they are unique per company). */
export async function existingSerials(
  db: DbOrTx,
  companyId: number,
  serials: readonly string[],
): Promise<Set<string>> {
  if (serials.length === 0) return new Set();
  const rows = await db
    .select({ serial: employees.serial })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), sql`${employees.serial} = ${anyOf(serials)}`));
  return new Set(rows.map((r) => r.serial).filter((v): v is string => v !== null));
}

/** CINs among `cins` that two accounts or more carry. */
export async function duplicatedCins(db: DbOrTx, cins: readonly string[]): Promise<string[]> {
  if (cins.length === 0) return [];
  const rows = await db
    .select({ cin: users.cin })
    .from(users)
    .where(sql`${users.cin} = ${anyOf(cins)}`)
    .groupBy(users.cin)
    .having(sql`count(*) > 1`);
  return rows.map((r) => r.cin!);
}

export async function companyGroups(db: DbOrTx, companyId: number) {
  return db.select({ id: groups.id, name: groups.name }).from(groups).where(eq(groups.companyId, companyId));
}

export async function companyName(db: DbOrTx, companyId: number): Promise<string> {
  const [row] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.name ?? '';
}

export type EmployeeKey = {
  id: number;
  serial: string | null;
  cin: string | null;
  userId: number;
  roles: string[];
};

/** The company's employees whose matricule or CIN is in the lists (worked-days upload). */
export async function employeesBySerialOrCin(
  db: DbOrTx,
  companyId: number,
  serials: readonly string[],
  cins: readonly string[],
): Promise<EmployeeKey[]> {
  if (serials.length === 0 && cins.length === 0) return [];
  return db
    .select({
      id: employees.id,
      serial: employees.serial,
      cin: users.cin,
      userId: employees.userId,
      roles: users.roles,
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(
      and(
        eq(employees.companyId, companyId),
        sql`(${employees.serial} = ${anyOf(serials)} or ${users.cin} = ${anyOf(cins)})`,
      ),
    );
}
