import { and, eq, is, sql } from 'drizzle-orm';
import { PgPreparedQuery } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { preparedFlatSelect } from '../src/db/array-rows.ts';
import type { DbOrTx } from '../src/db/client.ts';
import { users } from '../src/db/schema/accounts.ts';
import { employees, groups } from '../src/db/schema/employees.ts';
import { addEmployee, addGroup, hrCompany } from './employees-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * `preparedFlatSelect` (decision 052) reads every kind of column the way drizzle's own prepared
 * statement does, on PGlite and on PostgreSQL, and is drizzle's own inside a transaction.
 */
let t: TestApp;
let companyId: number;
beforeAll(async () => {
  t = await createTestApp();
  const { company } = await hrCompany(t);
  companyId = company.id;
  const group = await addGroup(t, companyId, 'Siège');
  await addEmployee(t, companyId, {
    firstName: 'Meryem',
    lastName: 'Alaoui',
    roles: ['RH', 'DRH'],
    // Past 2^53 centimes: read as a bigint, not a rounded number.
    employee: { groupId: group.id, salaryCentimes: 9_007_199_254_740_993n, birthday: '1990-02-28' },
  });
  await addEmployee(t, companyId, { firstName: 'Omar', lastName: 'Alaoui' });
});
afterAll(() => t.close());

/**
 * Every column type the hot selects read: int, text, bigint, boolean, text[], date, timestamptz, a
 * nullable join, computed values.
 */
function people(db: DbOrTx) {
  return db
    .select({
      id: employees.id,
      firstName: users.firstName,
      roles: users.roles,
      salaryCentimes: employees.salaryCentimes,
      isActive: employees.isActive,
      birthday: employees.birthday,
      createdAt: employees.createdAt,
      groupId: groups.id,
      groupName: groups.name,
      pattern: sql<string>`(select lower(${sql.placeholder('name')}::text))`,
      doubled: sql<number>`${employees.id} * 2`.mapWith(Number),
      aliased: sql<string>`upper(${users.lastName})`.as('aliased'),
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .leftJoin(groups, eq(groups.id, employees.groupId))
    .where(
      and(eq(employees.companyId, sql.placeholder('companyId')), eq(users.lastName, sql.placeholder('name'))),
    )
    .orderBy(users.firstName);
}
const flatPeople = preparedFlatSelect('test_flat_people', people);

it('reads each row as drizzle does', async () => {
  const values = { companyId, name: 'Alaoui' };
  const lean = await flatPeople(t.db).execute(values);
  const drizzles = await people(t.db).prepare('test_flat_people_drizzle').execute(values);
  expect(lean).toEqual(drizzles);
  expect(lean).toHaveLength(2);
  const [meryem, omar] = lean;
  expect(meryem).toMatchObject({
    firstName: 'Meryem',
    roles: ['RH', 'DRH'],
    salaryCentimes: 9_007_199_254_740_993n,
    isActive: true,
    birthday: '1990-02-28',
    groupName: 'Siège',
    pattern: 'alaoui',
    aliased: 'ALAOUI',
  });
  expect(meryem!.createdAt).toBeInstanceOf(Date);
  expect(meryem!.doubled).toBe(meryem!.id * 2);
  expect(omar).toMatchObject({ firstName: 'Omar', groupId: null, groupName: null, birthday: null });
  // The statement is built once per database handle, and is not drizzle's.
  expect(flatPeople(t.db)).toBe(flatPeople(t.db));
  expect(is(flatPeople(t.db), PgPreparedQuery)).toBe(false);
});

it('is drizzle’s own prepared statement inside a transaction', async () => {
  const values = { companyId, name: 'Alaoui' };
  const outside = await flatPeople(t.db).execute(values);
  const inside = await t.db.transaction((tx) => {
    expect(is(flatPeople(tx), PgPreparedQuery)).toBe(true);
    return flatPeople(tx).execute(values);
  });
  expect(inside).toEqual(outside);
});

it('refuses a nested selection, which is not flat', async () => {
  const nested = preparedFlatSelect(
    'test_nested',
    (db) => db.select({ person: { id: employees.id } }).from(employees) as never,
  );
  expect(() => nested(t.db)).toThrow(/not a column or an SQL value/);
  // Inside a transaction too, where drizzle's own statement would have run it.
  return t.db.transaction(async (tx) => {
    expect(() => nested(tx)).toThrow(/not a column or an SQL value/);
  });
});
