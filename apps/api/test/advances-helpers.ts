import { eq, sql } from 'drizzle-orm';
import { advances } from '../src/db/schema/money.ts';
import { findAccount } from '../src/lib/ledger.ts';
import type { NewCompany } from '../src/modules/companies/service.ts';
import { fundCompanyWallet } from '../src/modules/company-wallet/service.ts';
import type { NewEmployee } from '../src/modules/employees/service.ts';
import { bearerFor } from './auth-helpers.ts';
import { createFundedEmployee, createTestCompany, createTestEmployee } from './factories.ts';
import type { TestApp } from './test-app.ts';

export const TEST_RIB = '011780000012345678901234';

export type Person = Awaited<ReturnType<typeof createTestEmployee>> & { auth: Record<string, string> };

/**
 * A company with a funded wallet, an RH and a DRH. Employees made with `employee()` earn a known
 * amount whatever the day (balance method 3: available = net à payer × 50 %, capped at 5 000 DH).
 */
export async function createTenant(
  t: TestApp,
  options: { company?: Partial<NewCompany>; walletCentimes?: bigint } = {},
) {
  const company = await createTestCompany(t.db, { advanceFeeCentimes: 1500n, ...options.company });
  const wallet = options.walletCentimes ?? 100_000_000n;
  if (wallet > 0n)
    await fundCompanyWallet(t.db, { companyId: company.id, amountCentimes: wallet, reference: 'test' });
  const withAuth = async (person: Awaited<ReturnType<typeof createTestEmployee>>): Promise<Person> => ({
    ...person,
    auth: await bearerFor(t, person.user.id),
  });
  return {
    company,
    rh: await withAuth(await createTestEmployee(t.db, company.id, { roles: ['RH'], lastName: 'Rh' })),
    drh: await withAuth(await createTestEmployee(t.db, company.id, { roles: ['DRH'], lastName: 'Drh' })),
    /** net à payer 10 000 DH by default → 5 000 DH available. */
    async employee(overrides: Partial<NewEmployee> & { netPayable?: bigint } = {}) {
      const { netPayable = 1_000_000n, ...rest } = overrides;
      return withAuth(
        await createFundedEmployee(t.db, company.id, netPayable, {
          ...rest,
          employee: { rib: TEST_RIB, ...rest.employee },
        }),
      );
    },
  };
}
export type Tenant = Awaited<ReturnType<typeof createTenant>>;

export function post(t: TestApp, url: string, auth: Record<string, string>, payload: unknown, headers = {}) {
  return t.app.inject({ method: 'POST', url, headers: { ...auth, ...headers }, payload: payload as object });
}

export function get(t: TestApp, url: string, auth: Record<string, string>) {
  return t.app.inject({ method: 'GET', url, headers: auth });
}

export async function walletBalance(t: TestApp, companyId: number) {
  return (await findAccount(t.db, { companyId, kind: 'company_wallet' }))?.balanceCentimes ?? 0n;
}

export async function accountBalance(
  t: TestApp,
  companyId: number,
  kind: 'payouts_clearing' | 'fees_income' | 'employee_advances',
  employeeId?: number,
) {
  return (await findAccount(t.db, { companyId, kind, employeeId }))?.balanceCentimes ?? 0n;
}

export async function advanceRow(t: TestApp, id: number) {
  const [row] = await t.db.select().from(advances).where(eq(advances.id, id));
  return row!;
}

/** Moves an advance's creation into the past (month boundaries, date filters). */
export async function backdate(t: TestApp, id: number, at: Date) {
  await t.db.update(advances).set({ createdAt: at }).where(eq(advances.id, id));
}

export async function ledgerTransactionsOf(t: TestApp, advanceId: number) {
  const result = await t.db.execute(
    sql`select type, idempotency_key from ledger_transactions where reference = ${`advance:${advanceId}`} order by id`,
  );
  return result.rows as Array<{ type: string; idempotency_key: string }>;
}
