/**
 * The demo's money history (issue 3), so the HR dashboard, charts, wallet and lists have something
 * to show on a fresh start: 40 executed advances and 25 executed top-ups spread over the 29 days
 * before today across Atlas employees, each with its ledger postings (creation + payout) written
 * through the same posting functions as the app, so the wallet and the ledger agree.
 *
 * Every item is checked against the pure balance rules at its own date (earned by that day, what
 * the employee had drawn that month, request limit, free advances and fee), so the history is one
 * the app itself could have produced. salarie@demo.ma (Karim) gets two advances and one 50 DH top-up
 * of his own line LAST month, the movements his notifications report (demo.ts): his current month
 * stays untouched for the demo and the end-to-end tests.
 *
 * The same seed gives the same history whatever the hour (issue 8): every random value is drawn
 * up front, a fixed number of times (`drawEvents`), before `now` places anything; items sit on
 * whole Casablanca days before today (never today), so no instant needs re-drawing to stay in the
 * past and the hour of `now` moves no item (only a payout time, capped at `now`). The date of `now`
 * matters through the calendar alone: which day of its month an item falls on decides how much of
 * the drawn amount the rules allow, and an event they refuse for the drawn person goes to the next
 * person in turn, so the counts stay the same on any date. `planMoneyHistory` is that pure part
 * (test/seed-demo-clock.test.ts runs it at many instants); `seedMoneyHistory` writes its plan.
 *
 * The ledger rows are back-dated to the item's date (seed only: the app never updates them).
 */
import { RECHARGE_PRODUCTS, type TRechargeProduct, type TTelecomOperator } from '@tasbiq/contracts/money';
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
import type { DbOrTx } from '../client.ts';
import { users } from '../schema/accounts.ts';
import { employees } from '../schema/employees.ts';
import { ledgerEntries, ledgerTransactions } from '../schema/ledger.ts';
import { advances, recharges } from '../schema/money.ts';
import type { Random } from './demo-people.ts';

export const DEMO_ADVANCES = 40;
export const DEMO_TOP_UPS = 25;
/** Items sit on the DAYS days before today, so all of them show in the 30-day charts (today included). */
const DAYS = 29;
const ADVANCE_AMOUNTS_DH = [200, 300, 400, 500, 500, 600, 800, 1000, 1000, 1200, 1500, 2000];
const COMPANY_FEE_CENTIMES = 1500n;
const MINUTE = 60_000;

export type MoneyPerson = Awaited<ReturnType<typeof loadMoneyPeople>>[number];

/** The Atlas employees who can draw (activated, active, with a RIB), in id order. */
export async function loadMoneyPeople(db: DbOrTx, companyId: number) {
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

/** Midnight (Casablanca) starting the month of `at`. */
function monthStart(at: Date): Date {
  return startOfDayInCasablanca(`${casablancaDate(at).slice(0, 8)}01`);
}

/** What each employee drew per Casablanca month, as the spending state would count it. */
function createTally() {
  const drawn = new Map<string, { centimes: bigint; advances: number }>();
  const keyOf = (employeeId: number, at: Date) => `${employeeId}:${casablancaDate(at).slice(0, 7)}`;
  return {
    of(employeeId: number, at: Date) {
      return drawn.get(keyOf(employeeId, at)) ?? { centimes: 0n, advances: 0 };
    },
    add(employeeId: number, at: Date, centimes: bigint, isAdvance: boolean) {
      const before = this.of(employeeId, at);
      drawn.set(keyOf(employeeId, at), {
        centimes: before.centimes + centimes,
        advances: before.advances + (isAdvance ? 1 : 0),
      });
    },
  };
}
type Tally = ReturnType<typeof createTally>;

const OPERATOR_BY_PREFIX: Array<[RegExp, TTelecomOperator]> = [
  [/^\+2126[0-3]/, 'iam'],
  [/^\+2126[4-6]/, 'orange'],
  [/^\+2126[7-9]/, 'inwi'],
];
/** The sandbox tops up Moroccan mobile lines of the three operators: +2126 and eight digits. */
const TOP_UP_PHONE = /^\+2126\d{8}$/;

function operatorOf(phone: string): TTelecomOperator {
  return OPERATOR_BY_PREFIX.find(([re]) => re.test(phone))?.[1] ?? 'iam';
}

/**
 * When an event happens, as drawn: a minute of a whole day, `days` days from today (negative: before),
 * or (Karim's) from the first day of last month.
 */
type Moment = { from: 'today' | 'last-month'; days: number; minuteOfDay: number };
/**
 * Who an event is for: `pool[first]` as drawn; when the rules refuse it at its date, the next
 * people of the pool in turn (the calendar decides that, not the clock).
 */
type Candidates = { pool: readonly MoneyPerson[]; first: number };
type AdvanceDraw = {
  kind: 'advance';
  candidates: Candidates;
  moment: Moment;
  amountDh: number;
  delayMinutes: number;
  reference: string;
};
type TopUpDraw = {
  kind: 'top-up';
  candidates: Candidates;
  moment: Moment;
  /** In [0, 1): which product of the line's operator (≤ 100 DH), whoever the line is. */
  productShare: number;
  /** A product of this credit (DH) instead, when the line's operator has one (Karim's). */
  amountDh?: number;
  delaySeconds: number;
  reference: string;
};
type Draw = AdvanceDraw | TopUpDraw;

/** Karim's advances: day 8 and day 19 of last month, in the morning. */
const KARIM_DAYS = [8, 19] as const;
/**
 * Karim's top-up of his own line: day 22 of last month, in the evening, 50 DH (the amount his
 * notification has always shown). Three days after his second advance, so whatever that advance
 * took, the days earned since leave room for it in every month.
 */
const KARIM_TOP_UP = { day: 22, amountDh: 50 } as const;

/**
 * Every random value of the history, drawn in a fixed order and a fixed number of times that
 * depend on the people alone: `now` is not an input, so neither the hour nor the date can shift
 * the sequence.
 */
function drawEvents(random: Random, people: readonly MoneyPerson[], karimEmail: string) {
  const karim = people.find((p) => p.email === karimEmail) ?? null;
  const others = people.filter((p) => p !== karim);
  // Only the operators' mobile lines can be topped up: top-ups go to people who have one.
  const withMobile = others.filter((p) => p.phone !== null && TOP_UP_PHONE.test(p.phone));
  const pick = (pool: readonly MoneyPerson[]): Candidates => ({
    pool,
    first: random.int(0, pool.length - 1),
  });
  const advance = (candidates: Candidates, moment: Moment): AdvanceDraw => ({
    kind: 'advance',
    candidates,
    moment,
    amountDh: random.pick(ADVANCE_AMOUNTS_DH),
    delayMinutes: random.int(5, 20 * 60),
    reference: `VIR-DEMO-${random.digits(8)}`,
  });
  // Working hours, on one of the DAYS days before today: never today, so never after `now`.
  const moment = (): Moment => ({
    from: 'today',
    days: -random.int(1, DAYS),
    minuteOfDay: random.int(8 * 60, 20 * 60),
  });
  const karimAdvances = karim
    ? KARIM_DAYS.map((day) =>
        advance(
          { pool: [karim], first: 0 },
          { from: 'last-month', days: day - 1, minuteOfDay: 10 * 60 + random.int(0, 300) },
        ),
      )
    : [];
  const events: Draw[] = [];
  if (others.length > 0) {
    for (let i = 0; i < DEMO_ADVANCES; i++) events.push(advance(pick(others), moment()));
  }
  if (withMobile.length > 0) {
    for (let i = 0; i < DEMO_TOP_UPS; i++) {
      events.push({
        kind: 'top-up',
        candidates: pick(withMobile),
        moment: moment(),
        productShare: random.next(),
        delaySeconds: random.int(1, 3),
        reference: `TEL-DEMO-${random.digits(8)}`,
      });
    }
  }
  // Drawn last, so the draws above are the ones the history had before Karim had a top-up.
  const karimTopUps: TopUpDraw[] =
    karim?.phone && TOP_UP_PHONE.test(karim.phone)
      ? [
          {
            kind: 'top-up',
            candidates: { pool: [karim], first: 0 },
            moment: {
              from: 'last-month',
              days: KARIM_TOP_UP.day - 1,
              minuteOfDay: 18 * 60 + random.int(0, 120),
            },
            productShare: 0,
            amountDh: KARIM_TOP_UP.amountDh,
            delaySeconds: random.int(1, 3),
            reference: `TEL-DEMO-${random.digits(8)}`,
          },
        ]
      : [];
  return { karimAdvances, karimTopUps, events };
}

/** The pool from the drawn person on, wrapping around. */
function* inTurn({ pool, first }: Candidates) {
  for (let k = 0; k < pool.length; k++) yield pool[(first + k) % pool.length]!;
}

export type PlannedAdvance = {
  kind: 'advance';
  person: MoneyPerson;
  at: Date;
  executedAt: Date;
  amountCentimes: bigint;
  feeCentimes: bigint;
  isFree: boolean;
  reference: string;
};
export type PlannedTopUp = {
  kind: 'top-up';
  person: MoneyPerson;
  at: Date;
  executedAt: Date;
  phone: string;
  operator: TTelecomOperator;
  product: TRechargeProduct;
  reference: string;
};
export type PlannedItem = PlannedAdvance | PlannedTopUp;
export type MoneyPlan = {
  /** When the wallet's first funding is dated: before every item. */
  fundedAt: Date;
  /** Oldest first. */
  items: PlannedItem[];
};

/** The advance the rules allow for `person` at `at`, trying smaller amounts; null when none fits. */
function allowedAdvance(person: MoneyPerson, amountDh: number, at: Date, tally: Tally) {
  const month = tally.of(person.employeeId, at);
  for (let i = ADVANCE_AMOUNTS_DH.indexOf(amountDh); i >= 0; i--) {
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

function planAdvance(draw: AdvanceDraw, at: Date, now: Date, tally: Tally): PlannedAdvance | null {
  for (const person of inTurn(draw.candidates)) {
    const simulation = allowedAdvance(person, draw.amountDh, at, tally);
    if (!simulation) continue;
    tally.add(person.employeeId, at, simulation.total, true);
    // The bank batch may run past midnight, never past `now` (a date only: the rules use `at`).
    const executedAt = new Date(Math.min(at.getTime() + draw.delayMinutes * MINUTE, now.getTime() - MINUTE));
    return {
      kind: 'advance',
      person,
      at,
      executedAt,
      amountCentimes: simulation.amount,
      feeCentimes: simulation.fee,
      isFree: simulation.is_free,
      reference: draw.reference,
    };
  }
  return null;
}

function planTopUp(draw: TopUpDraw, at: Date, tally: Tally): PlannedTopUp | null {
  for (const person of inTurn(draw.candidates)) {
    const phone = person.phone!;
    const operator = operatorOf(phone);
    const products = RECHARGE_PRODUCTS.filter((p) => p.operator === operator && Number(p.amount) <= 100);
    const product =
      products.find((p) => Number(p.amount) === draw.amountDh) ??
      products[Math.floor(draw.productShare * products.length)]!;
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
    const discounted = BigInt(Number(product.discounted_amount)) * 100n;
    if (discounted > available) continue;
    tally.add(person.employeeId, at, discounted, false);
    return {
      kind: 'top-up',
      person,
      at,
      executedAt: new Date(at.getTime() + draw.delaySeconds * 1000),
      phone,
      operator,
      product,
      reference: draw.reference,
    };
  }
  return null;
}

/**
 * The history as of `now`, without touching the database: the draws (the same at any `now`),
 * then each event placed on its day and checked against the rules, oldest first, so each sees
 * what its employee had drawn before it. An event the rules refuse for the drawn person goes to
 * the next one who may have it, so there are always DEMO_ADVANCES advances and DEMO_TOP_UPS top-ups
 * (and Karim's two advances, on days 8 and 19 of last month, and his top-up on day 22).
 */
export function planMoneyHistory(
  people: readonly MoneyPerson[],
  input: { karimEmail: string; random: Random; now: Date },
): MoneyPlan {
  const { now } = input;
  const { karimAdvances, karimTopUps, events } = drawEvents(input.random, people, input.karimEmail);
  const today = casablancaDate(now);
  const lastMonthStart = monthStart(new Date(monthStart(now).getTime() - 1));
  const lastMonthFirst = casablancaDate(lastMonthStart);
  const instantOf = ({ from, days, minuteOfDay }: Moment) =>
    new Date(
      startOfDayInCasablanca(from === 'today' ? today : lastMonthFirst, days).getTime() +
        minuteOfDay * MINUTE,
    );
  // The order depends on the draws alone (day, minute, then draw order), never on the hour.
  const placed = [...karimAdvances, ...events, ...karimTopUps]
    .map((draw, index) => ({ draw, index, at: instantOf(draw.moment) }))
    .sort((x, y) => x.at.getTime() - y.at.getTime() || x.index - y.index);
  const tally = createTally();
  const items: PlannedItem[] = [];
  for (const { draw, at } of placed) {
    const item = draw.kind === 'advance' ? planAdvance(draw, at, now, tally) : planTopUp(draw, at, tally);
    if (item) items.push(item);
  }
  // Three days before last month began, and before the oldest item (DAYS days before today may be
  // the last day of the month before), so the wallet reads funding first.
  const oldest = startOfDayInCasablanca(today, -DAYS);
  const start = oldest < lastMonthStart ? oldest : lastMonthStart;
  return { fundedAt: new Date(start.getTime() - 3 * 86_400_000), items };
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

type Writing = {
  db: DbOrTx;
  companyId: number;
  dating: ReturnType<typeof createDating>;
  accounts: AccountResolver;
};

async function writeAdvance({ db, companyId, dating, accounts }: Writing, item: PlannedAdvance) {
  const { person, at, executedAt } = item;
  // Written in its final state (the postings only read amount, fee, method and ids).
  const [advance] = await db
    .insert(advances)
    .values({
      companyId,
      employeeId: person.employeeId,
      amountCentimes: item.amountCentimes,
      feeCentimes: item.feeCentimes,
      isFree: item.isFree,
      payoutMethod: 'rib',
      status: 'executed',
      createdAt: at,
      payoutAfter: new Date(at.getTime() + 5 * MINUTE),
      processingAt: new Date(executedAt.getTime() - MINUTE),
      executedAt,
      providerReference: item.reference,
    })
    .returning();
  dating.add((await postAdvanceCreated(db, advance!, person, person.userId, accounts)).id, at);
  dating.add((await postAdvanceExecuted(db, advance!, person, accounts)).id, executedAt);
  return advance!;
}

async function writeTopUp({ db, companyId, dating }: Writing, item: PlannedTopUp) {
  const { person, at, executedAt, product } = item;
  const [recharge] = await db
    .insert(recharges)
    .values({
      companyId,
      employeeId: person.employeeId,
      phone: item.phone,
      operator: item.operator,
      product: product.id,
      amountCentimes: BigInt(Number(product.amount)) * 100n,
      discountedAmountCentimes: BigInt(Number(product.discounted_amount)) * 100n,
      status: 'executed',
      providerReference: item.reference,
      createdAt: at,
      processingAt: at,
      executedAt,
    })
    .returning();
  dating.add((await postRechargeCreated(db, recharge!, person, person.userId)).id, at);
  dating.add((await postRechargeExecuted(db, recharge!, person)).id, executedAt);
  return recharge!;
}

/** An item of the plan and the row it became (what a notification about it points at). */
export type WrittenMovement =
  | { kind: 'advance'; item: PlannedAdvance; row: typeof advances.$inferSelect }
  | { kind: 'top-up'; item: PlannedTopUp; row: typeof recharges.$inferSelect };

/**
 * Writes the history for Atlas as of `now`. `fundingTransactionId` (the wallet's first funding) is
 * moved before it, so the wallet reads in order: funding, then advances and top-ups. Answers the
 * plan and, oldest first, the rows it wrote.
 */
export async function seedMoneyHistory(
  db: DbOrTx,
  input: { companyId: number; karimEmail: string; fundingTransactionId: number; random: Random; now: Date },
) {
  const people = await loadMoneyPeople(db, input.companyId);
  const plan = planMoneyHistory(people, input);
  const writing: Writing = {
    db,
    companyId: input.companyId,
    dating: createDating(),
    accounts: memoizedAccounts(db),
  };
  writing.dating.add(input.fundingTransactionId, plan.fundedAt);
  const written: WrittenMovement[] = [];
  for (const item of plan.items) {
    if (item.kind === 'advance')
      written.push({ kind: item.kind, item, row: await writeAdvance(writing, item) });
    else written.push({ kind: item.kind, item, row: await writeTopUp(writing, item) });
  }
  await writing.dating.apply(db);
  return { plan, written };
}
