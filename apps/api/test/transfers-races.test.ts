/**
 * Transfers sent at the same time (decision 044, as top-ups: employee row lock, then a fresh
 * spending state; the wallet re-checked under its lock), and a cancel racing an agency's payout
 * and the expiry job. Meaningful on PostgreSQL (TEST_DATABASE_URL), where the calls really
 * overlap; on PGlite (one connection) they run one after the other and must give the same result.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transfers } from '../src/db/schema/transfers.ts';
import { findAccount } from '../src/lib/ledger.ts';
import { fundCompanyWallet } from '../src/modules/company-wallet/service.ts';
import { expireTransfers } from '../src/modules/transfers/jobs.ts';
import { bearerFor } from './auth-helpers.ts';
import { createFundedEmployee, createTestCompany, ledgerInconsistencies } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (headers: Record<string, string>, payload: Record<string, unknown>, extra = {}) =>
  t.app.inject({ method: 'POST', url: '/api/transfers/', headers: { ...headers, ...extra }, payload });
const to = (amount: string) => ({ recipient_name: 'Said Amrani', recipient_phone: '0661000001', amount });
const walletOf = async (companyId: number) =>
  (await findAccount(t.db, { companyId, kind: 'company_wallet' }))!.balanceCentimes;
const codeOf = async (id: number) => (await t.ctx.moneyTransfer.sandbox!.codeOf(`transfer:${id}`))!;

describe('parallel transfers on one balance', () => {
  it('20 at once for one employee whose balance allows 3: exactly 3 go through', async () => {
    const company = await createTestCompany(t.db);
    await fundCompanyWallet(t.db, { companyId: company.id, amountCentimes: 1_000_000n });
    // 600 DH × 50 % = 300 DH available: 3 × (90 + 10 fee) fit, a 4th does not.
    const { user } = await createFundedEmployee(t.db, company.id, 60_000n);
    const headers = await bearerFor(t, user.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(headers, to('90'))));
    const codes = answers.map((r) => (r.statusCode === 201 ? 201 : r.json().errors[0].code));
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 'BALANCE_INSUFFICIENT')).toHaveLength(17);
    await t.ctx.jobs.drain();
    expect(await walletOf(company.id)).toBe(1_000_000n - 3n * 10_000n);
    const rows = await t.db.select().from(transfers).where(eq(transfers.companyId, company.id));
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    expect(await ledgerInconsistencies(t.db)).toEqual({ unbalanced: [], drift: [] });
  });

  it('many employees at once never take the wallet below zero (INSUFFICIENT_FUNDS)', async () => {
    const company = await createTestCompany(t.db);
    await fundCompanyWallet(t.db, { companyId: company.id, amountCentimes: 40_000n }); // 400 DH: 4 × 100
    const people = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const { user } = await createFundedEmployee(t.db, company.id, 200_000n);
        return bearerFor(t, user.id);
      }),
    );
    const answers = await Promise.all(people.map((headers) => post(headers, to('90'))));
    const codes = answers.map((r) => (r.statusCode === 201 ? 201 : r.json().errors[0].code));
    expect(codes.filter((c) => c === 201)).toHaveLength(4);
    expect(codes.filter((c) => c === 'INSUFFICIENT_FUNDS')).toHaveLength(4);
    await t.ctx.jobs.drain();
    expect(await walletOf(company.id)).toBe(0n);
    expect(await ledgerInconsistencies(t.db)).toEqual({ unbalanced: [], drift: [] });
  });

  it('the same Idempotency-Key sent 10 times at once creates one transfer', async () => {
    const company = await createTestCompany(t.db);
    await fundCompanyWallet(t.db, { companyId: company.id, amountCentimes: 1_000_000n });
    const { user } = await createFundedEmployee(t.db, company.id, 200_000n);
    const headers = await bearerFor(t, user.id);
    const key = { 'idempotency-key': 'double-tap-transfer' };
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(headers, to('200'), key)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((r) => r.json().id)).size).toBe(1);
    await t.ctx.jobs.drain();
    expect(await t.db.select().from(transfers).where(eq(transfers.companyId, company.id))).toHaveLength(1);
    expect(await walletOf(company.id)).toBe(1_000_000n - 21_000n);
  });

  it('cancel, agency payout and expiry at once: one outcome, posted once', async () => {
    const company = await createTestCompany(t.db);
    await fundCompanyWallet(t.db, { companyId: company.id, amountCentimes: 1_000_000n });
    const { user } = await createFundedEmployee(t.db, company.id, 200_000n);
    const headers = await bearerFor(t, user.id);
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await post(headers, to('100'))).json().id);
    await t.ctx.jobs.drain();
    const far = new Date(Date.now() + 30 * 86_400_000);
    const codes = await Promise.all(ids.map(codeOf));
    await Promise.all([
      ...ids.map((id) => t.app.inject({ method: 'POST', url: `/api/transfers/${id}/cancel/`, headers })),
      ...codes.map((code) => t.ctx.moneyTransfer.sandbox!.collect(code)),
      expireTransfers({ db: t.db, network: t.ctx.moneyTransfer }, far),
    ]);
    const rows = await t.db.select().from(transfers).where(eq(transfers.companyId, company.id));
    for (const row of rows) expect(['collected', 'canceled', 'expired']).toContain(row.status);
    const collected = rows.filter((r) => r.status === 'collected').length;
    expect(await walletOf(company.id)).toBe(1_000_000n - BigInt(collected) * 11_000n);
    expect(await ledgerInconsistencies(t.db)).toEqual({ unbalanced: [], drift: [] });
  });
});
