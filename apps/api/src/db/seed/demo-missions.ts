/**
 * Atlas's mission orders for the demo (issue 14): an expense validator who is not HR
 * (btissam.raji@demo.ma, of the Commercial group) and a few orders in every state, dated from the
 * seed's `now`. No order of the demo has a paid advance, so the wallet and its history are those
 * of demo-money.ts. The advance limits and travel policies are the policy's own demo data.
 */
import { and, eq } from 'drizzle-orm';
import { nextMissionOrderNumber } from '../../modules/mission-orders/service.ts';
import type { DbOrTx } from '../client.ts';
import { users } from '../schema/accounts.ts';
import { employees } from '../schema/employees.ts';
import { expenseValidators } from '../schema/expense-policy.ts';
import { missionOrderEvents, missionOrders } from '../schema/mission-orders.ts';

/**
 * The demo's expense validator: one of Atlas's generated sales people, not HR (an existing person,
 * so the people the money history draws from, and so the whole history, stay the same).
 */
export const DEMO_VALIDATOR = {
  email: 'btissam.raji@demo.ma',
  firstName: 'Btissam',
  lastName: 'Raji',
  serial: 'ATL-0044',
} as const;

const DAY_MS = 86_400_000;
const CASA = 1;
const AGADIR = 84;
const RABAT = 14;
const TANGER = 49;
const MEKNES = 27;

const dayOf = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10);

async function employeeByEmail(db: DbOrTx, companyId: number, email: string) {
  const [row] = await db
    .select({ id: employees.id, userId: users.id })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(and(eq(employees.companyId, companyId), eq(users.email, email)));
  return row ?? null;
}

export async function seedMissionOrders(
  db: DbOrTx,
  input: { atlasId: number; now: Date; employeeEmail: string; rhEmail: string },
) {
  const { atlasId, now } = input;
  const validator = await employeeByEmail(db, atlasId, DEMO_VALIDATOR.email);
  if (validator) await db.insert(expenseValidators).values({ companyId: atlasId, employeeId: validator.id });

  const karim = await employeeByEmail(db, atlasId, input.employeeEmail);
  const rh = await employeeByEmail(db, atlasId, input.rhEmail);
  if (!karim || !rh) return;

  type Order = {
    title: string;
    from: number;
    to: number;
    startIn: number;
    days: number;
    advanceDh: number;
    sentDaysAgo: number;
    status: 'pending' | 'returned' | 'accepted' | 'rejected';
    comment?: string;
  };
  const orders: Order[] = [
    {
      title: 'Salon international de l’agriculture',
      from: CASA,
      to: MEKNES,
      startIn: 10,
      days: 3,
      advanceDh: 1500,
      sentDaysAgo: 6,
      status: 'pending',
    },
    {
      title: 'Visite client Souss Distribution',
      from: CASA,
      to: AGADIR,
      startIn: 14,
      days: 2,
      advanceDh: 2000,
      sentDaysAgo: 2,
      status: 'returned',
      comment: 'Merci de préciser le programme des rendez-vous.',
    },
    {
      title: 'Formation sécurité au siège de Rabat',
      from: CASA,
      to: RABAT,
      startIn: -20,
      days: 1,
      advanceDh: 0,
      sentDaysAgo: 30,
      status: 'accepted',
    },
    {
      title: 'Tournée fournisseurs Tanger',
      from: CASA,
      to: TANGER,
      startIn: -40,
      days: 4,
      advanceDh: 3000,
      sentDaysAgo: 50,
      status: 'rejected',
      comment: 'Déplacement reporté au prochain trimestre.',
    },
  ];
  for (const order of orders) {
    const sentAt = new Date(now.getTime() - order.sentDaysAgo * DAY_MS);
    const repliedAt = order.status === 'pending' ? null : new Date(sentAt.getTime() + DAY_MS);
    const advance = BigInt(order.advanceDh * 100);
    const [row] = await db
      .insert(missionOrders)
      .values({
        companyId: atlasId,
        employeeId: karim.id,
        number: await nextMissionOrderNumber(db, atlasId, sentAt),
        title: order.title,
        startDate: dayOf(now, order.startIn),
        endDate: dayOf(now, order.startIn + order.days),
        guests: 0,
        departureCityId: order.from,
        arrivalCityId: order.to,
        description: '',
        advanceCentimes: advance,
        requestedAdvanceCentimes: advance,
        status: order.status,
        reportStatus: order.status === 'accepted' ? 'draft' : 'awaiting_odm',
        createdAt: sentAt,
        updatedAt: repliedAt ?? sentAt,
        submittedAt: sentAt,
        repliedAt,
        repliedBy: repliedAt ? rh.userId : null,
      })
      .returning({ id: missionOrders.id });
    await db.insert(missionOrderEvents).values({
      companyId: atlasId,
      missionOrderId: row!.id,
      type: 'submitted',
      userId: karim.userId,
      amountAfterCentimes: advance,
      createdAt: sentAt,
    });
    if (repliedAt)
      await db.insert(missionOrderEvents).values({
        companyId: atlasId,
        missionOrderId: row!.id,
        type: order.status === 'accepted' ? 'approved' : order.status === 'returned' ? 'returned' : 'refused',
        comment: order.comment ?? null,
        userId: rh.userId,
        amountAfterCentimes: order.status === 'accepted' ? advance : null,
        createdAt: repliedAt,
      });
  }
}
