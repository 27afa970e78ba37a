/**
 * Bills paid at the same time (decision 042: the employee row lock, then a fresh spending state;
 * the wallet re-checked under its lock; an advisory lock per biller reference). Meaningful on
 * PostgreSQL (TEST_DATABASE_URL), where the requests really overlap; on PGlite (one connection)
 * they run one after the other and must give the same result.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bills } from '../src/db/schema/bills.ts';
import { findAccount } from '../src/lib/ledger.ts';
import { centimesToWire } from '../src/lib/money.ts';
import { fundCompanyWallet } from '../src/modules/company-wallet/service.ts';
import { sandboxBillOf } from '../src/providers/bill-payment/sandbox-bill-payment.ts';
import { bearerFor } from './auth-helpers.ts';
import { createFundedEmployee, createTestCompany, ledgerInconsistencies } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const pay = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/bills/', headers, payload });
const walletOf = async (companyId: number) =>
  (await findAccount(t.db, { companyId, kind: 'company_wallet' }))!.balanceCentimes;
const codesOf = (answers: Array<{ statusCode: number; json(): unknown }>) =>
  answers.map((r) =>
    r.statusCode === 201 ? 201 : (r.json() as { errors: Array<{ code: string }> }).errors[0]!.code,
  );

describe('parallel bill payments', () => {
  it('15 at once on one balance that allows 12: exactly 12 go through, the ledger sums to 0', async () => {
    const company = await createTestCompany(t.db);
    await fundCompanyWallet(t.db, { companyId: company.id, amountCentimes: 1_000_000n });
    // net à payer 2 000 DH × 50 % = 1 000 DH available: 12 × 80 DH fit, a 13th does not.
    const { user } = await createFundedEmployee(t.db, company.id, 200_000n);
    const headers = await bearerFor(t, user.id);
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        pay(headers, { biller: 'lydec', reference: `31${String(i).padStart(6, '0')}42`, amount: '80' }),
      ),
    );
    const codes = codesOf(answers);
    expect(codes.filter((c) => c === 201)).toHaveLength(12);
    expect(codes.filter((c) => c === 'BALANCE_INSUFFICIENT')).toHaveLength(3);
    await t.ctx.jobs.drain();
    expect(await walletOf(company.id)).toBe(1_000_000n - 12n * 8_000n);
    const rows = await t.db.select().from(bills).where(eq(bills.companyId, company.id));
    expect(rows.map((r) => r.status)).toEqual(Array(12).fill('executed'));
    expect(await ledgerInconsistencies(t.db)).toEqual({ unbalanced: [], drift: [] });
  });

  it('one bill paid in full by two people at once is paid once (BILL_ALREADY_PAID)', async () => {
    const company = await createTestCompany(t.db);
    await fundCompanyWallet(t.db, { companyId: company.id, amountCentimes: 1_000_000n });
    const people = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const { user } = await createFundedEmployee(t.db, company.id, 400_000n);
        return bearerFor(t, user.id);
      }),
    );
    const reference = '600987654321';
    const amount = centimesToWire(sandboxBillOf('onee', reference, new Date()).amountDueCentimes);
    const answers = await Promise.all(
      people.map((headers) => pay(headers, { biller: 'onee', reference, amount })),
    );
    const codes = codesOf(answers);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 'BILL_ALREADY_PAID')).toHaveLength(3);
    await t.ctx.jobs.drain();
    expect(await ledgerInconsistencies(t.db)).toEqual({ unbalanced: [], drift: [] });
  });

  it('many employees at once never take the wallet below zero (INSUFFICIENT_FUNDS)', async () => {
    const company = await createTestCompany(t.db);
    await fundCompanyWallet(t.db, { companyId: company.id, amountCentimes: 32_000n }); // 320 DH: 4 × 80
    const people = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const { user } = await createFundedEmployee(t.db, company.id, 200_000n);
        return bearerFor(t, user.id);
      }),
    );
    const answers = await Promise.all(
      people.map((headers, i) =>
        pay(headers, { biller: 'lydec', reference: `32${String(i).padStart(6, '0')}42`, amount: '80' }),
      ),
    );
    const codes = codesOf(answers);
    expect(codes.filter((c) => c === 201)).toHaveLength(4);
    expect(codes.filter((c) => c === 'INSUFFICIENT_FUNDS')).toHaveLength(4);
    await t.ctx.jobs.drain();
    expect(await walletOf(company.id)).toBe(0n);
    expect(await ledgerInconsistencies(t.db)).toEqual({ unbalanced: [], drift: [] });
  });
});
