/**
 * Bonuses under concurrency (issue 13), on PostgreSQL only (PGlite has one connection, so nothing
 * really races there): skipped without TEST_DATABASE_URL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions } from '../src/db/schema/ledger.ts';
import { sandboxOperations } from '../src/db/schema/money.ts';
import { runBonusPayout } from '../src/modules/bonuses/payout.ts';
import type { PayoutDeps } from '../src/modules/payouts/advance-payout.ts';
import { accountBalance, TEST_RIB, walletBalance } from './advances-helpers.ts';
import { type BonusTenant, bonusRow, call, createBonusTenant, paymentsOf } from './bonuses-helpers.ts';
import { createActiveCard, createTestEmployee, ledgerInconsistencies } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('bonuses under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let a: BonusTenant;
  let deps: PayoutDeps;

  beforeAll(async () => {
    // Jobs are run by hand here: the sweeper waits an hour.
    t = await createTestApp({ PAYOUT_SWEEP_INTERVAL_SECONDS: 3600, BONUS_RECURRENCE_INTERVAL_SECONDS: 3600 });
    a = await createBonusTenant(t, { walletCentimes: 10_000_000n });
    deps = { db: t.db, bank: t.ctx.payouts.bank, card: t.ctx.payouts.card };
  });
  afterAll(() => t?.close());

  /** Employees without a password (no argon2 hashing: fast), with a RIB; every third has a card. */
  async function staff(count: number) {
    const people = [];
    for (let i = 0; i < count; i += 1) {
      const person = await createTestEmployee(t.db, a.company.id, {
        password: null,
        employee: { rib: TEST_RIB },
      });
      if (i % 3 === 0) await createActiveCard(t.db, a.company.id, person.employee.id);
      people.push(person);
    }
    return people;
  }

  it('two DRH confirming at once: one wins, the other gets BONUS_NOT_PENDING, money moves once', async () => {
    const people = await staff(20);
    const created = await call(t, 'POST', '/api/bonuses/', a.rh.auth, {
      title: 'aid_al_fitr',
      type: 'collective',
      target: 'selection',
      employees: people.map((p) => p.employee.id),
      amount: 500,
    });
    const bonusId = created.json().id as number;
    const walletBefore = await walletBalance(t, a.company.id);
    const replies = await Promise.all([
      call(t, 'POST', `/api/bonuses/${bonusId}/reply/`, a.drh.auth, { reply: 'confirm' }),
      call(t, 'POST', `/api/bonuses/${bonusId}/reply/`, a.drh2.auth, {
        reply: 'partial',
        comment: 'La moitié seulement',
        confirmed_employees: people.slice(0, 10).map((p) => p.employee.id),
      }),
    ]);
    const outcomes = replies.map((r) => (r.statusCode === 200 ? 200 : r.json().errors[0].code)).sort();
    expect(outcomes).toEqual([200, 'BONUS_NOT_PENDING']);
    const winner = replies.find((r) => r.statusCode === 200)!.json();
    const confirmedTotal = BigInt(Math.round(Number(winner.confirmed_amount) * 100));
    expect(await walletBalance(t, a.company.id)).toBe(walletBefore - confirmedTotal);
    const postings = await t.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, `bonus:${bonusId}`));
    expect(postings).toHaveLength(1);
    await t.ctx.jobs.drain();
    expect(await ledgerInconsistencies(t.db)).toEqual({ unbalanced: [], drift: [] });
  });

  it('a confirmed bonus of N beneficiaries pays exactly N, even with two payout jobs at once', async () => {
    const n = 60;
    const people = await staff(n);
    const created = await call(t, 'POST', '/api/bonuses/', a.rh.auth, {
      title: 'performance',
      type: 'individual',
      amounts: people.map((p, i) => ({ employee: p.employee.id, amount: 100 + i })),
    });
    const bonusId = created.json().id as number;
    const total = people.reduce((sum, _p, i) => sum + BigInt(100 + i) * 100n, 0n);
    const walletBefore = await walletBalance(t, a.company.id);
    const paidBefore = await accountBalance(t, a.company.id, 'payouts_clearing');
    // The reply's own job and two duplicates (a sweeper's re-send, a second process) race.
    const reply = await call(t, 'POST', `/api/bonuses/${bonusId}/reply/`, a.drh.auth, { reply: 'confirm' });
    expect(reply.statusCode, reply.body).toBe(200);
    const [one, two] = await Promise.all([runBonusPayout(deps, bonusId), runBonusPayout(deps, bonusId)]);
    await t.ctx.jobs.drain();
    expect(one.executed + two.executed).toBeLessThanOrEqual(n);

    const payments = await paymentsOf(t, bonusId);
    expect(payments.filter((p) => p.status === 'executed')).toHaveLength(n);
    expect(payments.filter((p) => p.payoutMethod === 'card')).toHaveLength(n / 3);
    for (const payment of payments) {
      const operations = await t.db
        .select()
        .from(sandboxOperations)
        .where(eq(sandboxOperations.reference, `bonus-payment:${payment.id}`));
      expect(operations).toHaveLength(1);
    }
    const payouts = await t.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.type, 'payout'));
    const references = new Set(payments.map((p) => `bonus-payment:${p.id}`));
    expect(payouts.filter((p) => references.has(p.reference ?? ''))).toHaveLength(n);
    expect(await walletBalance(t, a.company.id)).toBe(walletBefore - total);
    expect(await accountBalance(t, a.company.id, 'payouts_clearing')).toBe(paidBefore);
    expect((await bonusRow(t, bonusId)).status).toBe('confirmed');
    expect(await ledgerInconsistencies(t.db)).toEqual({ unbalanced: [], drift: [] });
  });
});
