import type { TAccount } from '@tasbiq/contracts/auth';
import type { Session } from '../../lib/auth/session.ts';
import { toWireDateTime } from '../../lib/time.ts';

/** GET /auth/account: the caller as the web app needs it (spec §3 Account). */
export function toAccount({ user, company }: Pick<Session, 'user' | 'company'>): TAccount {
  return {
    id: user.id,
    email: user.email,
    phone: user.phone,
    first_name: user.firstName,
    last_name: user.lastName,
    cin: user.cin,
    company: company ? { id: company.id, name: company.name, is_active: company.isActive } : null,
    roles: user.roles,
    phone_confirmed: user.phoneConfirmedAt !== null,
    has_changed_password: user.passwordChangedAt !== null,
    date_joined: toWireDateTime(user.dateJoined),
  };
}
