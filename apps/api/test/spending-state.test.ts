import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advances, prepaidCards, recharges } from '../src/db/schema/money.ts';
import { casablancaMonthBounds } from '../src/lib/time.ts';
import { fundCompanyWallet } from '../src/modules/company-wallet/service.ts';
import { loadSpendingState, lockEmployee } from '../src/modules/spending/state.ts';
import { createTestCompany, createTestEmployee } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('spending state', () => {
  it('sums this month’s live advances and top-ups, counts advances, reads the wallet and the card', async () => {
    const company = await createTestCompany(t.db, { advanceFeeCentimes: 1500n, advanceCutoffDay: 25 });
    const { employee } = await createTestEmployee(t.db, company.id, {
      employee: { salaryCentimes: 1_000_000n },
    });
    await fundCompanyWallet(t.db, { companyId: company.id, amountCentimes: 5_000_000n, reference: 'test' });
    const at = new Date('2026-11-15T10:00:00Z');
    const { start } = casablancaMonthBounds(at);
    const lastMonth = new Date(start.getTime() - 1000);
    const base = { companyId: company.id, employeeId: employee.id, payoutMethod: 'rib' as const };
    await t.db.insert(advances).values([
      { ...base, amountCentimes: 10_000n, feeCentimes: 1500n, createdAt: at },
      { ...base, amountCentimes: 20_000n, status: 'canceled', createdAt: at },
      { ...base, amountCentimes: 40_000n, createdAt: lastMonth },
      { ...base, amountCentimes: 5_000n, status: 'executed', createdAt: start },
    ]);
    await t.db.insert(recharges).values([
      {
        companyId: company.id,
        employeeId: employee.id,
        phone: '+212612345678',
        operator: 'iam',
        product: 'iam-50',
        amountCentimes: 5000n,
        discountedAmountCentimes: 4900n,
        createdAt: at,
      },
    ]);
    await t.db
      .insert(prepaidCards)
      .values({ companyId: company.id, employeeId: employee.id, status: 'active' });

    const state = await t.db.transaction(async (tx) => {
      await lockEmployee(tx, employee.id);
      return loadSpendingState(tx, { employeeId: employee.id, companyId: company.id }, at);
    });
    expect(state).toMatchObject({
      drawnCentimes: 10_000n + 1500n + 5_000n + 4900n,
      advancesThisMonth: 2,
      walletBalanceCentimes: 5_000_000n,
      hasActiveCard: true,
      companyFeeCentimes: 1500n,
      cutoffDay: 25,
      month: { year: 2026, month: 11, day: 15 },
    });
    expect(
      await loadSpendingState(t.db, { employeeId: employee.id, companyId: company.id + 1000 }, at),
    ).toBeNull();
  });
});
