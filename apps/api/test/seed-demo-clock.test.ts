/**
 * Issue 8: the demo seed gives the same data whatever the time it runs at; only the dates follow
 * its `now`. The random draws (demo-money.ts, `planMoneyHistory`) are checked without a database at
 * many instants, the whole seed at three, each in a transaction rolled back afterwards.
 */
import { count, eq, sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../src/db/client.ts';
import { users } from '../src/db/schema/accounts.ts';
import { companies } from '../src/db/schema/companies.ts';
import { employees } from '../src/db/schema/employees.ts';
import { advances, recharges } from '../src/db/schema/money.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { DEMO_LOGINS, DEMO_RANDOM_SEEDS, seedDemo } from '../src/db/seed/demo.ts';
import {
  DEMO_ADVANCES,
  DEMO_TOP_UPS,
  loadMoneyPeople,
  type MoneyPerson,
  type MoneyPlan,
  planMoneyHistory,
} from '../src/db/seed/demo-money.ts';
import { createRandom } from '../src/db/seed/demo-people.ts';
import { casablancaDate, startOfDayInCasablanca } from '../src/lib/time.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Africa/Casablanca was UTC+01, UTC+00 during Ramadan (from 2026-02-15 to 2026-03-22, changes at
 * 02:00 UTC), and is UTC+00 for good from 2026-09-20: instants where "today" or "this month" in
 * Casablanca is not the UTC one, or is about to change.
 */
const INSTANTS: ReadonlyArray<[string, string]> = [
  ['midnight in Casablanca, UTC+01 (1 February)', '2026-01-31T23:00:00Z'],
  ['midnight in Casablanca, UTC+00 for good (1 November)', '2026-11-01T00:00:00Z'],
  ['the last day of a month at 23:30 UTC, already the 1st in Casablanca', '2026-01-31T23:30:00Z'],
  ['the last day of a month at 23:30 UTC, still the 31st in Casablanca', '2026-10-31T23:30:00Z'],
  ['the first of a month at 00:30 UTC, during Ramadan', '2026-03-01T00:30:00Z'],
  ['the first of a month at 00:30 UTC, in summer', '2026-07-01T00:30:00Z'],
  ['Ramadan begins (UTC+01 → UTC+00), just before', '2026-02-15T01:30:00Z'],
  ['Ramadan begins (UTC+01 → UTC+00), at the change', '2026-02-15T02:00:00Z'],
  ['Ramadan ends (UTC+00 → UTC+01), at the change', '2026-03-22T02:00:00Z'],
  ['Ramadan ends (UTC+00 → UTC+01), just after', '2026-03-22T02:30:00Z'],
  ['the night UTC+00 becomes permanent', '2026-09-20T01:30:00Z'],
  ['21:30 UTC, when issue 8 saw the history test fail', '2026-07-10T21:30:00Z'],
  ['08:00 UTC, when it passed', '2026-07-10T08:00:00Z'],
];

/** The full seed runs at these (a few seconds each). */
const FULL_SEED_AT = ['2026-01-31T23:30:00Z', '2026-03-22T02:00:00Z', '2026-09-20T01:30:00Z'];

let t: TestApp;
/** Per FULL_SEED_AT instant: what the seed wrote and planned. */
const seeded: Array<{ now: Date; summary: Awaited<ReturnType<typeof summarize>>; plan: MoneyPlan }> = [];
/** Atlas's people as the money history sees them (the same at every instant: checked below). */
let people: MoneyPerson[];

/** Rows per status (and more) of everything the seed writes, and who Atlas's people are, ids left out. */
async function summarize(db: DbOrTx, atlasId: number) {
  const byStatus = async (table: typeof advances | typeof recharges) =>
    Object.fromEntries(
      (await db.select({ status: table.status, n: count() }).from(table).groupBy(table.status)).map((r) => [
        r.status,
        Number(r.n),
      ]),
    );
  const staff = await db
    .select({ company: companies.name, status: employees.status, active: employees.isActive, n: count() })
    .from(employees)
    .innerJoin(companies, eq(companies.id, employees.companyId))
    .groupBy(companies.name, employees.status, employees.isActive)
    .orderBy(companies.name, employees.status, employees.isActive);
  const notices = await db
    .select({ email: users.email, event: notifications.event, isRead: notifications.isRead })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .orderBy(notifications.createdAt);
  const [accounts] = await db.select({ n: count() }).from(users);
  const [ledger] = (await db.execute(sql`select count(*)::int as transactions from ledger_transactions`))
    .rows as Array<{ transactions: number }>;
  return {
    advances: await byStatus(advances),
    topUps: await byStatus(recharges),
    notifications: notices,
    employees: staff.map((s) => ({ ...s, n: Number(s.n) })),
    users: Number(accounts!.n),
    ledgerTransactions: ledger!.transactions,
    people: (await loadMoneyPeople(db, atlasId)).map(({ employeeId: _e, userId: _u, ...person }) => person),
  };
}

/** The seed as of `now`, in a transaction rolled back once read: the next one starts empty. */
async function seedAndRollBack(now: Date) {
  let result: (typeof seeded)[number] | undefined;
  await t.db
    .transaction(async (tx) => {
      const { atlasId, moneyPlan } = await seedDemo(tx, { passwordHash: 'not-a-real-hash', now });
      result = { now, summary: await summarize(tx, atlasId), plan: moneyPlan };
      people ??= await loadMoneyPeople(tx, atlasId);
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  return result!;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const at of FULL_SEED_AT) seeded.push(await seedAndRollBack(new Date(at)));
}, 180_000);
afterAll(() => t.close());

const planAt = (now: Date) =>
  planMoneyHistory(people, {
    karimEmail: DEMO_LOGINS.employee,
    random: createRandom(DEMO_RANDOM_SEEDS.money),
    now,
  });

const isKarim = (item: MoneyPlan['items'][number]) => item.person.email === DEMO_LOGINS.employee;

function countsOf(plan: MoneyPlan) {
  const count = (karim: boolean, kind: MoneyPlan['items'][number]['kind']) =>
    plan.items.filter((i) => isKarim(i) === karim && i.kind === kind).length;
  return {
    karimAdvances: count(true, 'advance'),
    karimTopUps: count(true, 'top-up'),
    advances: count(false, 'advance'),
    topUps: count(false, 'top-up'),
  };
}
/** Karim's two advances and his top-up are what his notifications report (demo.ts). */
const EXPECTED_COUNTS = { karimAdvances: 2, karimTopUps: 1, advances: DEMO_ADVANCES, topUps: DEMO_TOP_UPS };

/** Everything of an item but its payout time (`now` may cut a bank batch short). */
const projection = (plan: MoneyPlan) =>
  plan.items.map((item) => ({
    kind: item.kind,
    email: item.person.email,
    at: item.at.toISOString(),
    reference: item.reference,
    ...(item.kind === 'advance'
      ? { amount: item.amountCentimes, fee: item.feeCentimes, isFree: item.isFree }
      : { phone: item.phone, product: item.product.id }),
  }));

const references = (plan: MoneyPlan) => plan.items.map((i) => i.reference).sort();

describe('the demo money history, planned at fixed instants (no clock)', () => {
  it.each(INSTANTS)('has 40 advances, 25 top-ups and Karim’s three at %s', (_label, iso) => {
    const now = new Date(iso);
    const plan = planAt(now);
    expect(countsOf(plan)).toEqual(EXPECTED_COUNTS);
    // Every draw became an item, none was drawn again: the same references as at any other instant.
    expect(references(plan)).toEqual(references(planAt(new Date(INSTANTS[0]![1]))));
    const today = casablancaDate(now);
    const firstDay = startOfDayInCasablanca(today, -29);
    const todayStart = startOfDayInCasablanca(today);
    for (const item of plan.items) {
      expect(item.executedAt >= item.at && item.executedAt < now, item.reference).toBe(true);
      if (!isKarim(item)) expect(item.at >= firstDay && item.at < todayStart, item.reference).toBe(true);
    }
    expect(plan.fundedAt < plan.items[0]!.at).toBe(true);
  });

  it.each([
    ['a summer day', '2026-07-10'],
    ['the last day of a month', '2026-01-31'],
    ['the day Ramadan time begins (25 hours)', '2026-02-15'],
    ['the day Ramadan time ends (23 hours)', '2026-03-22'],
    ['the day UTC+00 becomes permanent', '2026-09-20'],
  ])('gives the same people, amounts and times at every half hour of %s', (_label, day) => {
    const start = startOfDayInCasablanca(day);
    const end = startOfDayInCasablanca(day, 1);
    const first = projection(planAt(start));
    let instants = 0;
    for (let at = start.getTime(); at < end.getTime(); at += 30 * 60_000, instants++) {
      expect(projection(planAt(new Date(at))), new Date(at).toISOString()).toEqual(first);
    }
    expect(instants).toBeGreaterThanOrEqual(46);
  });

  it('keeps the counts and the draws on every day of 2026 and 2027, at any hour', () => {
    const expected = references(planAt(new Date(INSTANTS[0]![1])));
    const start = Date.parse('2026-01-01T00:00:00Z');
    for (let day = 0; day < 730; day++) {
      // A different hour (and minute) each day.
      const now = new Date(start + day * 86_400_000 + ((day * 7) % 24) * 3_600_000 + (day % 4) * 15 * 60_000);
      const plan = planAt(now);
      expect(countsOf(plan), now.toISOString()).toEqual(EXPECTED_COUNTS);
      expect(references(plan), now.toISOString()).toEqual(expected);
    }
  });
});

describe('the whole demo seed at fixed instants', () => {
  it('writes the same counts at each (advances and top-ups per status, notifications, employees) and the same people', () => {
    const [first, ...rest] = seeded;
    expect(first!.summary).toMatchObject({
      advances: { executed: DEMO_ADVANCES + 2 },
      topUps: { executed: DEMO_TOP_UPS + 1 },
      users: 66,
    });
    // Karim's: each of his two advances requested and paid, his top-up done; the last two unread.
    expect(first!.summary.notifications).toEqual([
      { email: DEMO_LOGINS.employee, event: 'advance_created', isRead: true },
      { email: DEMO_LOGINS.employee, event: 'advance_executed', isRead: true },
      { email: DEMO_LOGINS.employee, event: 'advance_created', isRead: true },
      { email: DEMO_LOGINS.employee, event: 'advance_executed', isRead: false },
      { email: DEMO_LOGINS.employee, event: 'recharge_executed', isRead: false },
    ]);
    for (const other of rest) expect(other.summary, other.now.toISOString()).toEqual(first!.summary);
  });

  it('writes the plan that planMoneyHistory makes of the loaded people at the same instant', () => {
    for (const { now, plan } of seeded) {
      expect(projection(plan), now.toISOString()).toEqual(projection(planAt(now)));
    }
  });
});
