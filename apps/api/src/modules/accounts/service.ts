import { normalizeCin, normalizeMoroccanPhone } from '@tasbiq/contracts/validators';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { hashPassword } from '../../lib/auth/passwords.ts';

export type NewAccount = {
  email?: string | null;
  phone?: string | null;
  password?: string | null;
  /**
   * An already computed argon2 hash, used instead of `password`: the demo seed hashes one
   * password once and shares it, because argon2 is deliberately slow (~50 ms per hash).
   */
  passwordHash?: string | null;
  firstName: string;
  lastName: string;
  cin?: string | null;
  companyId?: number | null;
  roles?: string[];
  isActive?: boolean;
  phoneConfirmed?: boolean;
};

/** Creates a login. E-mail is lower-cased and the phone stored as +212…, the forms we look them up by. */
export async function createAccount(db: DbOrTx, input: NewAccount) {
  const phone = input.phone ? normalizeMoroccanPhone(input.phone) : null;
  if (input.phone && !phone) throw new Error(`Invalid Moroccan phone: ${input.phone}`);
  const [user] = await db
    .insert(users)
    .values({
      email: input.email ? input.email.trim().toLowerCase() : null,
      phone,
      passwordHash: input.password ? await hashPassword(input.password) : (input.passwordHash ?? null),
      firstName: input.firstName,
      lastName: input.lastName,
      cin: input.cin ? normalizeCin(input.cin) : null,
      companyId: input.companyId ?? null,
      roles: input.roles ?? [],
      isActive: input.isActive ?? true,
      phoneConfirmedAt: input.phoneConfirmed ? new Date() : null,
    })
    .returning();
  return user!;
}
