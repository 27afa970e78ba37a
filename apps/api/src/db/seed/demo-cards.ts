/**
 * The demo's prepaid card (issue 11): one worker of « Usine Tanger » already holds an active card,
 * so a bonus or an advance can be paid to a card in the demo and the journeys (bonuses.spec.ts)
 * without going through the order first. The sandbox issuer knows the card too (printed number,
 * stage active), so spending and the activity screen work. No random draw: the seed's other data
 * is unchanged.
 */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { users } from '../schema/accounts.ts';
import { sandboxIssuedCards } from '../schema/cards.ts';
import { employees, groups } from '../schema/employees.ts';
import { prepaidCards } from '../schema/money.ts';

export const DEMO_CARD = {
  group: 'Usine Tanger',
  last4: '4821',
  number: '4000123456784821',
  issuerReference: 'ISS-DEMO-ATL-0001',
} as const;

const DAY_MS = 86_400_000;

/** Gives the last activated « Usine Tanger » worker (by matricule) an active card; answers who. */
export async function seedDemoCard(db: DbOrTx, companyId: number, now: Date) {
  const [holder] = await db
    .select({ employeeId: employees.id })
    .from(employees)
    .innerJoin(groups, eq(groups.id, employees.groupId))
    .innerJoin(users, eq(users.id, employees.userId))
    .where(
      and(
        eq(employees.companyId, companyId),
        eq(groups.name, DEMO_CARD.group),
        eq(employees.status, 'activated'),
        eq(employees.isActive, true),
        isNotNull(users.email),
      ),
    )
    .orderBy(desc(employees.serial))
    .limit(1);
  if (!holder) return null;
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS);
  const [card] = await db
    .insert(prepaidCards)
    .values({
      companyId,
      employeeId: holder.employeeId,
      status: 'active',
      last4: DEMO_CARD.last4,
      issuerReference: DEMO_CARD.issuerReference,
      assignedAt: at(24),
      deliveredAt: at(21),
      receiptConfirmedAt: at(20),
      contractSignedAt: at(20),
      activatedAt: at(20),
      createdAt: at(25),
      updatedAt: at(20),
    })
    .returning({ id: prepaidCards.id });
  await db.insert(sandboxIssuedCards).values({
    issuerReference: DEMO_CARD.issuerReference,
    cardId: card!.id,
    stage: 'active',
    cardNumber: DEMO_CARD.number,
  });
  return { employeeId: holder.employeeId, cardId: card!.id };
}
