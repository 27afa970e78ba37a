import { CIN_RE } from '@tasbiq/contracts/validators';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { sandboxIssuedCards } from '../src/db/schema/cards.ts';
import { companies } from '../src/db/schema/companies.ts';
import { announcements, terms, termsAcceptances } from '../src/db/schema/content.ts';
import { employees, groups } from '../src/db/schema/employees.ts';
import { prepaidCards } from '../src/db/schema/money.ts';
import {
  DEMO_COMPANY_NAMES,
  DEMO_LOGINS,
  DEMO_PASSWORD,
  DEMO_WALLET_FUNDING,
  seedDemoIfEmpty,
} from '../src/db/seed/demo.ts';
import { DEMO_CARD } from '../src/db/seed/demo-cards.ts';
import { verifyPassword } from '../src/lib/auth/passwords.ts';
import { findAccount } from '../src/lib/ledger.ts';
import { walletTotals } from '../src/modules/company-wallet/queries.ts';
import { bearerFor } from './auth-helpers.ts';
import { acceptTerms } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** The seed's "now", fixed: the outcome must not depend on when the test runs. */
const NOW = new Date('2026-11-30T21:30:00Z');

let t: TestApp;
let seeded: boolean;
// Seeding goes through the real services (ledger postings included); its speed is not a test's
// business (benchmarks measure speed), but a loaded CI machine needs room.
beforeAll(async () => {
  t = await createTestApp();
  seeded = await seedDemoIfEmpty(t.db, { now: NOW });
}, 60_000);
afterAll(() => t.close());

async function companyNamed(name: string) {
  const [row] = await t.db.select().from(companies).where(eq(companies.name, name));
  return row!;
}
async function loginAccount(email: string) {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  return row!;
}
const employeesOf = (companyId: number) =>
  t.db
    .select({ employee: employees, user: users })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(employees.companyId, companyId));

/** 97 − (first 22 digits × 100 mod 97) — the key of a Moroccan RIB. */
const ribKeyIsValid = (rib: string) =>
  97n - ((BigInt(rib.slice(0, 22)) * 100n) % 97n) === BigInt(rib.slice(22));

describe('seedDemoIfEmpty', () => {
  it('seeds an empty database', () => {
    expect(seeded).toBe(true);
  });

  it('creates the two companies with their feature flags', async () => {
    const atlas = await companyNamed(DEMO_COMPANY_NAMES.atlas);
    const rif = await companyNamed(DEMO_COMPANY_NAMES.rif);
    expect(atlas).toMatchObject({
      isActive: true,
      advancesEnabled: true,
      rechargesEnabled: true,
      fichesEnabled: true,
      cardsEnabled: true,
      bonusesEnabled: true,
      expensesEnabled: true,
      eprogramEnabled: true,
      transfersEnabled: true,
    });
    expect(atlas.signupToken).toBeTruthy();
    expect(rif).toMatchObject({
      isActive: true,
      advancesEnabled: true,
      rechargesEnabled: false,
      expensesEnabled: false,
    });
  });

  it('creates the demo logins with the demo password, a confirmed phone, a CIN and their roles', async () => {
    const atlas = await companyNamed(DEMO_COMPANY_NAMES.atlas);
    const rif = await companyNamed(DEMO_COMPANY_NAMES.rif);
    const expected = [
      [DEMO_LOGINS.employee, atlas.id, []],
      [DEMO_LOGINS.rh, atlas.id, ['RH']],
      [DEMO_LOGINS.drh, atlas.id, ['DRH']],
      [DEMO_LOGINS.rifRh, rif.id, ['RH']],
    ] as const;
    for (const [email, companyId, roles] of expected) {
      const user = await loginAccount(email);
      expect(user, email).toMatchObject({ companyId, roles, isActive: true });
      expect(user.phone).toMatch(/^\+212[67]\d{8}$/);
      expect(user.cin).toMatch(CIN_RE);
      expect(user.phoneConfirmedAt).not.toBeNull();
      const [employee] = await t.db.select().from(employees).where(eq(employees.userId, user.id));
      expect(employee, email).toMatchObject({ companyId, status: 'activated', isActive: true });
    }
    expect(await verifyPassword((await loginAccount(DEMO_LOGINS.rh)).passwordHash, DEMO_PASSWORD)).toBe(true);
  });

  it('publishes real terms of use that the demo logins have not accepted yet', async () => {
    const published = await t.db.select().from(terms);
    expect(published).toHaveLength(1);
    expect(published[0]!.content).toContain('09-08');
    expect(published[0]!.content).toContain('CNDP');
    expect(published[0]!.content).toMatch(/<h2>Article \d+ — Objet<\/h2>/);
    const [accepted] = await t.db.select({ value: count() }).from(termsAcceptances);
    expect(Number(accepted!.value)).toBe(0);
  });

  it('gives Atlas three groups and about fifty employees with realistic data', async () => {
    const atlas = await companyNamed(DEMO_COMPANY_NAMES.atlas);
    const groupNames = (await t.db.select().from(groups).where(eq(groups.companyId, atlas.id))).map(
      (g) => g.name,
    );
    expect(groupNames.sort()).toEqual(['Commercial', 'Siège Casablanca', 'Usine Tanger']);

    const rows = await employeesOf(atlas.id);
    expect(rows.length).toBeGreaterThanOrEqual(50);
    const statuses = rows.map((r) => r.employee.status);
    expect(statuses.filter((s) => s === 'deactivated')).toHaveLength(2);
    expect(statuses.filter((s) => s === 'invited').length).toBeGreaterThan(3);
    expect(statuses.filter((s) => s === 'activated').length).toBeGreaterThan(35);
    expect(new Set(rows.map((r) => r.employee.serial)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.user.cin)).size).toBe(rows.length);

    for (const { employee, user } of rows) {
      expect(employee.salaryCentimes).toBeGreaterThanOrEqual(400_000n);
      expect(employee.salaryCentimes).toBeLessThanOrEqual(2_500_000n);
      expect(employee.serial).toMatch(/^ATL-\d{4}$/);
      expect(employee.rib).toMatch(/^\d{24}$/);
      expect(ribKeyIsValid(employee.rib!), employee.rib!).toBe(true);
      expect(user.cin).toMatch(CIN_RE);
      expect(user.email).toMatch(/^[a-z.0-9]+@demo\.ma$/);
      if (employee.status === 'invited') {
        expect(user.passwordHash).toBeNull();
        expect(user.phoneConfirmedAt).toBeNull();
      } else {
        expect(user.passwordHash).not.toBeNull();
      }
      if (employee.status === 'deactivated')
        expect([employee.isActive, user.isActive]).toEqual([false, false]);
    }
  });

  it('gives Rif Industries its RH and ten employees', async () => {
    const rif = await companyNamed(DEMO_COMPANY_NAMES.rif);
    const rows = await employeesOf(rif.id);
    expect(rows).toHaveLength(11);
    expect(rows.every((r) => r.user.email?.endsWith('@rif.ma'))).toBe(true);
  });

  it('funds both demo wallets (Atlas 500 000 DH, Rif 150 000 DH)', async () => {
    const atlas = await companyNamed(DEMO_COMPANY_NAMES.atlas);
    const rif = await companyNamed(DEMO_COMPANY_NAMES.rif);
    const atlasWallet = await findAccount(t.db, { companyId: atlas.id, kind: 'company_wallet' });
    const rifWallet = await findAccount(t.db, { companyId: rif.id, kind: 'company_wallet' });
    // Atlas was funded 500 000 DH; its money history (demo-money.ts) has drawn on it since.
    expect((await walletTotals(t.db, atlas.id)).credit).toBe(DEMO_WALLET_FUNDING.atlas);
    expect(DEMO_WALLET_FUNDING.atlas).toBe(50_000_000n);
    expect(atlasWallet!.balanceCentimes < DEMO_WALLET_FUNDING.atlas).toBe(true);
    expect(rifWallet?.balanceCentimes).toBe(15_000_000n);
  });

  it('publishes one announcement for everyone and one for Atlas', async () => {
    const atlas = await companyNamed(DEMO_COMPANY_NAMES.atlas);
    const rows = await t.db.select().from(announcements);
    expect(rows.map((a) => a.companyId).sort()).toEqual([atlas.id, null].sort());
  });

  it('gives one « Usine Tanger » worker an active prepaid card the sandbox issuer knows', async () => {
    const atlas = await companyNamed(DEMO_COMPANY_NAMES.atlas);
    const cards = await t.db.select().from(prepaidCards);
    expect(cards).toHaveLength(1);
    const [card] = cards;
    expect(card).toMatchObject({ companyId: atlas.id, status: 'active', last4: DEMO_CARD.last4 });
    const [holder] = await t.db
      .select({ group: groups.name, status: employees.status, email: users.email })
      .from(employees)
      .innerJoin(groups, eq(groups.id, employees.groupId))
      .innerJoin(users, eq(users.id, employees.userId))
      .where(eq(employees.id, card!.employeeId));
    expect(holder).toMatchObject({ group: 'Usine Tanger', status: 'activated' });
    expect(Object.values(DEMO_LOGINS)).not.toContain(holder!.email);
    const [issued] = await t.db.select().from(sandboxIssuedCards);
    expect(issued).toMatchObject({
      cardId: card!.id,
      stage: 'active',
      issuerReference: card!.issuerReference,
    });
  });

  it('lets the demo RH list the Atlas groups once the terms are accepted', async () => {
    const rh = await loginAccount(DEMO_LOGINS.rh);
    const headers = await bearerFor(t, rh.id);
    const blocked = await t.app.inject({ method: 'GET', url: '/api/groups/', headers });
    expect(blocked.json().errors[0].code).toBe('terms_not_accepted');
    const [current] = await t.db.select().from(terms);
    await acceptTerms(t.db, rh.id, current!.id);
    const res = await t.app.inject({ method: 'GET', url: '/api/groups/?ordering=-employee_count', headers });
    expect(res.statusCode).toBe(200);
    const results = res.json().results as { name: string; employee_count: number }[];
    // Siège holds the four demo logins plus 18 people; three more employees have no group.
    expect(results).toEqual([
      expect.objectContaining({ name: 'Siège Casablanca', employee_count: 22 }),
      expect.objectContaining({ name: 'Usine Tanger', employee_count: 20 }),
      expect.objectContaining({ name: 'Commercial', employee_count: 10 }),
    ]);
  });

  it('does nothing the second time', async () => {
    const before = await t.db.select({ value: count() }).from(users);
    expect(await seedDemoIfEmpty(t.db, { now: NOW })).toBe(false);
    const after = await t.db.select({ value: count() }).from(users);
    expect(after).toEqual(before);
    const demoCompanies = await t.db
      .select()
      .from(companies)
      .where(inArray(companies.name, Object.values(DEMO_COMPANY_NAMES)));
    expect(demoCompanies).toHaveLength(2);
  });
});

describe('the first-login demo account', () => {
  it('has a password but an unconfirmed phone, so its login asks for the SMS code', async () => {
    const t2 = await createTestApp();
    try {
      await seedDemoIfEmpty(t2.db, { now: NOW });
      const res = await t2.app.inject({
        method: 'POST',
        url: '/api/auth/token',
        payload: { username: DEMO_LOGINS.firstLogin, password: DEMO_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().otp_required).toBe(true);
    } finally {
      await t2.close();
    }
  });
});
