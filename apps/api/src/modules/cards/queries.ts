import { and, desc, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { cardOrders } from '../../db/schema/cards.ts';
import { employees } from '../../db/schema/employees.ts';
import { prepaidCards } from '../../db/schema/money.ts';

export type CardRow = typeof prepaidCards.$inferSelect;
export type CardOrderRow = typeof cardOrders.$inferSelect;

/** The employee's card: the live one, else the latest canceled one (to say why); null if none. */
export async function findCurrentCard(
  db: DbOrTx,
  companyId: number,
  employeeId: number,
): Promise<CardRow | null> {
  const [live] = await db
    .select()
    .from(prepaidCards)
    .where(
      and(
        eq(prepaidCards.companyId, companyId),
        eq(prepaidCards.employeeId, employeeId),
        ne(prepaidCards.status, 'canceled'),
      ),
    )
    .limit(1);
  if (live) return live;
  const [latest] = await db
    .select()
    .from(prepaidCards)
    .where(and(eq(prepaidCards.companyId, companyId), eq(prepaidCards.employeeId, employeeId)))
    .orderBy(desc(prepaidCards.id))
    .limit(1);
  return latest ?? null;
}

/** The employee's latest order (any status). */
export async function findLatestOrder(
  db: DbOrTx,
  companyId: number,
  employeeId: number,
): Promise<CardOrderRow | null> {
  const [row] = await db
    .select()
    .from(cardOrders)
    .where(and(eq(cardOrders.companyId, companyId), eq(cardOrders.employeeId, employeeId)))
    .orderBy(desc(cardOrders.id))
    .limit(1);
  return row ?? null;
}

/** The order a card came from (its delivery address and CIN images). */
export async function findOrderOfCard(
  db: DbOrTx,
  companyId: number,
  cardId: number,
): Promise<CardOrderRow | null> {
  const [row] = await db
    .select()
    .from(cardOrders)
    .where(and(eq(cardOrders.companyId, companyId), eq(cardOrders.cardId, cardId)))
    .limit(1);
  return row ?? null;
}

export async function findCardByIssuerReference(db: DbOrTx, issuerReference: string) {
  const [row] = await db.select().from(prepaidCards).where(eq(prepaidCards.issuerReference, issuerReference));
  return row ?? null;
}

/** The card holder as the contract and the issuer know them. */
export async function findHolder(db: DbOrTx, companyId: number, employeeId: number) {
  const [row] = await db
    .select({
      employeeId: employees.id,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      cin: users.cin,
      phone: users.phone,
      phoneConfirmedAt: users.phoneConfirmedAt,
      email: users.email,
      serial: employees.serial,
      birthday: employees.birthday,
      isActive: employees.isActive,
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(and(eq(employees.id, employeeId), eq(employees.companyId, companyId)));
  return row ?? null;
}
export type Holder = NonNullable<Awaited<ReturnType<typeof findHolder>>>;
