/**
 * Top-ups sent at the same time (decision 020: employee row lock, then a fresh spending state;
 * the wallet re-checked under its lock). Meaningful on PostgreSQL (TEST_DATABASE_URL), where the
 * requests really overlap; on PGlite (one connection) they run one after the other and must give
 * the same result.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recharges } from '../src/db/schema/money.ts';
import { findAccount } from '../src/lib/ledger.ts';
import { fundCompanyWallet } from '../src/modules/company-wallet/service.ts';
import { bearerFor } from './auth-helpers.ts';
import { createFundedEmployee, createTestCompany, ledgerInconsistencies } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (headers: Record<string, string>, payload: Record<string, unknown>, extra = {}) =>
  t.app.inject({ method: 'POST', url: '/api/recharges/', headers: { ...headers, ...extra }, payload });
const iam100 = { phone: '0612345678', product: 'iam-100', amount: '100' }; // 97 DH paid
const walletOf = async (companyId: number) =>
  (await findAccount(t.db, { companyId, kind: 'company_wallet' }))!.balanceCentimes;

describe('parallel top-ups', () => {
  it('20 at once for one employee whose balance allows 3: exactly 3 go through', async () => {
    const company = await createTestCompany(t.db);
    await fundCompanyWallet(t.db, { companyId: company.id, amountCentimes: 1_000_000n });
    // net à payer 600 DH × 50 % = 300 DH available: 3 × 97 DH fit, a 4th does not.
    const { user } = await createFundedEmployee(t.db, company.id, 60_000n);
    const headers = await bearerFor(t, user.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(headers, iam100)));
    const codes = answers.map((r) => (r.statusCode === 201 ? 201 : r.json().errors[0].code));
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 'BALANCE_INSUFFICIENT')).toHaveLength(17);
    await t.ctx.jobs.drain();
    expect(await walletOf(company.id)).toBe(1_000_000n - 3n * 9_700n);
    const rows = await t.db.select().from(recharges).where(eq(recharges.companyId, company.id));
    expect(rows.map((r) => r.status)).toEqual(['executed', 'executed', 'executed']);
    expect(await ledgerInconsistencies(t.db)).toEqual({ unbalanced: [], drift: [] });
  });

  it('many employees at once never take the wallet below zero (INSUFFICIENT_FUNDS)', async () => {
    const company = await createTestCompany(t.db);
    await fundCompanyWallet(t.db, { companyId: company.id, amountCentimes: 40_000n }); // 400 DH: 4 × 97
    const people = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const { user } = await createFundedEmployee(t.db, company.id, 200_000n);
        return bearerFor(t, user.id);
      }),
    );
    const answers = await Promise.all(people.map((headers) => post(headers, iam100)));
    const codes = answers.map((r) => (r.statusCode === 201 ? 201 : r.json().errors[0].code));
    expect(codes.filter((c) => c === 201)).toHaveLength(4);
    expect(codes.filter((c) => c === 'INSUFFICIENT_FUNDS')).toHaveLength(4);
    await t.ctx.jobs.drain();
    expect(await walletOf(company.id)).toBe(40_000n - 4n * 9_700n);
    expect(await ledgerInconsistencies(t.db)).toEqual({ unbalanced: [], drift: [] });
  });

  it('the same Idempotency-Key sent 10 times at once creates one top-up; every answer is it', async () => {
    const company = await createTestCompany(t.db);
    await fundCompanyWallet(t.db, { companyId: company.id, amountCentimes: 1_000_000n });
    const { user } = await createFundedEmployee(t.db, company.id, 200_000n);
    const headers = await bearerFor(t, user.id);
    const key = { 'idempotency-key': 'double-tap-1' };
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(headers, iam100, key)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((r) => r.json().id)).size).toBe(1);
    await t.ctx.jobs.drain();
    expect(await t.db.select().from(recharges).where(eq(recharges.companyId, company.id))).toHaveLength(1);
    expect(await walletOf(company.id)).toBe(1_000_000n - 9_700n);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('on pg-boss (PostgreSQL)', () => {
  it('a top-up is carried end to end by the recharge.execute job', async () => {
    const boss = await createTestApp({ JOBS_DRIVER: 'pg-boss' });
    try {
      expect(boss.ctx.jobs.kind).toBe('pg-boss');
      const company = await createTestCompany(boss.db);
      await fundCompanyWallet(boss.db, { companyId: company.id, amountCentimes: 100_000n });
      const { user } = await createFundedEmployee(boss.db, company.id, 200_000n);
      const res = await boss.app.inject({
        method: 'POST',
        url: '/api/recharges/',
        headers: await bearerFor(boss, user.id),
        payload: iam100,
      });
      expect(res.statusCode).toBe(201);
      const deadline = Date.now() + 20_000;
      let status = 'pending';
      while (status !== 'executed' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        status = (await boss.db.select().from(recharges).where(eq(recharges.id, res.json().id)))[0]!.status;
      }
      expect(status).toBe('executed');
      expect(
        (await findAccount(boss.db, { companyId: company.id, kind: 'company_wallet' }))!.balanceCentimes,
      ).toBe(100_000n - 9_700n);
    } finally {
      await boss.close();
    }
  }, 30_000);
});
