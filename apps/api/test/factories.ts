import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../src/db/client.ts';
import { terms, termsAcceptances } from '../src/db/schema/content.ts';
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

export function uniquePhone(): string {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
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
