import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions } from '../src/db/schema/ledger.ts';
import { sandboxOperations } from '../src/db/schema/money.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { runBonusPayout } from '../src/modules/bonuses/payout.ts';
import type { PayoutDeps } from '../src/modules/payouts/advance-payout.ts';
import { accountBalance, createTenant, walletBalance } from './advances-helpers.ts';
import {
  type BonusTenant,
  bonusRow,
  call,
  createBonusTenant,
  createIndividualBonus,
  paymentsOf,
} from './bonuses-helpers.ts';
import { createActiveCard, ledgerInconsistencies } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** POST /bonuses/{id}/reply/: four eyes, payment from the wallet, payouts (issue 13, part 2). */
let t: TestApp;
let a: BonusTenant;
let deps: PayoutDeps;

beforeAll(async () => {
  // The sweeper is off: each test decides when the payout job runs (drain or runBonusPayout).
  t = await createTestApp({ PAYOUT_SWEEP_INTERVAL_SECONDS: 3600, BONUS_RECURRENCE_INTERVAL_SECONDS: 3600 });
  a = await createBonusTenant(t);
  deps = { db: t.db, bank: t.ctx.payouts.bank, card: t.ctx.payouts.card };
});
afterAll(async () => t?.close());

const reply = (auth: Record<string, string>, id: number, body: unknown) =>
  call(t, 'POST', `/api/bonuses/${id}/reply/`, auth, body);
const codeOf = (res: { body: string }) =>
  (JSON.parse(res.body) as { errors: { code: string }[] }).errors[0]!.code;

async function expectLedgerConsistent() {
  expect(await ledgerInconsistencies(t.db)).toEqual({ unbalanced: [], drift: [] });
}

describe('four eyes', () => {
  it('refuses an RH, the author (even a DRH), the last editor and a beneficiary', async () => {
    const person = await a.employee();
    const bonus = await createIndividualBonus(t, a, [person]);
    expect((await reply(a.rh.auth, bonus.id, { reply: 'confirm' })).statusCode).toBe(403);

    // A DRH who wrote the bonus may not approve it.
    const own = await call(t, 'POST', '/api/bonuses/', a.drh.auth, {
      title: 'holiday',
      type: 'individual',
      amounts: [{ employee: person.employee.id, amount: 100 }],
    });
    const self = await reply(a.drh.auth, own.json().id, { reply: 'confirm' });
    expect(self.statusCode).toBe(403);
    expect(self.json().errors[0].detail).toMatch(/autre DRH/);

    // The last editor neither.
    await call(t, 'PUT', `/api/bonuses/${bonus.id}/`, a.drh2.auth, {
      title: 'performance',
      type: 'individual',
      amounts: [{ employee: person.employee.id, amount: 600 }],
    });
    expect((await reply(a.drh2.auth, bonus.id, { reply: 'confirm' })).statusCode).toBe(403);

    // A DRH among the beneficiaries neither.
    const mine = await createIndividualBonus(t, a, [a.drh, person]);
    const beneficiary = await reply(a.drh.auth, mine.id, { reply: 'confirm' });
    expect(beneficiary.statusCode).toBe(403);
    expect(beneficiary.json().errors[0].detail).toMatch(/bénéficiaires/);
    expect((await bonusRow(t, mine.id)).status).toBe('pending');
  });

  it('answers another company’s bonus like a missing one', async () => {
    const other = await createTenant(t);
    const bonus = await createIndividualBonus(t, a, [await a.employee()]);
    expect((await reply(other.drh.auth, bonus.id, { reply: 'confirm' })).statusCode).toBe(404);
    expect((await reply(a.drh.auth, 987_654, { reply: 'confirm' })).statusCode).toBe(404);
  });
});

describe('replies', () => {
  it('confirm: one wallet debit for the total, every beneficiary paid by the job, notified', async () => {
    const withCard = await a.employee();
    await createActiveCard(t.db, a.company.id, withCard.employee.id, '4242');
    const withRib = await a.employee();
    const bonus = await createIndividualBonus(t, a, [withCard, withRib], '750');
    const walletBefore = await walletBalance(t, a.company.id);

    const response = await reply(a.drh.auth, bonus.id, { reply: 'confirm' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'confirmed',
      confirmed_amount: '1500.00',
      replied_by: { id: a.drh.user.id },
    });
    expect(await walletBalance(t, a.company.id)).toBe(walletBefore - 150_000n);
    const postings = await t.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, `bonus:${bonus.id}`));
    expect(postings.map((p) => p.type)).toEqual(['bonus']);

    await t.ctx.jobs.drain();
    const payments = await paymentsOf(t, bonus.id);
    const byEmployee = new Map(payments.map((p) => [p.employeeId, p]));
    expect(byEmployee.get(withCard.employee.id)).toMatchObject({ status: 'executed', payoutMethod: 'card' });
    expect(byEmployee.get(withRib.employee.id)).toMatchObject({ status: 'executed', payoutMethod: 'rib' });
    expect(await accountBalance(t, a.company.id, 'payouts_clearing')).toBe(0n);
    const events = await t.db.select().from(notifications).where(eq(notifications.userId, withCard.user.id));
    expect(events.map((e) => e.event)).toEqual(['bonus_paid']);
    const author = await t.db.select().from(notifications).where(eq(notifications.userId, a.rh.user.id));
    expect(author.map((e) => e.event)).toContain('bonus_replied');
    // Each notification opens what it reports: the employee's own payment, the author's bonus.
    const paidPayment = byEmployee.get(withCard.employee.id)!;
    const own = (await call(t, 'GET', '/api/notifications/', withCard.auth)).json();
    expect(own.results[0]).toMatchObject({
      event: 'bonus_paid',
      target: { type: 'bonus_payment', id: paidPayment.id, created: expect.any(String) },
    });
    const mine = (await call(t, 'GET', '/api/notifications/', a.rh.auth)).json();
    expect(mine.results.find((n: { event: string }) => n.event === 'bonus_replied')).toMatchObject({
      target: { type: 'bonus', id: bonus.id },
    });

    const detail = await call(t, 'GET', `/api/bonuses/${bonus.id}/`, a.rh.auth);
    expect(detail.json().payment).toMatchObject({ executed: 2, to_pay: 0, paid_amount: '1500.00' });
    await expectLedgerConsistent();
  });

  it('partial: confirms the chosen ones, refuses the others, debits only their total; needs a comment', async () => {
    const [one, two, three] = [await a.employee(), await a.employee(), await a.employee()];
    const bonus = await createIndividualBonus(t, a, [one, two, three], '100');
    const noComment = await reply(a.drh.auth, bonus.id, {
      reply: 'partial',
      confirmed_employees: [one.employee.id],
    });
    expect(noComment.json().errors[0]).toMatchObject({ code: 'required', attr: 'comment' });
    const stranger = await reply(a.drh.auth, bonus.id, {
      reply: 'partial',
      comment: 'Seul le premier a atteint l’objectif',
      confirmed_employees: [one.employee.id, 999_999],
    });
    expect(stranger.json().errors[0]).toMatchObject({
      code: 'does_not_exist',
      attr: 'confirmed_employees.1',
    });

    const walletBefore = await walletBalance(t, a.company.id);
    const response = await reply(a.drh.auth, bonus.id, {
      reply: 'partial',
      comment: 'Seuls deux ont atteint l’objectif',
      confirmed_employees: [one.employee.id, three.employee.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'partially_confirmed',
      confirmed_amount: '200.00',
      total_amount: '300.00',
      reply_comment: 'Seuls deux ont atteint l’objectif',
    });
    expect(await walletBalance(t, a.company.id)).toBe(walletBefore - 20_000n);
    await t.ctx.jobs.drain();
    const statuses = new Map((await paymentsOf(t, bonus.id)).map((p) => [p.employeeId, p.status]));
    expect(statuses.get(one.employee.id)).toBe('executed');
    expect(statuses.get(two.employee.id)).toBe('refused');
    expect(statuses.get(three.employee.id)).toBe('executed');
    await expectLedgerConsistent();
  });

  it('refuse: nothing moves; a refusal needs a comment', async () => {
    const bonus = await createIndividualBonus(t, a, [await a.employee()]);
    expect(codeOf(await reply(a.drh.auth, bonus.id, { reply: 'refuse' }))).toBe('required');
    const walletBefore = await walletBalance(t, a.company.id);
    const response = await reply(a.drh.auth, bonus.id, { reply: 'refuse', comment: 'Budget épuisé' });
    expect(response.json()).toMatchObject({ status: 'refused', confirmed_amount: '0.00' });
    expect(await walletBalance(t, a.company.id)).toBe(walletBefore);
    expect((await paymentsOf(t, bonus.id)).every((p) => p.status === 'refused')).toBe(true);
  });

  it('BONUS_NOT_PENDING: no second reply, no edit once replied to', async () => {
    const person = await a.employee();
    const bonus = await createIndividualBonus(t, a, [person]);
    await reply(a.drh.auth, bonus.id, { reply: 'refuse', comment: 'Non' });
    expect(codeOf(await reply(a.drh2.auth, bonus.id, { reply: 'confirm' }))).toBe('BONUS_NOT_PENDING');
    const edit = await call(t, 'PUT', `/api/bonuses/${bonus.id}/`, a.rh.auth, {
      title: 'performance',
      type: 'individual',
      amounts: [{ employee: person.employee.id, amount: 1 }],
    });
    expect(edit.statusCode).toBe(400);
    expect(codeOf(edit)).toBe('BONUS_NOT_PENDING');
  });

  it('INSUFFICIENT_FUNDS when the wallet cannot cover the confirmed total: nothing moves, still pending', async () => {
    const poor = await createBonusTenant(t, { walletCentimes: 50_000n });
    const people = [await poor.employee(), await poor.employee()];
    const bonus = await createIndividualBonus(t, poor, people, '300');
    const response = await reply(poor.drh.auth, bonus.id, { reply: 'confirm' });
    expect(response.statusCode).toBe(400);
    expect(codeOf(response)).toBe('INSUFFICIENT_FUNDS');
    expect(await walletBalance(t, poor.company.id)).toBe(50_000n);
    expect((await bonusRow(t, bonus.id)).status).toBe('pending');
    expect((await paymentsOf(t, bonus.id)).every((p) => p.status === 'pending')).toBe(true);
    // Confirming only what the wallet covers goes through.
    const partial = await reply(poor.drh.auth, bonus.id, {
      reply: 'partial',
      comment: 'Le reste le mois prochain',
      confirmed_employees: [people[0]!.employee.id],
    });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(await walletBalance(t, poor.company.id)).toBe(20_000n);
  });
});

describe('payouts', () => {
  it('a refused payout is reversed to the wallet and the employee told why', async () => {
    const person = await a.employee();
    // 1 313 DH is the bank sandbox's documented refusal ("Compte bénéficiaire clôturé").
    const bonus = await createIndividualBonus(t, a, [person], '1313');
    const walletBefore = await walletBalance(t, a.company.id);
    await reply(a.drh.auth, bonus.id, { reply: 'confirm' });
    await t.ctx.jobs.drain();
    const [payment] = await paymentsOf(t, bonus.id);
    expect(payment).toMatchObject({ status: 'failed', failureReason: 'Compte bénéficiaire clôturé' });
    expect(await walletBalance(t, a.company.id)).toBe(walletBefore);
    const [event] = await t.db.select().from(notifications).where(eq(notifications.userId, person.user.id));
    expect(event).toMatchObject({ event: 'bonus_failed', bonusPaymentId: payment!.id });
    expect(event!.parameters).toMatchObject({ reason: 'Compte bénéficiaire clôturé', amount: '1313.00' });
    await expectLedgerConsistent();
  });

  it('an employee without RIB nor card: failed and reversed, the others paid', async () => {
    const noRib = await a.employee({ employee: { rib: null } });
    const fine = await a.employee();
    const bonus = await createIndividualBonus(t, a, [noRib, fine], '50');
    await reply(a.drh.auth, bonus.id, { reply: 'confirm' });
    await t.ctx.jobs.drain();
    const statuses = new Map((await paymentsOf(t, bonus.id)).map((p) => [p.employeeId, p]));
    expect(statuses.get(noRib.employee.id)).toMatchObject({ status: 'failed' });
    expect(statuses.get(fine.employee.id)).toMatchObject({ status: 'executed' });
  });

  it('an outage leaves the line processing; the retry asks the bank first and pays once', async () => {
    const person = await a.employee();
    const bonus = await createIndividualBonus(t, a, [person], '80');
    t.ctx.payouts.bank.sandbox!.breakNext(1);
    await reply(a.drh.auth, bonus.id, { reply: 'confirm' });
    // The job's first attempt meets the outage; its retry waits (back-off), so drain returns.
    await t.ctx.jobs.drain();
    const [stuck] = await paymentsOf(t, bonus.id);
    expect(stuck!.status).toBe('processing');
    expect(await runBonusPayout(deps, bonus.id)).toEqual({ executed: 1, failed: 0, skipped: 0, errors: 0 });
    const [paid] = await paymentsOf(t, bonus.id);
    expect(paid!.status).toBe('executed');
    const operations = await t.db
      .select()
      .from(sandboxOperations)
      .where(eq(sandboxOperations.reference, `bonus-payment:${paid!.id}`));
    expect(operations).toHaveLength(1);
    expect(await runBonusPayout(deps, bonus.id)).toEqual({ executed: 0, failed: 0, skipped: 0, errors: 0 });
    await expectLedgerConsistent();
  });
});

describe('the employee’s side', () => {
  it('lists their paid bonuses, the unseen ones until seen, and nobody else’s', async () => {
    const person = await a.employee();
    const colleague = await a.employee();
    const bonus = await createIndividualBonus(t, a, [person, colleague], '120', {
      title: 'other',
      custom_title: 'Prime Aïd',
    });
    const before = await call(t, 'GET', '/api/bonuses/transactions/', person.auth);
    expect(before.json().count).toBe(0); // pending bonuses are not shown to the employee
    await reply(a.drh.auth, bonus.id, { reply: 'confirm' });
    await t.ctx.jobs.drain();

    const list = await call(t, 'GET', '/api/bonuses/transactions/', person.auth);
    expect(list.json()).toMatchObject({
      count: 1,
      results: [
        { amount: '120.00', status: 'executed', is_seen: false, bonus: { display_title: 'Prime Aïd' } },
      ],
    });
    const unseen = await call(t, 'GET', '/api/bonuses/transactions/unseen/', person.auth);
    expect(unseen.json()).toHaveLength(1);
    const id = unseen.json()[0].id;
    expect((await call(t, 'POST', `/api/bonuses/transactions/${id}/seen/`, colleague.auth)).statusCode).toBe(
      404,
    );
    expect((await call(t, 'POST', `/api/bonuses/transactions/${id}/seen/`, person.auth)).json()).toEqual({
      id,
      is_seen: true,
    });
    expect((await call(t, 'GET', '/api/bonuses/transactions/unseen/', person.auth)).json()).toEqual([]);
    const latest = await call(t, 'GET', '/api/bonuses/transactions/latest/', person.auth);
    expect(latest.json()).toMatchObject([{ id, is_seen: true }]);
    // The HR lists are not the employee's.
    expect((await call(t, 'GET', '/api/bonuses/', person.auth)).statusCode).toBe(403);
  });

  it('the author may be a beneficiary (another DRH approves) and sees it in employee mode', async () => {
    const bonus = await createIndividualBonus(t, a, [a.rh], '90');
    expect((await reply(a.drh.auth, bonus.id, { reply: 'confirm' })).statusCode).toBe(200);
    await t.ctx.jobs.drain();
    const own = await call(t, 'GET', '/api/bonuses/transactions/', a.rh.auth);
    expect(own.json().results.map((r: { bonus: { id: number } }) => r.bonus.id)).toEqual([bonus.id]);
  });
});

describe('hostile reply bodies', () => {
  it('answers 400 in French to a huge confirmed_employees array or ids past PostgreSQL integer', async () => {
    const person = await a.employee();
    const bonus = await createIndividualBonus(t, a, [person]);
    const huge = Array.from({ length: 70_000 }, (_, i) => i + 1);
    const tooMany = await reply(a.drh2.auth, bonus.id, {
      reply: 'partial',
      comment: 'trop',
      confirmed_employees: huge,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors[0]).toMatchObject({ code: 'max_length', attr: 'confirmed_employees' });
    expect(tooMany.json().errors[0].detail).toMatch(/[àéè]|au plus|ne peut/i);

    const pastInteger = await reply(a.drh2.auth, bonus.id, {
      reply: 'partial',
      comment: 'trop',
      confirmed_employees: [2_147_483_648],
    });
    expect(pastInteger.statusCode).toBe(400);
    expect(pastInteger.json().errors[0].attr).toBe('confirmed_employees.0');
    expect((await bonusRow(t, bonus.id)).status).toBe('pending');
  });

  it('answers 400 to a bonus created with a huge list of employees or amounts', async () => {
    const huge = Array.from({ length: 70_000 }, (_, i) => i + 1);
    const employees = await call(t, 'POST', '/api/bonuses/', a.rh.auth, {
      title: 'performance',
      type: 'collective',
      amount: '100',
      employees: huge,
    });
    expect(employees.statusCode).toBe(400);
    const amounts = await call(t, 'POST', '/api/bonuses/', a.rh.auth, {
      title: 'performance',
      type: 'individual',
      amounts: huge.map((employee) => ({ employee, amount: '100' })),
    });
    expect(amounts.statusCode).toBe(400);
  });
});
