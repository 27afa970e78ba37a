import { NOTIFICATION_TARGET_OF, type TNotificationEvent } from '@tasbiq/contracts/notifications';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advances, recharges } from '../src/db/schema/money.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { type NotifyInput, notify } from '../src/modules/notifications/service.ts';
import { bearerFor } from './auth-helpers.ts';
import { createTestCompany, createTestEmployee } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
type Person = { userId: number; employeeId: number; companyId: number; auth: Record<string, string> };
let alice: Person; // employee of company A
let bob: Person; // another employee of company A
let rif: Person; // HR of company B
const ids: Record<string, number> = {};
/** The advance or top-up each notification of `ids` is about. */
const movements: Record<string, { type: 'advance' | 'recharge'; id: number; created: Date }> = {};

async function person(companyId: number, roles: string[] = []): Promise<Person> {
  const e = await createTestEmployee(t.db, companyId, roles.length ? { roles } : {});
  return { userId: e.user.id, employeeId: e.employee.id, companyId, auth: await bearerFor(t, e.user.id) };
}

/**
 * The movement a notification reports, as its row would be (only the list's join reads it),
 * created five minutes before the notification.
 */
async function movementFor(p: Person, event: TNotificationEvent, at: string) {
  const created = new Date(Date.parse(at) - 5 * 60_000);
  const owner = { companyId: p.companyId, employeeId: p.employeeId, createdAt: created };
  if (NOTIFICATION_TARGET_OF[event] === 'advance') {
    const [row] = await t.db
      .insert(advances)
      .values({ ...owner, amountCentimes: 150_000n, payoutMethod: 'rib', status: 'executed' })
      .returning();
    return { type: 'advance' as const, id: row!.id, created };
  }
  const [row] = await t.db
    .insert(recharges)
    .values({
      ...owner,
      phone: '+212600000001',
      operator: 'iam',
      product: 'iam-50',
      amountCentimes: 5_000n,
      discountedAmountCentimes: 4_900n,
      status: 'executed',
    })
    .returning();
  return { type: 'recharge' as const, id: row!.id, created };
}

async function add(p: Person, key: string, event: TNotificationEvent, at: string, parameters = {}) {
  const movement = await movementFor(p, event, at);
  movements[key] = movement;
  const { id } = await notify(t.db, {
    userId: p.userId,
    companyId: p.companyId,
    event,
    parameters,
    target: { type: movement.type, id: movement.id },
  } as NotifyInput);
  await t.db
    .update(notifications)
    .set({ createdAt: new Date(at) })
    .where(eq(notifications.id, id));
  ids[key] = id;
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await createTestCompany(t.db);
  const b = await createTestCompany(t.db);
  alice = await person(a.id);
  bob = await person(a.id, ['RH']);
  rif = await person(b.id, ['RH']);
  await add(alice, 'created', 'advance_created', '2026-10-01T09:00:00+00:00', { amount: '1500.00' });
  await add(alice, 'executed', 'advance_executed', '2026-10-02T09:00:00+00:00', { amount: '1500.00' });
  // 23:30 on 31 Oct in Casablanca (23:30 UTC since 20 September 2026): still the 31st for the day filters.
  await add(alice, 'recharge', 'recharge_executed', '2026-10-31T23:30:00+00:00', {
    amount: '50.00',
    phone: '+212600000001',
  });
  await add(alice, 'canceled', 'advance_canceled', '2026-11-01T00:30:00+00:00', { amount: '200.00' });
  await add(bob, 'bob', 'advance_failed', '2026-10-15T09:00:00+00:00', { amount: '300.00' });
  await add(rif, 'rif', 'recharge_failed', '2026-10-16T09:00:00+00:00', { amount: '20.00' });
});
afterAll(() => t.close());

const get = (url: string, p: Person) => t.app.inject({ method: 'GET', url, headers: p.auth });
const post = (url: string, p: Person, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: p.auth, payload: payload as object });
const eventsOf = (body: { results: { event: string }[] }) => body.results.map((r) => r.event);

describe('GET /notifications/', () => {
  it('lists only the caller’s notifications, newest first, with the wire shape', async () => {
    const res = await get('/api/notifications/', alice);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(4);
    expect(eventsOf(body)).toEqual([
      'advance_canceled',
      'recharge_executed',
      'advance_executed',
      'advance_created',
    ]);
    expect(body.results[2]).toEqual({
      id: ids.executed,
      event: 'advance_executed',
      is_read: false,
      timestamp: '2026-10-02T09:00:00.000+00:00',
      parameters: { amount: '1500.00' },
      // The movement it reports, with its creation time (Casablanca's offset, like every datetime).
      target: { type: 'advance', id: movements.executed!.id, created: '2026-10-02T08:55:00.000+00:00' },
    });
    expect(body.results[1].target).toEqual({
      type: 'recharge',
      id: movements.recharge!.id,
      created: '2026-10-31T23:25:00.000+00:00',
    });
    expect(body.results.map((r: { id: number }) => r.id)).not.toContain(ids.bob);
  });

  it('paginates with limit and offset', async () => {
    const first = (await get('/api/notifications?limit=3', alice)).json();
    expect(first.count).toBe(4);
    expect(first.results).toHaveLength(3);
    expect(first.next).toContain('offset=3');
    expect(first.previous).toBeNull();
    const second = (await get('/api/notifications?limit=3&offset=3', alice)).json();
    expect(eventsOf(second)).toEqual(['advance_created']);
    expect(second.next).toBeNull();
    expect(second.previous).not.toBeNull();
  });

  it('filters by event_in (csv)', async () => {
    const body = (await get('/api/notifications?event_in=advance_created,recharge_executed', alice)).json();
    expect(eventsOf(body)).toEqual(['recharge_executed', 'advance_created']);
    const bad = await get('/api/notifications?event_in=nope', alice);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().type).toBe('validation_error');
  });

  it('filters by timestamp_after / timestamp_before as inclusive Casablanca days', async () => {
    const oct31 = (
      await get('/api/notifications?timestamp_after=2026-10-31&timestamp_before=2026-10-31', alice)
    ).json();
    expect(eventsOf(oct31)).toEqual(['recharge_executed']);
    const after = (await get('/api/notifications?timestamp_after=2026-11-01', alice)).json();
    expect(eventsOf(after)).toEqual(['advance_canceled']);
    const before = (await get('/api/notifications?timestamp_before=2026-10-01', alice)).json();
    expect(eventsOf(before)).toEqual(['advance_created']);
    expect((await get('/api/notifications?timestamp_after=2026-02-31', alice)).statusCode).toBe(400);
  });

  it('filters by is_read', async () => {
    await t.db.update(notifications).set({ isRead: true }).where(eq(notifications.id, ids.created!));
    const read = (await get('/api/notifications?is_read=true', alice)).json();
    expect(eventsOf(read)).toEqual(['advance_created']);
    const unread = (await get('/api/notifications?is_read=0', alice)).json();
    expect(unread.count).toBe(3);
    expect((await get('/api/notifications?is_read=maybe', alice)).statusCode).toBe(400);
    await t.db.update(notifications).set({ isRead: false }).where(eq(notifications.id, ids.created!));
  });

  it('needs a session (401)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications/' });
    expect(res.statusCode).toBe(401);
  });
});

describe('unseen and read', () => {
  it('counts the caller’s unseen notifications and marks one, then all, as seen', async () => {
    const unseen = (await get('/api/notifications/unseen', alice)).json();
    expect(unseen.count).toBe(4);
    expect(unseen.ids).toEqual([ids.canceled, ids.recharge, ids.executed, ids.created]);

    const one = await post('/api/notifications/unseen/', alice, { id: ids.executed });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ updated: 1 });
    expect((await get('/api/notifications/unseen', alice)).json().count).toBe(3);

    const all = await post('/api/notifications/unseen', alice, { all: true });
    expect(all.json()).toEqual({ updated: 3 });
    expect((await get('/api/notifications/unseen', alice)).json()).toEqual({ count: 0, ids: [] });
    // Seen is not read.
    expect((await get('/api/notifications?is_read=false', alice)).json().count).toBe(4);
    // Others are untouched.
    expect((await get('/api/notifications/unseen', bob)).json().count).toBe(1);
    expect((await get('/api/notifications/unseen', rif)).json().count).toBe(1);
  });

  it('marks one, then all, as read (and seen)', async () => {
    const movement = await movementFor(alice, 'advance_created', '2026-11-02T09:00:00+00:00');
    await notify(t.db, {
      userId: alice.userId,
      companyId: alice.companyId,
      event: 'advance_created',
      target: { type: 'advance', id: movement.id },
    });
    const one = await post('/api/notifications/read', alice, { id: ids.recharge });
    expect(one.json()).toEqual({ updated: 1 });
    const readNow = (await get('/api/notifications?is_read=true', alice)).json();
    expect(readNow.results.map((r: { id: number }) => r.id)).toEqual([ids.recharge]);

    const all = await post('/api/notifications/read/', alice, { all: true });
    expect(all.json()).toEqual({ updated: 4 });
    expect((await get('/api/notifications?is_read=false', alice)).json().count).toBe(0);
    expect((await get('/api/notifications/unseen', alice)).json().count).toBe(0);
    expect((await post('/api/notifications/read', alice, { all: true })).json()).toEqual({ updated: 0 });
    expect((await get('/api/notifications?is_read=false', bob)).json().count).toBe(1);
  });

  it('needs an id or all (400)', async () => {
    for (const url of ['/api/notifications/read', '/api/notifications/unseen']) {
      const res = await post(url, alice, {});
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ attr: 'id', code: 'required' });
      expect((await post(url, alice, { id: 'x' })).statusCode).toBe(400);
    }
  });
});

describe('isolation by user', () => {
  it('answers 404 on another user’s id, same company or not, and changes nothing', async () => {
    for (const [caller, id] of [
      [alice, ids.bob],
      [alice, ids.rif],
      [rif, ids.executed],
      [alice, 999_999],
    ] as const) {
      for (const url of ['/api/notifications/read', '/api/notifications/unseen']) {
        const res = await post(url, caller, { id });
        expect(res.statusCode, `${url} ${id}`).toBe(404);
      }
    }
    const [bobRow] = await t.db.select().from(notifications).where(eq(notifications.id, ids.bob!));
    expect(bobRow).toMatchObject({ isRead: false, isSeen: false });
  });

  it('never lists another user’s notifications', async () => {
    const bobList = (await get('/api/notifications', bob)).json();
    expect(bobList.results.map((r: { id: number }) => r.id)).toEqual([ids.bob]);
    const rifList = (await get('/api/notifications', rif)).json();
    expect(rifList.results.map((r: { id: number }) => r.id)).toEqual([ids.rif]);
  });
});

describe('the movement a notification reports (decision 019)', () => {
  it('is required for every event about money, of the event’s type; nothing is written otherwise', async () => {
    const before = (await get('/api/notifications', alice)).json().count;
    const advance = await movementFor(alice, 'advance_executed', '2026-11-03T09:00:00+00:00');
    const attempts = [
      { event: 'advance_executed', target: null },
      { event: 'recharge_executed', target: { type: 'advance', id: advance.id } },
      { event: 'advance_failed', target: { type: 'recharge', id: advance.id } },
    ];
    for (const attempt of attempts) {
      await expect(
        notify(t.db, { userId: alice.userId, companyId: alice.companyId, ...attempt } as NotifyInput),
        attempt.event,
      ).rejects.toThrow(/needs a (advance|recharge) target/);
    }
    expect((await get('/api/notifications', alice)).json().count).toBe(before);
  });

  it('is a movement that exists, and one movement at most (foreign keys and a check)', async () => {
    const advance = await movementFor(alice, 'advance_executed', '2026-11-03T09:00:00+00:00');
    const recharge = await movementFor(alice, 'recharge_executed', '2026-11-03T09:00:00+00:00');
    const row = { userId: alice.userId, companyId: alice.companyId, event: 'advance_executed' };
    await expect(t.db.insert(notifications).values({ ...row, advanceId: 999_999 })).rejects.toThrow();
    await expect(t.db.insert(notifications).values({ ...row, rechargeId: 999_999 })).rejects.toThrow();
    await expect(
      t.db.insert(notifications).values({ ...row, advanceId: advance.id, rechargeId: recharge.id }),
    ).rejects.toThrow();
  });

  it('is null on the wire for a notification that points at nothing (written before the link)', async () => {
    const [old] = await t.db
      .insert(notifications)
      .values({
        userId: bob.userId,
        companyId: bob.companyId,
        event: 'advance_executed',
        parameters: { amount: '1500.00' },
        createdAt: new Date('2026-10-20T09:00:00Z'),
      })
      .returning();
    const listed = (await get('/api/notifications', bob)).json().results as Array<{ id: number }>;
    expect(listed.find((n) => n.id === old!.id)).toMatchObject({ event: 'advance_executed', target: null });
    await t.db.delete(notifications).where(eq(notifications.id, old!.id));
  });
});
