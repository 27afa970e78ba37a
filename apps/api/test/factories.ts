import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/client.ts';
import { terms, termsAcceptances } from '../src/db/schema/content.ts';
import { prepaidCards } from '../src/db/schema/money.ts';
import { createCompany, type NewCompany } from '../src/modules/companies/service.ts';
import { createEmployeeAccount, type NewEmployee } from '../src/modules/employees/service.ts';

/** Factories build valid data through the same services the app uses. */
export const TEST_PASSWORD = 'Tasbiq#2026';
let sequence = 0;
const unique = () =>
  `${Date.now().toString(36)}${(sequence++).toString(36)}${randomBytes(2).toString('hex')}`;

/** CINs are unique on the platform: a counter, not a random number, so two never collide. */
let cinCounter = Math.floor(Math.random() * 500_000);
export function uniqueCin(): string {
  cinCounter += 1;
  return `AB${String(cinCounter).padStart(6, '0')}`;
}

/** Random mobiles never start +2126 9: that range is left to tests that need thousands of phones of their own. */
export function uniquePhone(): string {
  const digits = String(Math.floor(Math.random() * 9e7)).padStart(8, '0');
  return `+2126${digits}`;
}

export function createTestCompany(db: DbOrTx, overrides: Partial<NewCompany> = {}) {
  return createCompany(db, {
    name: `Société ${unique()}`,
    advancesEnabled: true,
    rechargesEnabled: true,
    fichesEnabled: true,
    cardsEnabled: true,
    bonusesEnabled: true,
    expensesEnabled: true,
    transfersEnabled: true,
    billsEnabled: true,
    ...overrides,
  });
}

export function createTestEmployee(db: DbOrTx, companyId: number, overrides: Partial<NewEmployee> = {}) {
  const id = unique();
  return createEmployeeAccount(db, {
    companyId,
    email: `salarie.${id}@test.ma`,
    phone: uniquePhone(),
    password: TEST_PASSWORD,
    firstName: 'Yassine',
    lastName: 'Alaoui',
    cin: uniqueCin(),
    phoneConfirmed: true,
    ...overrides,
  });
}

export async function publishTerms(db: DbOrTx, content = '<p>Conditions générales</p>', version = unique()) {
  const [row] = await db.insert(terms).values({ version, content }).returning();
  return row!;
}

export async function acceptTerms(db: DbOrTx, userId: number, termsId: number) {
  await db.insert(termsAcceptances).values({ userId, termsId }).onConflictDoNothing();
}

/**
 * An employee whose available balance is known whatever the day: balance method 3 (the month's
 * net à payer), so available = netPayable × advance percentage (default 50 %), capped by the
 * monthly max (default 5 000 DH).
 */
export function createFundedEmployee(
  db: DbOrTx,
  companyId: number,
  netPayableCentimes: bigint,
  overrides: Partial<NewEmployee> = {},
) {
  return createTestEmployee(db, companyId, {
    ...overrides,
    employee: { balanceMethod: 3, netPayableCentimes, ...overrides.employee },
  });
}

/** Ledger invariants (decision 018): transactions that do not sum to zero, accounts whose balance drifted. */
export async function ledgerInconsistencies(db: DbOrTx) {
  const unbalanced = await db.execute(
    sql`select transaction_id from ledger_entries group by transaction_id having sum(amount_centimes) <> 0 or count(*) < 2`,
  );
  const drift = await db.execute(sql`
    select a.id from ledger_accounts a
    left join (select account_id, sum(amount_centimes) as total from ledger_entries group by account_id) e
      on e.account_id = a.id
    where a.balance_centimes <> coalesce(e.total, 0)`);
  return { unbalanced: unbalanced.rows, drift: drift.rows };
}

/** An active prepaid card (card payouts need one; the card issue will build it through its service). */
export async function createActiveCard(db: DbOrTx, companyId: number, employeeId: number, last4 = '4242') {
  const [row] = await db
    .insert(prepaidCards)
    .values({ companyId, employeeId, status: 'active', last4 })
    .returning();
  return row!;
}
