/**
 * Demo data for a fresh database (server start outside production, `npm run admin -- seed-demo`).
 *
 * What it creates, in one transaction, only when there is no company yet:
 * - the published terms of use (DEMO_TERMS_VERSION);
 * - "Atlas Démo SARL", every feature on, groups "Siège Casablanca", "Usine Tanger", "Commercial",
 *   the logins salarie@demo.ma (employee), rh@demo.ma (RH) and drh@demo.ma (DRH), and 51 more
 *   employees: mostly activated, some invited (no password yet), two deactivated, three in no group;
 * - "Rif Industries", recharges, expenses and e-program off, with rh@rif.ma (RH) and 10 employees;
 * - two announcements: one for every company, one for Atlas;
 * - funded company wallets: Atlas 500 000 DH, Rif 150 000 DH (one 'wallet_funding' ledger transaction each);
 * - Atlas's money history (demo-money.ts): 40 executed advances and 25 executed top-ups over the
 *   29 days before today with their ledger postings; salarie@demo.ma has two advances and a top-up
 *   last month only;
 * - salarie@demo.ma's notifications: one per event of his movements, as the app writes them and
 *   pointing at them (decision 019), the two newest unread;
 * - one active prepaid card (•••• 4821), held by the last activated « Usine Tanger » worker
 *   (demo-cards.ts), so bonuses and advances can be paid to a card in the demo;
 * - Atlas's mission orders (demo-missions.ts): an expense validator who is not
 *   HR (btissam.raji@demo.ma), and four orders of salarie@demo.ma (pending and overdue, returned, accepted, refused).
 *
 * Every date the seed chooses comes from one `now` (the clock by default; the services still stamp
 * the rows they insert with their insertion time), and no draw depends on it: the same database
 * gets the same data at any hour (issue 8, test/seed-demo-clock.test.ts).
 *
 * Every demo login uses the password DEMO_PASSWORD and has a confirmed phone, so login skips
 * the OTP step, except nouveau@demo.ma whose first login asks for the SMS code (read it at
 * /api/dev/outbox). The demo accounts have deliberately NOT accepted the terms: the first login shows
 * the terms modal, which is the flow a new customer sees. Activated employees share the same
 * password hash (one argon2 hash for the whole seed, which keeps it well under a second).
 */
import { count, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/auth/passwords.ts';
import { advanceNotice } from '../../modules/advances/notices.ts';
import { createAnnouncement } from '../../modules/announcements/service.ts';
import { createCompany } from '../../modules/companies/service.ts';
import { fundCompanyWallet } from '../../modules/company-wallet/service.ts';
import { createEmployeeAccount } from '../../modules/employees/service.ts';
import { createGroup } from '../../modules/groups/service.ts';
import { type NotifyInput, notify } from '../../modules/notifications/service.ts';
import { rechargeNotice } from '../../modules/recharges/notices.ts';
import { publishTerms } from '../../modules/terms/service.ts';
import type { Db, DbOrTx } from '../client.ts';
import { users } from '../schema/accounts.ts';
import { companies } from '../schema/companies.ts';
import { notifications } from '../schema/notifications.ts';
import { seedDemoCard } from './demo-cards.ts';
import { seedExpenseCeilings } from './demo-expenses.ts';
import { seedMissionOrders } from './demo-missions.ts';
import { seedMoneyHistory, type WrittenMovement } from './demo-money.ts';
import {
  createPeopleFactory,
  createRandom,
  type DemoPerson,
  MONTHLY_HOURS,
  moroccanRib,
  type Random,
  salaryCentimes,
} from './demo-people.ts';
import { DEMO_TERMS_HTML, DEMO_TERMS_VERSION } from './terms-of-use.ts';

export const DEMO_PASSWORD = 'Tasbiq#2026';
export const DEMO_LOGINS = {
  employee: 'salarie@demo.ma',
  rh: 'rh@demo.ma',
  drh: 'drh@demo.ma',
  rifRh: 'rh@rif.ma',
  /** Has a password but has never confirmed its phone: its first login asks for the SMS code. */
  firstLogin: 'nouveau@demo.ma',
} as const;
export const DEMO_COMPANY_NAMES = { atlas: 'Atlas Démo SARL', rif: 'Rif Industries' } as const;
/** What the demo wallets start with (centimes): 500 000 DH and 150 000 DH. */
export const DEMO_WALLET_FUNDING = { atlas: 50_000_000n, rif: 15_000_000n } as const;

/** The generators' seeds: the people and their terms, then the money history (demo-money.ts). */
export const DEMO_RANDOM_SEEDS = { people: 2026, money: 2603 } as const;

/** Any constant: two servers starting at once on one PostgreSQL must not both seed. */
const SEED_LOCK_KEY = 7_262_026;

type Status = 'activated' | 'invited' | 'deactivated';

type DemoEmployee = DemoPerson & {
  companyId: number;
  groupId: number | null;
  serial: string;
  salary: bigint;
  status: Status;
  roles?: string[];
  phoneConfirmed?: boolean;
};

function employmentTerms(random: Random, salary: bigint) {
  const halfSalary = salary / 2n;
  return {
    salaryCentimes: salary,
    // Roughly what remains after CNSS, AMO and income tax; shown as "net à payer".
    netPayableCentimes: ((salary * 80n) / 100n / 100n) * 100n,
    hourlyRateCentimes: salary / MONTHLY_HOURS,
    rib: moroccanRib(random),
    advancePercentage: random.pick([30, 40, 50, 50, 60]),
    maxAdvancesPerMonth: random.pick([2, 3, 3, -1]),
    maxFreeAdvancesPerMonth: 1,
    totalMaxAdvancePerMonthCentimes: halfSalary < 500_000n ? halfSalary : 500_000n,
  };
}

async function insertEmployee(db: DbOrTx, random: Random, person: DemoEmployee, passwordHash: string) {
  const invited = person.status === 'invited';
  const deactivated = person.status === 'deactivated';
  return createEmployeeAccount(db, {
    companyId: person.companyId,
    email: person.email,
    phone: person.phone,
    passwordHash: invited ? null : passwordHash,
    firstName: person.firstName,
    lastName: person.lastName,
    cin: person.cin,
    roles: person.roles ?? [],
    isActive: !deactivated,
    phoneConfirmed: person.phoneConfirmed ?? !invited,
    employee: {
      groupId: person.groupId,
      serial: person.serial,
      status: person.status,
      isActive: !deactivated,
      ...employmentTerms(random, person.salary),
    },
  });
}

/** Most people use the app; every seventh was invited and never logged in; two have left. */
function statusAt(index: number, deactivatedAt: readonly number[]): Status {
  if (deactivatedAt.includes(index)) return 'deactivated';
  return index % 7 === 3 ? 'invited' : 'activated';
}

type NewPerson = ReturnType<typeof createPeopleFactory>;

type Crew = { groupId: number | null; size: number; cinPrefixes: string[]; salaryDh: [number, number] };

async function insertCrews(
  db: DbOrTx,
  random: Random,
  input: {
    companyId: number;
    serialPrefix: string;
    firstSerial: number;
    emailDomain: string;
    crews: Crew[];
    deactivatedAt: number[];
    passwordHash: string;
    newPerson: NewPerson;
  },
) {
  let index = 0;
  for (const crew of input.crews) {
    for (let i = 0; i < crew.size; i++, index++) {
      const person = input.newPerson({ emailDomain: input.emailDomain, cinPrefixes: crew.cinPrefixes });
      await insertEmployee(
        db,
        random,
        {
          ...person,
          companyId: input.companyId,
          groupId: crew.groupId,
          serial: `${input.serialPrefix}-${String(input.firstSerial + index).padStart(4, '0')}`,
          salary: salaryCentimes(random, ...crew.salaryDh),
          status: statusAt(index, input.deactivatedAt),
        },
        input.passwordHash,
      );
    }
  }
}

type DemoLogin = DemoPerson & { serial: string; salary: bigint; roles: string[]; phoneConfirmed?: boolean };

/** The hand-written accounts people log in with (the README and server banner list them). */
const ATLAS_LOGINS: readonly DemoLogin[] = [
  {
    firstName: 'Karim',
    lastName: 'Benjelloun',
    email: DEMO_LOGINS.employee,
    phone: '+212612345678',
    cin: 'BE482913',
    serial: 'ATL-0001',
    salary: 950_000n,
    roles: [],
  },
  {
    firstName: 'Nadia',
    lastName: 'El Amrani',
    email: DEMO_LOGINS.rh,
    phone: '+212661234567',
    cin: 'BK317205',
    serial: 'ATL-0002',
    salary: 1_400_000n,
    roles: ['RH'],
  },
  {
    firstName: 'Hicham',
    lastName: 'Tazi',
    email: DEMO_LOGINS.drh,
    phone: '+212662345678',
    cin: 'BH905164',
    serial: 'ATL-0003',
    salary: 2_400_000n,
    roles: ['DRH'],
  },
  {
    firstName: 'Salma',
    lastName: 'Idrissi',
    email: DEMO_LOGINS.firstLogin,
    phone: '+212663456789',
    cin: 'BJ240871',
    serial: 'ATL-0004',
    salary: 780_000n,
    roles: [],
    phoneConfirmed: false,
  },
];

const RIF_RH: DemoLogin = {
  firstName: 'Mohamed',
  lastName: 'Azzouzi',
  email: DEMO_LOGINS.rifRh,
  phone: '+212670112233',
  cin: 'S613872',
  serial: 'RIF-0001',
  salary: 1_300_000n,
  roles: ['RH'],
};

type Seeding = { db: DbOrTx; random: Random; newPerson: NewPerson; passwordHash: string };

async function seedAtlas({ db, random, newPerson, passwordHash }: Seeding) {
  const company = await createCompany(db, {
    name: DEMO_COMPANY_NAMES.atlas,
    // 15 DH per advance beyond the free ones; no cut-off day, so the demo works on any day.
    advanceFeeCentimes: 1500n,
    advanceCutoffDay: null,
    advancesEnabled: true,
    rechargesEnabled: true,
    fichesEnabled: true,
    cardsEnabled: true,
    bonusesEnabled: true,
    expensesEnabled: true,
    eprogramEnabled: true,
    transfersEnabled: true,
    billsEnabled: true,
  });
  const siege = await createGroup(db, company.id, { name: 'Siège Casablanca' });
  const usine = await createGroup(db, company.id, { name: 'Usine Tanger' });
  const commercial = await createGroup(db, company.id, { name: 'Commercial' });
  for (const login of ATLAS_LOGINS) {
    const person = { ...login, companyId: company.id, groupId: siege.id, status: 'activated' as const };
    await insertEmployee(db, random, person, passwordHash);
  }
  await insertCrews(db, random, {
    companyId: company.id,
    serialPrefix: 'ATL',
    firstSerial: ATLAS_LOGINS.length + 1,
    emailDomain: 'demo.ma',
    passwordHash,
    newPerson,
    deactivatedAt: [12, 33],
    crews: [
      { groupId: siege.id, size: 18, cinPrefixes: ['BE', 'BK', 'BJ', 'BH'], salaryDh: [7_000, 25_000] },
      { groupId: usine.id, size: 20, cinPrefixes: ['K', 'KB', 'L'], salaryDh: [4_000, 9_500] },
      { groupId: commercial.id, size: 10, cinPrefixes: ['A', 'AB', 'BK', 'J'], salaryDh: [6_000, 18_000] },
      { groupId: null, size: 3, cinPrefixes: ['BE', 'A'], salaryDh: [5_000, 12_000] },
    ],
  });
  return company;
}

async function seedRif({ db, random, newPerson, passwordHash }: Seeding) {
  const company = await createCompany(db, {
    name: DEMO_COMPANY_NAMES.rif,
    advanceFeeCentimes: 1000n,
    advanceCutoffDay: 25,
    advancesEnabled: true,
    rechargesEnabled: false,
    fichesEnabled: true,
    cardsEnabled: true,
    bonusesEnabled: true,
    expensesEnabled: false,
    eprogramEnabled: false,
  });
  const atelier = await createGroup(db, company.id, { name: 'Atelier Nador' });
  const administration = await createGroup(db, company.id, { name: 'Administration' });
  const rh = { ...RIF_RH, companyId: company.id, groupId: administration.id, status: 'activated' as const };
  await insertEmployee(db, random, rh, passwordHash);
  await insertCrews(db, random, {
    companyId: company.id,
    serialPrefix: 'RIF',
    firstSerial: 2,
    emailDomain: 'rif.ma',
    passwordHash,
    newPerson,
    deactivatedAt: [],
    crews: [
      { groupId: atelier.id, size: 7, cinPrefixes: ['S', 'SH', 'R'], salaryDh: [4_000, 8_000] },
      { groupId: administration.id, size: 3, cinPrefixes: ['S', 'R'], salaryDh: [6_000, 14_000] },
    ],
  });
  return company;
}

async function seedAnnouncements(db: DbOrTx, atlasId: number) {
  await createAnnouncement(db, {
    companyId: null,
    title: 'Votre avance en quelques secondes',
    content:
      '<p>Demandez une avance sur votre salaire depuis votre téléphone, à tout moment. ' +
      'Le montant arrive sur votre compte bancaire sous 48 heures, ou tout de suite sur votre carte prépayée.</p>',
  });
  await createAnnouncement(db, {
    companyId: atlasId,
    title: "Fermeture des bureaux — Fête de l'Indépendance",
    content:
      '<p>Les bureaux du siège et l’usine de Tanger seront fermés le mardi 18 novembre. ' +
      'Les demandes d’avance restent ouvertes et seront traitées dès le lendemain.</p>',
  });
}

/** How many of salarie@demo.ma's notifications, the newest, are unread and unseen (the badge). */
export const DEMO_UNREAD_NOTIFICATIONS = 2;

/**
 * salarie@demo.ma's notifications: the ones the app writes for his movements (demo-money.ts), each
 * dated at its event and pointing at its advance or top-up: an advance's request and payout, a
 * top-up's outcome. The older ones are read; the DEMO_UNREAD_NOTIFICATIONS newest are unread and
 * unseen. Only his: the other people of the history never log in, and the HR logins' page stays
 * empty.
 */
async function seedNotifications(db: DbOrTx, atlasId: number, written: readonly WrittenMovement[]) {
  const [employee] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_LOGINS.employee));
  if (!employee) return;
  const events = written
    .filter((movement) => movement.item.person.userId === employee.id)
    .flatMap(
      (movement): Array<{ notice: Omit<NotifyInput, 'userId' | 'companyId'>; at: Date }> =>
        movement.kind === 'advance'
          ? [
              { notice: advanceNotice('advance_created', movement.row), at: movement.item.at },
              { notice: advanceNotice('advance_executed', movement.row), at: movement.item.executedAt },
            ]
          : [{ notice: rechargeNotice('recharge_executed', movement.row), at: movement.item.executedAt }],
    )
    .sort((x, y) => x.at.getTime() - y.at.getTime());
  for (const [index, { notice, at }] of events.entries()) {
    const { id } = await notify(db, { userId: employee.id, companyId: atlasId, ...notice });
    const isRead = index < events.length - DEMO_UNREAD_NOTIFICATIONS;
    await db
      .update(notifications)
      .set({ createdAt: at, isRead, isSeen: isRead })
      .where(eq(notifications.id, id));
  }
}

async function hasCompanies(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ value: count() }).from(companies);
  return Number(row?.value ?? 0) > 0;
}

/**
 * Writes the demo data, as of `now`, into `tx` (a transaction; the caller checks that there is no
 * company yet). The same database gets the same data at any hour: only the dates follow `now`
 * (demo-money.ts says how).
 */
export async function seedDemo(tx: DbOrTx, input: { passwordHash: string; now: Date }) {
  const { now } = input;
  const random = createRandom(DEMO_RANDOM_SEEDS.people);
  const handWritten = [...ATLAS_LOGINS, RIF_RH].flatMap((p) => [p.email, p.phone, p.cin]);
  const seeding = {
    db: tx,
    random,
    newPerson: createPeopleFactory(random, handWritten),
    passwordHash: input.passwordHash,
  };
  await publishTerms(tx, { version: DEMO_TERMS_VERSION, content: DEMO_TERMS_HTML });
  const atlas = await seedAtlas(seeding);
  const rif = await seedRif(seeding);
  const atlasFunding = await fundCompanyWallet(tx, {
    companyId: atlas.id,
    amountCentimes: DEMO_WALLET_FUNDING.atlas,
    reference: 'demo',
  });
  await fundCompanyWallet(tx, {
    companyId: rif.id,
    amountCentimes: DEMO_WALLET_FUNDING.rif,
    reference: 'demo',
  });
  const money = await seedMoneyHistory(tx, {
    companyId: atlas.id,
    karimEmail: DEMO_LOGINS.employee,
    fundingTransactionId: atlasFunding.id,
    random: createRandom(DEMO_RANDOM_SEEDS.money),
    now,
  });
  await seedAnnouncements(tx, atlas.id);
  await seedNotifications(tx, atlas.id, money.written);
  await seedDemoCard(tx, atlas.id, now);
  await seedMissionOrders(tx, {
    atlasId: atlas.id,
    now,
    employeeEmail: DEMO_LOGINS.employee,
    rhEmail: DEMO_LOGINS.rh,
  });
  await seedExpenseCeilings(tx, atlas.id);
  return { atlasId: atlas.id, rifId: rif.id, moneyPlan: money.plan };
}

/**
 * Creates the demo companies when the database has none; answers whether it did. `now` (the
 * clock by default) is what the history and the notifications are dated from.
 */
export async function seedDemoIfEmpty(db: Db, options: { now?: Date } = {}): Promise<boolean> {
  const now = options.now ?? new Date();
  if (await hasCompanies(db)) return false;
  // Hashed before the transaction so the lock is held for the inserts only.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (await hasCompanies(tx)) return false;
    await seedDemo(tx, { passwordHash, now });
    return true;
  });
}
