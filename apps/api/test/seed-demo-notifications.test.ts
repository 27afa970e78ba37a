/**
 * Issue 10: the demo's notifications about money each point at a movement that exists — the
 * employee's own advance or top-up, of the amount the text says — and that movement shows where
 * the notification's link leads (the history of its month) and where HR and the wallet look.
 */
import {
  NOTIFICATION_TARGET_OF,
  type TNotification,
  type TNotificationEvent,
} from '@tasbiq/contracts/notifications';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { terms } from '../src/db/schema/content.ts';
import { employees } from '../src/db/schema/employees.ts';
import { ledgerTransactions } from '../src/db/schema/ledger.ts';
import { advances, recharges } from '../src/db/schema/money.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { DEMO_LOGINS, DEMO_UNREAD_NOTIFICATIONS, seedDemoIfEmpty } from '../src/db/seed/demo.ts';
import { centimesToWire } from '../src/lib/money.ts';
import { bearerFor } from './auth-helpers.ts';
import { acceptTerms } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** The seed's "now", fixed (seed-demo-clock.test.ts checks that other instants give the same data). */
const NOW = new Date('2026-11-30T21:30:00Z');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.db, { now: NOW });
}, 60_000);
afterAll(() => t.close());

const isAboutMoney = (event: string) =>
  (NOTIFICATION_TARGET_OF as Record<string, string | null | undefined>)[event] != null;

/** The movement a notification row points at, with its owner's user id. */
async function movementOf(row: typeof notifications.$inferSelect) {
  if (row.advanceId !== null) {
    const [found] = await t.db
      .select({ movement: advances, userId: employees.userId })
      .from(advances)
      .innerJoin(employees, eq(employees.id, advances.employeeId))
      .where(eq(advances.id, row.advanceId));
    return found && { type: 'advance' as const, ...found };
  }
  if (row.rechargeId !== null) {
    const [found] = await t.db
      .select({ movement: recharges, userId: employees.userId })
      .from(recharges)
      .innerJoin(employees, eq(employees.id, recharges.employeeId))
      .where(eq(recharges.id, row.rechargeId));
    return found && { type: 'recharge' as const, ...found };
  }
  return undefined;
}

/** What status the movement must have reached for the event to have been sent. */
const STATUS_AFTER: Record<TNotificationEvent, string[]> = {
  advance_created: ['pending', 'processing', 'executed', 'failed', 'canceled'],
  advance_executed: ['executed'],
  advance_failed: ['failed'],
  advance_canceled: ['canceled'],
  recharge_executed: ['executed'],
  recharge_failed: ['failed'],
  // Bills name themselves in their parameters (issue 16); the demo seeds none.
  bill_paid: [],
  bill_failed: [],
  // Bonus events point at the bonus payment or the bonus (decision 038); the demo seeds none.
  bonus_paid: [],
  bonus_failed: [],
  bonus_replied: [],
  // Pay slips point at no movement either (decision 035); the demo seeds none.
  fiche_published: [],
  // Mission-order events point at no movement either (issue 14).
  odm_submitted: [],
  odm_replied: [],
  odm_reminder: [],
  odm_advance_paid: [],
  odm_advance_failed: [],
  // Transfers point at no movement either (decision 044); the demo seeds none.
  transfer_sent: [],
  transfer_collected: [],
  transfer_failed: [],
  transfer_expired: [],
  expense_report_sent: [],
  expense_report_replied: [],
  expense_settlement_paid: [],
  expense_settlement_owed: [],
  expense_settlement_failed: [],
};

async function loginOf(email: string) {
  const [user] = await t.db.select().from(users).where(eq(users.email, email));
  const [current] = await t.db.select().from(terms);
  await acceptTerms(t.db, user!.id, current!.id);
  return { user: user!, headers: await bearerFor(t, user!.id) };
}

describe('the demo’s notifications about money', () => {
  it('each point at an existing advance or top-up of the same person and company, of the amount they say', async () => {
    const rows = await t.db.select().from(notifications);
    const aboutMoney = rows.filter((row) => isAboutMoney(row.event));
    expect(aboutMoney.length).toBeGreaterThan(0);
    for (const row of aboutMoney) {
      const label = `notification ${row.id} (${row.event})`;
      const movement = await movementOf(row);
      expect(movement, label).toBeDefined();
      expect(movement!.type, label).toBe(NOTIFICATION_TARGET_OF[row.event as TNotificationEvent]);
      expect(movement!.userId, label).toBe(row.userId);
      expect(movement!.movement.companyId, label).toBe(row.companyId);
      expect(row.parameters.amount, label).toBe(centimesToWire(movement!.movement.amountCentimes));
      if (movement!.type === 'recharge') expect(row.parameters.phone, label).toBe(movement!.movement.phone);
      expect(STATUS_AFTER[row.event as TNotificationEvent], label).toContain(movement!.movement.status);
      // Not before what it reports, nor after the seed's "now".
      expect(row.createdAt >= movement!.movement.createdAt && row.createdAt < NOW, label).toBe(true);
    }
  });

  it('are salarie@demo.ma’s: one per event of his movements, the newest unread (the badge)', async () => {
    const { user } = await loginOf(DEMO_LOGINS.employee);
    const own = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, user.id))
      .orderBy(notifications.createdAt);
    expect(own.map((n) => n.event)).toEqual([
      'advance_created',
      'advance_executed',
      'advance_created',
      'advance_executed',
      'recharge_executed',
    ]);
    expect(own.filter((n) => !n.isRead && !n.isSeen)).toHaveLength(DEMO_UNREAD_NOTIFICATIONS);
    expect(own.slice(-DEMO_UNREAD_NOTIFICATIONS).every((n) => !n.isRead)).toBe(true);
    // The 50 DH top-up of his own line, as the notification has always said.
    expect(own.at(-1)!.parameters).toMatchObject({ amount: '50.00', phone: '+212612345678' });
  });

  it('lead to their movement: in the history of its month, the HR transactions and the wallet’s ledger', async () => {
    const karim = await loginOf(DEMO_LOGINS.employee);
    const rh = await loginOf(DEMO_LOGINS.rh);
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications/', headers: karim.headers });
    expect(res.statusCode).toBe(200);
    const listed = res.json().results as TNotification[];
    expect(listed).toHaveLength(5);
    for (const notification of listed) {
      const target = notification.target;
      expect(target, notification.event).not.toBeNull();
      // The month of the history screen the web opens: the Casablanca month written in `created`.
      const period = `month=${Number(target!.created.slice(5, 7))}&year=${target!.created.slice(0, 4)}`;
      const list = target!.type === 'advance' ? 'advances' : 'recharges';
      const history = await t.app.inject({
        method: 'GET',
        url: `/api/${list}/?employee=me&${period}&limit=100`,
        headers: karim.headers,
      });
      expect(history.statusCode).toBe(200);
      const item = (history.json().results as Array<{ id: number; amount: string; created: string }>).find(
        (r) => r.id === target!.id,
      );
      expect(item, `${notification.event} in /${list}`).toMatchObject({
        amount: notification.parameters.amount,
        created: target!.created,
      });
      const hr = await t.app.inject({
        method: 'GET',
        url: `/api/transactions/?type=${target!.type}&${period}&limit=100`,
        headers: rh.headers,
      });
      expect(hr.statusCode).toBe(200);
      const ids = (hr.json().results as Array<{ id: number }>).map((r) => r.id);
      expect(ids, `${notification.event} in HR transactions`).toContain(target!.id);
      const postings = await t.db
        .select({ type: ledgerTransactions.type })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.reference, `${target!.type}:${target!.id}`));
      expect(postings.length, `${notification.event} in the ledger`).toBeGreaterThan(0);
    }
  });
});
