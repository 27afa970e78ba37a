import { normalizeMoroccanPhone } from '@tasbiq/contracts/validators';
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { loginFailures } from '../../db/schema/auth.ts';
import { companies } from '../../db/schema/companies.ts';

export type LoginName = { email: string } | { phone: string };

/** A login name is an e-mail (any case) or a Moroccan phone in any format; null when neither. */
export function parseLoginName(raw: string): LoginName | null {
  const value = raw.trim();
  if (value.includes('@')) return { email: value.toLowerCase() };
  const phone = normalizeMoroccanPhone(value);
  return phone ? { phone } : null;
}

/** The account behind a login name, with its company (null for staff without one). */
export async function findAccountByLoginName(db: DbOrTx, name: LoginName) {
  const [row] = await db
    .select({ user: users, company: companies })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where('email' in name ? eq(users.email, name.email) : eq(users.phone, name.phone))
    .limit(1);
  return row ?? null;
}

export async function findAccountById(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ user: users, company: companies })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** Whether another account already logs in with this phone or e-mail. */
export async function isLoginNameTaken(db: DbOrTx, name: LoginName, exceptUserId: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        'email' in name ? eq(users.email, name.email) : eq(users.phone, name.phone),
        ne(users.id, exceptUserId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The time of the `rank`-th most recent failure since `since` (1 = newest), if there are that many. */
export async function nthLatestLoginFailureSince(db: DbOrTx, userId: number, since: Date, rank: number) {
  const [row] = await db
    .select({ createdAt: loginFailures.createdAt })
    .from(loginFailures)
    .where(and(eq(loginFailures.userId, userId), gt(loginFailures.createdAt, since)))
    .orderBy(desc(loginFailures.createdAt))
    .offset(rank - 1)
    .limit(1);
  return row?.createdAt ?? null;
}
