/**
 * The demo's money history (issue 3), so the HR dashboard, charts, wallet and lists have something
 * to show on a fresh start: about 40 executed advances and 25 executed top-ups spread over the
 * last 30 days across Atlas employees, each with its ledger postings (creation + payout) written
 * through the same posting functions as the app, so the wallet and the ledger agree.
 *
 * Every item is checked against the pure balance rules at its own date (earned by that day, what
 * the employee had drawn that month, request limit, free advances and fee), so the history is one
 * the app itself could have produced. salarie@demo.ma (Karim) gets only one or two advances LAST
 * month: his current month stays untouched for the demo and the end-to-end tests.
 *
 * The ledger rows are back-dated to the item's date (seed only: the app never updates them).
 */
import { RECHARGE_PRODUCTS, type TTelecomOperator } from '@tasbiq/contracts/money';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { getOrCreateAccount, type LedgerAccount } from '../../lib/ledger.ts';
import { casablancaDate, startOfDayInCasablanca } from '../../lib/time.ts';
import { availableBalance } from '../../modules/advances/available.ts';
import { type BalanceMethod, earnedThisMonth } from '../../modules/advances/earned.ts';
import {
  type AccountResolver,
  postAdvanceCreated,
  postAdvanceExecuted,
} from '../../modules/advances/postings.ts';
import { simulateAdvance } from '../../modules/advances/simulate.ts';
import { postRechargeCreated, postRechargeExecuted } from '../../modules/recharges/ledger-postings.ts';
import { casablancaMonthBounds } from '../../modules/spending/state.ts';
import type { DbOrTx } from '../client.ts';
import { users } from '../schema/accounts.ts';
import { employees } from '../schema/employees.ts';
import { ledgerEntries, ledgerTransactions } from '../schema/ledger.ts';
import { advances, recharges } from '../schema/money.ts';
import type { Random } from './demo-people.ts';

const ADVANCES = 40;
const TOP_UPS = 25;
const ADVANCE_AMOUNTS_DH = [200, 300, 400, 500, 500, 600, 800, 1000, 1000, 1200, 1500, 2000];
const MINUTE = 60_000;

type Person = Awaited<ReturnType<typeof loadPeople>>[number];

async function loadPeople(db: DbOrTx, companyId: number) {
  return db
    .select({
      employeeId: employees.id,
      userId: employees.userId,
      email: users.email,
      phone: users.phone,
      firstName: users.firstName,
      lastName: users.lastName,
      serial: employees.serial,
      salaryCentimes: employees.salaryCentimes,
      hourlyRateCentimes: employees.hourlyRateCentimes,
      netPayableCentimes: employees.netPayableCentimes,
      balanceMethod: employees.balanceMethod,
      advancePercentage: employees.advancePercentage,
      maxAdvancesPerMonth: employees.maxAdvancesPerMonth,
      maxFreeAdvancesPerMonth: employees.maxFreeAdvancesPerMonth,
      totalMaxAdvancePerMonthCentimes: employees.totalMaxAdvancePerMonthCentimes,
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(
      and(
        eq(employees.companyId, companyId),
        eq(employees.status, 'activated'),
        eq(employees.isActive, true),
        isNotNull(employees.rib),
      ),
    )
    .orderBy(employees.id);
}

/** What each employee drew per Casablanca month, as the spending state would count it. */
function createTally() {
  const drawn = new Map<string, { centimes: bigint; advances: number }>();
  const keyOf = (employeeId: number, at: Date) => {
    const { month } = casablancaMonthBounds(at);
    return `${employeeId}:${month.year}-${month.month}`;
  };
  return {
    of(employeeId: number, at: Date) {
      return drawn.get(keyOf(employeeId, at)) ?? { centimes: 0n, advances: 0 };
    },
    add(employeeId: number, at: Date, centimes: bigint, isAdvance: boolean) {
      const now = this.of(employeeId, at);
      drawn.set(keyOf(employeeId, at), {
        centimes: now.centimes + centimes,
        advances: now.advances + (isAdvance ? 1 : 0),
      });
    },
  };
}

/** A working-hours instant `daysAgo` days before today (Casablanca), never in the future. */
function instantDaysAgo(random: Random, now: Date, daysAgo: number): Date {
  const midnight = startOfDayInCasablanca(casablancaDate(now), -daysAgo);
  const at = new Date(midnight.getTime() + (8 * 60 + random.int(0, 12 * 60)) * MINUTE);
  return at.getTime() < now.getTime() - 30 * MINUTE
    ? at
    : new Date(now.getTime() - random.int(31, 180) * MINUTE);
}

/**
 * Ledger transactions to move to the date of the event they record, applied in two statements at
 * the end (one per table) rather than two per posting: the seed runs at every fresh start.
 */
function createDating() {
  const dates: Array<{ id: number; at: Date }> = [];
  return {
    add(transactionId: number, at: Date) {
      dates.push({ id: transactionId, at });
    },
    async apply(db: DbOrTx) {
      if (dates.length === 0) return;
      const values = sql.join(
        dates.map((d) => sql`(${d.id}::int, ${d.at.toISOString()}::timestamptz)`),
        sql`, `,
      );
      await db.execute(
        sql`update ${ledgerTransactions} t set created_at = v.at from (values ${values}) as v(id, at) where t.id = v.id`,
      );
      await db.execute(
        sql`update ${ledgerEntries} e set created_at = v.at from (values ${values}) as v(id, at) where e.transaction_id = v.id`,
      );
    },
  };
}

/** Each account is looked up once for the whole seed (the postings still lock and re-read it). */
function memoizedAccounts(db: DbOrTx): AccountResolver {
  const known = new Map<string, Promise<LedgerAccount>>();
  return (key) => {
    const id = `${key.kind}:${key.companyId ?? 0}:${key.employeeId ?? 0}`;
    let account = known.get(id);
    if (!account) {
      account = getOrCreateAccount(db, key);
      known.set(id, account);
    }
    return account;
  };
}

type Seeding = {
  db: DbOrTx;
  random: Random;
  companyId: number;
  now: Date;
  tally: ReturnType<typeof createTally>;
  dating: ReturnType<typeof createDating>;
  accounts: AccountResolver;
};

type Tally = Seeding['tally'];
const COMPANY_FEE_CENTIMES = 1500n;

/** The advance the rules allow for `person` at `at`, trying smaller amounts; null when none fits. */
function allowedAdvance(random: Random, person: Person, at: Date, tally: Tally) {
  const month = tally.of(person.employeeId, at);
  const start = ADVANCE_AMOUNTS_DH.indexOf(random.pick(ADVANCE_AMOUNTS_DH));
  for (let i = start; i >= 0; i--) {
    const simulation = simulateAdvance({
      method: person.balanceMethod as BalanceMethod,
      salaryCentimes: person.salaryCentimes,
      hourlyRateCentimes: person.hourlyRateCentimes,
      netPayableCentimes: person.netPayableCentimes,
      workedDays: null,
      workedHours: null,
      at,
      amountCentimes: BigInt(ADVANCE_AMOUNTS_DH[i]!) * 100n,
      advancePercentage: person.advancePercentage,
      totalMaxPerMonthCentimes: person.totalMaxAdvancePerMonthCentimes,
      alreadyDrawnCentimes: month.centimes,
      advancesThisMonth: month.advances,
      maxAdvancesPerMonth: person.maxAdvancesPerMonth,
      maxFreeAdvancesPerMonth: person.maxFreeAdvancesPerMonth,
      companyFeeCentimes: COMPANY_FEE_CENTIMES,
      isRestricted: false,
      cutoffDay: null,
      walletBalanceCentimes: 10n ** 12n,
    });
    if (simulation.error_code === null) return simulation;
    if (simulation.error_code === 'REQUEST_LIMIT_EXCEEDED') return null;
  }
  return null;
}

async function seedAdvance(seeding: Seeding, person: Person, at: Date) {
  const { db, random, now, tally, dating, accounts } = seeding;
  const simulation = allowedAdvance(random, person, at, tally);
  if (!simulation) return false;
  const executedAt = new Date(
    Math.min(at.getTime() + random.int(5, 20 * 60) * MINUTE, now.getTime() - MINUTE),
  );
  // Written in its final state (the postings only read amount, fee, method and ids).
  const [advance] = await db
    .insert(advances)
    .values({
      companyId: seeding.companyId,
      employeeId: person.employeeId,
      amountCentimes: simulation.amount,
      feeCentimes: simulation.fee,
      isFree: simulation.is_free,
      payoutMethod: 'rib',
      status: 'executed',
      createdAt: at,
      payoutAfter: new Date(at.getTime() + 5 * MINUTE),
      processingAt: new Date(executedAt.getTime() - MINUTE),
      executedAt,
      providerReference: `VIR-DEMO-${random.digits(8)}`,
    })
    .returning();
  dating.add((await postAdvanceCreated(db, advance!, person, person.userId, accounts)).id, at);
  dating.add((await postAdvanceExecuted(db, advance!, person, accounts)).id, executedAt);
  tally.add(person.employeeId, at, simulation.total, true);
  return true;
}

const OPERATOR_BY_PREFIX: Array<[RegExp, TTelecomOperator]> = [
  [/^\+2126[0-3]/, 'iam'],
  [/^\+2126[4-6]/, 'orange'],
  [/^\+2126[7-9]/, 'inwi'],
];

async function seedTopUp(seeding: Seeding, person: Person, at: Date) {
  const { db, random, tally, dating } = seeding;
  const phone = person.phone && /^\+2126\d{8}$/.test(person.phone) ? person.phone : null;
  if (!phone) return false;
  const operator = OPERATOR_BY_PREFIX.find(([re]) => re.test(phone))?.[1] ?? 'iam';
  const product = random.pick(
    RECHARGE_PRODUCTS.filter((p) => p.operator === operator && Number(p.amount) <= 100),
  );
  const discounted = BigInt(Number(product.discounted_amount)) * 100n;
  const earned = earnedThisMonth({
    method: person.balanceMethod as BalanceMethod,
    salaryCentimes: person.salaryCentimes,
    hourlyRateCentimes: person.hourlyRateCentimes,
    netPayableCentimes: person.netPayableCentimes,
    workedDays: null,
    workedHours: null,
    at,
  });
  const available = availableBalance({
    earned,
    advancePercentage: person.advancePercentage,
    totalMaxPerMonthCentimes: person.totalMaxAdvancePerMonthCentimes,
    alreadyDrawnCentimes: tally.of(person.employeeId, at).centimes,
  });
  if (discounted > available) return false;
  const executedAt = new Date(at.getTime() + random.int(1, 3) * 1000);
  const [recharge] = await db
    .insert(recharges)
    .values({
      companyId: seeding.companyId,
      employeeId: person.employeeId,
      phone,
      operator,
      product: product.id,
      amountCentimes: BigInt(Number(product.amount)) * 100n,
      discountedAmountCentimes: discounted,
      status: 'executed',
      providerReference: `TEL-DEMO-${random.digits(8)}`,
      createdAt: at,
      processingAt: at,
      executedAt,
    })
    .returning();
  dating.add((await postRechargeCreated(db, recharge!, person, person.userId)).id, at);
  dating.add((await postRechargeExecuted(db, recharge!, person)).id, executedAt);
  tally.add(person.employeeId, at, discounted, false);
  return true;
}

/**
 * Writes the history for Atlas. `fundingTransactionId` (the wallet's first funding) is moved
 * before it, so the wallet reads in order: funding, then advances and top-ups.
 */
export async function seedMoneyHistory(
  db: DbOrTx,
  input: { companyId: number; karimEmail: string; fundingTransactionId: number; random: Random; now?: Date },
) {
  const { companyId, random } = input;
  const now = input.now ?? new Date();
  const seeding: Seeding = {
    db,
    random,
    companyId,
    now,
    tally: createTally(),
    dating: createDating(),
    accounts: memoizedAccounts(db),
  };
  // Funded a few days before the first day of last month, the earliest history item.
  const lastMonthStart = casablancaMonthBounds(
    new Date(casablancaMonthBounds(now).start.getTime() - 1),
  ).start;
  seeding.dating.add(input.fundingTransactionId, new Date(lastMonthStart.getTime() - 3 * 86_400_000));
  const people = await loadPeople(db, companyId);
  const karim = people.find((p) => p.email === input.karimEmail);
  const others = people.filter((p) => p !== karim);

  // Karim: one or two advances last month only (his current month stays as the demo expects).
  if (karim) {
    const { start } = casablancaMonthBounds(now);
    const lastMonth = casablancaMonthBounds(new Date(start.getTime() - 1));
    const first = `${lastMonth.month.year}-${String(lastMonth.month.month).padStart(2, '0')}-01`;
    for (const day of [8, 19]) {
      const at = new Date(
        startOfDayInCasablanca(first, day - 1).getTime() + (10 * 60 + random.int(0, 300)) * MINUTE,
      );
      await seedAdvance(seeding, karim, at);
    }
  }

  // Everyone else: events at random instants of the last 30 days, oldest first, so each is
  // checked against what that employee had drawn before it.
  const events = [
    ...Array.from({ length: ADVANCES + 10 }, () => ({ kind: 'advance' as const })),
    ...Array.from({ length: TOP_UPS + 8 }, () => ({ kind: 'top-up' as const })),
  ]
    .map((event) => ({
      ...event,
      person: random.pick(others),
      at: instantDaysAgo(random, now, random.int(0, 29)),
    }))
    .sort((x, y) => x.at.getTime() - y.at.getTime());
  const made = { advances: 0, topUps: 0 };
  for (const event of events) {
    if (event.kind === 'advance' && made.advances < ADVANCES) {
      if (await seedAdvance(seeding, event.person, event.at)) made.advances += 1;
    } else if (event.kind === 'top-up' && made.topUps < TOP_UPS) {
      if (await seedTopUp(seeding, event.person, event.at)) made.topUps += 1;
    }
  }
  await seeding.dating.apply(db);
  return made;
}
