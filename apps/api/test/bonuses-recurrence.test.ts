import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { bonuses } from '../src/db/schema/bonuses.ts';
import { employees } from '../src/db/schema/employees.ts';
import { runBonusRecurrences } from '../src/modules/bonuses/recurrence.ts';
import { type BonusCaller, createBonus } from '../src/modules/bonuses/service.ts';
import { type BonusTenant, bonusRow, call, createBonusTenant, paymentsOf } from './bonuses-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Recurrent bonuses (issue 13; decision 037): the next occurrence on the same Casablanca day of the
 * next month or year, across month ends and the Ramadan time change of the old Moroccan rules,
 * created once — also by two processes at the same instant (PostgreSQL only).
 */
let t: TestApp;
let a: BonusTenant;
let caller: BonusCaller;

beforeAll(async () => {
  t = await createTestApp({ PAYOUT_SWEEP_INTERVAL_SECONDS: 3600, BONUS_RECURRENCE_INTERVAL_SECONDS: 3600 });
  a = await createBonusTenant(t);
  caller = { userId: a.rh.user.id, companyId: a.company.id, employeeId: a.rh.employee.id };
});
afterAll(async () => t?.close());

const at = (iso: string) => new Date(iso);

async function occurrencesOf(sourceId: number) {
  return t.db.select().from(bonuses).where(eq(bonuses.sourceId, sourceId)).orderBy(bonuses.occurrenceOn);
}

/** Stops every other series so each test's job run only sees its own. */
async function stopOtherSeries() {
  await t.db.update(bonuses).set({ nextOccurrenceOn: null }).where(isNotNull(bonuses.nextOccurrenceOn));
}

describe('monthly series', () => {
  it('follows Casablanca days through Ramadan’s UTC+00 and back to UTC+01 (2026 rules)', async () => {
    await stopOtherSeries();
    const person = await a.employee();
    // 23:30 UTC on 31 January 2026 is 00:30 on 1 February in Casablanca (UTC+01).
    const source = await createBonus(
      t.db,
      caller,
      {
        title: 'meal_basket',
        type: 'individual',
        recurrence_type: 'monthly',
        amounts: [{ employee: person.employee.id, amount: '300.00' }],
      },
      at('2026-01-31T23:30:00Z'),
    );
    expect(source.next_occurrence).toBe('2026-03-01');
    expect(await runBonusRecurrences(t.db, at('2026-02-27T12:00:00Z'))).toEqual([]);
    // 23:30 UTC on 28 February: still the 28th in Casablanca, on UTC+00 during Ramadan.
    expect(await runBonusRecurrences(t.db, at('2026-02-28T23:30:00Z'))).toEqual([]);
    const march = await runBonusRecurrences(t.db, at('2026-03-01T00:00:00Z'));
    expect(march).toHaveLength(1);
    // Run again the same day, or later the same day: nothing more.
    expect(await runBonusRecurrences(t.db, at('2026-03-01T18:00:00Z'))).toEqual([]);
    // 23:30 UTC on 31 March is already 1 April in Casablanca (back to UTC+01 after Ramadan).
    expect(await runBonusRecurrences(t.db, at('2026-03-31T23:30:00Z'))).toHaveLength(1);

    const occurrences = await occurrencesOf(source.id);
    expect(occurrences.map((o) => [o.occurrenceOn, o.status, o.totalCentimes, o.createdBy])).toEqual([
      ['2026-03-01', 'pending', 30_000n, a.rh.user.id],
      ['2026-04-01', 'pending', 30_000n, a.rh.user.id],
    ]);
    expect((await bonusRow(t, source.id)).nextOccurrenceOn).toBe('2026-05-01');
    const [line] = await paymentsOf(t, occurrences[0]!.id);
    expect(line).toMatchObject({
      employeeId: person.employee.id,
      amountCentimes: 30_000n,
      status: 'pending',
    });
    // An occurrence must be approved again, by a DRH other than the series' author.
    const detail = await call(t, 'GET', `/api/bonuses/${occurrences[0]!.id}/`, a.rh.auth);
    expect(detail.json()).toMatchObject({ status: 'pending', source: source.id, next_occurrence: null });
  });

  it('keeps to the month’s last day after the 31st, and catches up missed days one by one', async () => {
    await stopOtherSeries();
    const person = await a.employee();
    const source = await createBonus(
      t.db,
      caller,
      {
        title: 'transport',
        type: 'collective',
        target: 'selection',
        employees: [person.employee.id],
        amount: '200.00',
        recurrence_type: 'monthly',
      },
      at('2027-01-31T10:00:00Z'),
    );
    expect(source.next_occurrence).toBe('2027-02-28');
    // No process ran between February and early May: three days were missed.
    expect(await runBonusRecurrences(t.db, at('2027-05-02T08:00:00Z'))).toHaveLength(3);
    expect((await occurrencesOf(source.id)).map((o) => o.occurrenceOn)).toEqual([
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ]);
    expect((await bonusRow(t, source.id)).nextOccurrenceOn).toBe('2027-05-31');
  });

  it('for all employees, takes those active on the day (a new hire in, a departure out); stops once unsaved', async () => {
    await stopOtherSeries();
    const tenant = await createBonusTenant(t);
    const leaving = await tenant.employee();
    const source = await createBonus(
      t.db,
      { userId: tenant.rh.user.id, companyId: tenant.company.id, employeeId: tenant.rh.employee.id },
      {
        title: 'meal_basket',
        type: 'collective',
        target: 'all',
        amount: '100.00',
        recurrence_type: 'monthly',
        is_saved: true,
      },
      at('2027-06-10T09:00:00Z'),
    );
    const newcomer = await tenant.employee();
    await t.db.update(employees).set({ isActive: false }).where(eq(employees.id, leaving.employee.id));
    const [occurrence] = await runBonusRecurrences(t.db, at('2027-07-10T09:00:00Z'));
    const beneficiaries = (await paymentsOf(t, occurrence!)).map((p) => p.employeeId);
    expect(beneficiaries).toContain(newcomer.employee.id);
    expect(beneficiaries).not.toContain(leaving.employee.id);

    await call(t, 'POST', `/api/bonuses/${occurrence}/unsave/`, tenant.rh.auth);
    expect(await bonusRow(t, source.id)).toMatchObject({ isSaved: false, nextOccurrenceOn: null });
    expect(await runBonusRecurrences(t.db, at('2027-08-10T09:00:00Z'))).toEqual([]);
  });

  it('yearly: the same day next year; 29 February falls on the 28th', async () => {
    await stopOtherSeries();
    const person = await a.employee();
    const source = await createBonus(
      t.db,
      caller,
      {
        title: 'year_end',
        type: 'individual',
        recurrence_type: 'yearly',
        amounts: [{ employee: person.employee.id, amount: '1000' }],
      },
      at('2028-02-29T12:00:00Z'),
    );
    expect(source.next_occurrence).toBe('2029-02-28');
    expect(await runBonusRecurrences(t.db, at('2029-02-27T23:59:00Z'))).toEqual([]);
    expect(await runBonusRecurrences(t.db, at('2029-02-28T00:00:00Z'))).toHaveLength(1);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two processes (PostgreSQL)', () => {
  it('running the job in two processes at the same instant creates each occurrence once', async () => {
    await stopOtherSeries();
    const person = await a.employee();
    const sources = [];
    for (let i = 0; i < 5; i += 1)
      sources.push(
        await createBonus(
          t.db,
          caller,
          {
            title: 'holiday',
            type: 'individual',
            recurrence_type: 'monthly',
            amounts: [{ employee: person.employee.id, amount: '10' }],
          },
          at('2030-01-15T10:00:00Z'),
        ),
      );
    // A second process: its own pool of connections on the same database.
    const second = openDatabase({
      databaseUrl: t.ctx.config.DATABASE_URL,
      pgliteDir: 'memory://',
      poolSize: 5,
    });
    try {
      const now = at('2030-02-15T10:00:00Z');
      const [one, two] = await Promise.all([
        runBonusRecurrences(t.db, now),
        runBonusRecurrences(second.db, now),
      ]);
      expect([...one, ...two]).toHaveLength(5);
      for (const source of sources) expect(await occurrencesOf(source.id)).toHaveLength(1);
    } finally {
      await second.close();
    }
    const all = await t.db
      .select()
      .from(bonuses)
      .where(and(isNotNull(bonuses.sourceId), eq(bonuses.occurrenceOn, '2030-02-15')));
    expect(all).toHaveLength(5);
  });
});
