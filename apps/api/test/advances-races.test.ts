/**
 * Concurrency on PostgreSQL (PGlite has one connection, so nothing really races there): skipped
 * without TEST_DATABASE_URL.
 */
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advances } from '../src/db/schema/money.ts';
import { type PayoutDeps, runAdvancePayout } from '../src/modules/payouts/advance-payout.ts';
import { advanceRow, createTenant, post, type Tenant, walletBalance } from './advances-helpers.ts';
import { createActiveCard, ledgerInconsistencies } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('advances under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let a: Tenant;

  beforeAll(async () => {
    t = await createTestApp({ PAYOUT_RIB_DELAY_SECONDS: 3600, PAYOUT_SWEEP_INTERVAL_SECONDS: 3600 });
    a = await createTenant(t);
  });
  afterAll(() => t?.close());

  const codeOf = (res: { statusCode: number; json(): unknown }) =>
    res.statusCode === 201 ? 201 : (res.json() as { errors: Array<{ code: string }> }).errors[0]!.code;

  async function expectLedgerConsistent(companyId: number, fundedCentimes: bigint) {
    expect(await ledgerInconsistencies(t.db)).toEqual({ unbalanced: [], drift: [] });
    // The wallet is what was funded minus every live advance (amount + fee).
    const [live] = await t.db
      .select({ total: sql<string>`coalesce(sum(amount_centimes + fee_centimes), 0)::text` })
      .from(advances)
      .where(
        and(
          eq(advances.companyId, companyId),
          notInArray(advances.status, ['canceled', 'failed', 'rejected']),
        ),
      );
    expect(await walletBalance(t, companyId)).toBe(fundedCentimes - BigInt(live!.total));
  }

  it('50 parallel requests when the balance allows exactly 3: 3 succeed, 47 BALANCE_INSUFFICIENT', async () => {
    // Available 3 030 DH = 1 000 (free) + 1 015 + 1 015 (15 DH fee each beyond the first).
    const e = await a.employee({
      netPayable: 606_000n,
      employee: { totalMaxAdvancePerMonthCentimes: 10_000_000n },
    });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => post(t, '/api/advances/', e.auth, { amount: 1000 })),
    );
    const codes = results.map(codeOf);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 'BALANCE_INSUFFICIENT')).toHaveLength(47);
    const rows = await t.db.select().from(advances).where(eq(advances.employeeId, e.employee.id));
    expect(rows).toHaveLength(3);
    expect(rows.filter((r) => r.isFree)).toHaveLength(1);
    const solde = (
      await t.app.inject({ method: 'GET', url: '/api/employees/solde', headers: e.auth })
    ).json();
    expect(solde).toMatchObject({ balance: '0.00', drawn: '3030.00', requests_this_month: 3 });
    await expectLedgerConsistent(a.company.id, 100_000_000n);
  });

  it('50 parallel card requests under a limit of 3 per month: 3 succeed and are paid, 47 REQUEST_LIMIT_EXCEEDED', async () => {
    const e = await a.employee({ employee: { maxAdvancesPerMonth: 3 } });
    await createActiveCard(t.db, a.company.id, e.employee.id);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        post(t, '/api/advances/', e.auth, { amount: 100, payout_method: 'card' }),
      ),
    );
    const codes = results.map(codeOf);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 'REQUEST_LIMIT_EXCEEDED')).toHaveLength(47);
    await t.ctx.jobs.drain();
    const rows = await t.db.select().from(advances).where(eq(advances.employeeId, e.employee.id));
    expect(rows.map((r) => r.status)).toEqual(['executed', 'executed', 'executed']);
    await expectLedgerConsistent(a.company.id, 100_000_000n);
  });

  it('many employees at once on a wallet that covers 2: exactly 2 succeed, the others INSUFFICIENT_FUNDS', async () => {
    const poor = await createTenant(t, { walletCentimes: 200_000n });
    const people = await Promise.all(Array.from({ length: 10 }, () => poor.employee()));
    const results = await Promise.all(people.map((p) => post(t, '/api/advances/', p.auth, { amount: 1000 })));
    const codes = results.map(codeOf);
    expect(codes.filter((c) => c === 201)).toHaveLength(2);
    expect(codes.filter((c) => c === 'INSUFFICIENT_FUNDS')).toHaveLength(8);
    expect(await walletBalance(t, poor.company.id)).toBe(0n);
    await expectLedgerConsistent(poor.company.id, 200_000n);
  });

  it('parallel requests with one Idempotency-Key make one advance and answer the same body', async () => {
    const e = await a.employee();
    const key = { 'idempotency-key': `parallel-${e.employee.id}` };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => post(t, '/api/advances/', e.auth, { amount: 250 }, key)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const bodies = new Set(results.map((r) => r.body));
    expect(bodies.size).toBe(1);
    expect(await t.db.select().from(advances).where(eq(advances.employeeId, e.employee.id))).toHaveLength(1);
    // Same key, another body, at the same time as the first ones: 422.
    const conflict = await post(t, '/api/advances/', e.auth, { amount: 300 }, key);
    expect(codeOf(conflict)).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('a cancel racing the payout job has exactly one winner, every time', async () => {
    const e = await a.employee();
    const deps: PayoutDeps = { db: t.db, bank: t.ctx.payouts.bank, card: t.ctx.payouts.card };
    const winners = { cancel: 0, job: 0 };
    for (let round = 0; round < 10; round++) {
      const id = (await post(t, '/api/advances/', e.auth, { amount: 50 })).json().id as number;
      await t.db
        .update(advances)
        .set({ payoutAfter: sql`now() - interval '1 second'` })
        .where(eq(advances.id, id));
      const [cancel, job] = await Promise.all([
        post(t, `/api/advances/${id}/cancel/`, e.auth, { reason: 'Course' }),
        runAdvancePayout(deps, id),
      ]);
      const { status } = await advanceRow(t, id);
      if (cancel.statusCode === 200) {
        winners.cancel += 1;
        expect([job, status]).toEqual(['skipped', 'canceled']);
      } else {
        winners.job += 1;
        expect(codeOf(cancel)).toBe('ADVANCE_NOT_PENDING');
        expect(status).toBe('executed');
      }
    }
    expect(winners.cancel + winners.job).toBe(10);
    await expectLedgerConsistent(a.company.id, 100_000_000n);
  });
});
