/**
 * Mission orders under concurrency (issue 14), on PostgreSQL only (PGlite has one connection, so
 * nothing really races there): skipped without TEST_DATABASE_URL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions } from '../src/db/schema/ledger.ts';
import { missionOrderEvents, missionOrders } from '../src/db/schema/mission-orders.ts';
import { walletBalance } from './advances-helpers.ts';
import { createActiveCard, ledgerInconsistencies } from './factories.ts';
import {
  createMissionTenant,
  fileOrder,
  type MissionTenant,
  odmBody,
  orderRow,
  send,
} from './mission-orders-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('mission orders under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let a: MissionTenant;

  beforeAll(async () => {
    t = await createTestApp({ PAYOUT_SWEEP_INTERVAL_SECONDS: 3600 });
    a = await createMissionTenant(t);
  });
  afterAll(() => t?.close());

  it('two reviewers replying at once: one wins, the advance leaves the wallet once', async () => {
    for (let round = 0; round < 5; round += 1) {
      const employee = await a.employee();
      await createActiveCard(t.db, a.company.id, employee.employee.id);
      const order = await fileOrder(t, employee.auth, { advance_amount: 1000 });
      const before = await walletBalance(t, a.company.id);
      const answers = await Promise.all([
        send(t, 'POST', `/api/expenses/odm/${order.id}/reply/`, a.validator.auth, { reply: 'approve' }),
        send(t, 'POST', `/api/expenses/odm/${order.id}/reply/`, a.rh.auth, {
          reply: round % 2 ? 'refuse' : 'approve',
          comment: 'Non',
        }),
        send(t, 'POST', `/api/expenses/odm/${order.id}/reply/`, a.drh.auth, {
          reply: 'return',
          comment: 'Revoir',
        }),
      ]);
      const codes = answers.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 400, 400]);
      for (const loser of answers.filter((r) => r.statusCode === 400))
        expect(loser.json().errors[0].code).toBe('MISSION_ORDER_NOT_PENDING');
      await t.ctx.jobs.drain();
      const row = await orderRow(t, order.id);
      const replies = await t.db
        .select()
        .from(missionOrderEvents)
        .where(eq(missionOrderEvents.missionOrderId, order.id));
      expect(replies.filter((e) => e.type !== 'submitted')).toHaveLength(1);
      const postings = await t.db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.reference, `mission-order:${order.id}`));
      if (row.status === 'accepted') {
        expect(row.advanceStatus).toBe('executed');
        expect(postings.map((p) => p.type).sort()).toEqual(['mission_advance', 'payout']);
        expect(await walletBalance(t, a.company.id)).toBe(before - 100_000n);
      } else {
        expect(postings).toEqual([]);
        expect(await walletBalance(t, a.company.id)).toBe(before);
      }
    }
    expect(await ledgerInconsistencies(t.db)).toEqual({ unbalanced: [], drift: [] });
  });

  it('orders sent at once get distinct numbers in sequence', async () => {
    const people = await Promise.all(Array.from({ length: 4 }, () => a.employee()));
    const answers = await Promise.all(
      people.flatMap((p) =>
        Array.from({ length: 3 }, () =>
          send(t, 'POST', '/api/expenses/odm/', p.auth, odmBody({ advance_amount: 0 })),
        ),
      ),
    );
    expect(answers.every((r) => r.statusCode === 201)).toBe(true);
    const numbers = (
      await t.db
        .select({ number: missionOrders.number })
        .from(missionOrders)
        .where(eq(missionOrders.companyId, a.company.id))
    )
      .map((r) => Number(r.number.slice(-4)))
      .sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
  });
});
