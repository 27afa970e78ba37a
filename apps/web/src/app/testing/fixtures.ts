import type { TAccount } from '@tasbiq/contracts/auth';
import type { TSettings } from '@tasbiq/contracts/settings';
import type { TTerms } from '@tasbiq/contracts/terms';

/** Test data builders: valid by default, override what the test is about. */
export function makeAccount(overrides: Partial<TAccount> = {}): TAccount {
  return {
    id: 1,
    email: 'salma@acme.ma',
    phone: '+212612345678',
    first_name: 'Salma',
    last_name: 'Alaoui',
    cin: 'BE123456',
    company: { id: 10, name: 'Acme Maroc', is_active: true },
    roles: [],
    phone_confirmed: true,
    has_changed_password: true,
    date_joined: '2024-01-15T09:00:00+01:00',
    ...overrides,
  };
}

export function makeSettings(overrides: Partial<TSettings> = {}): TSettings {
  return {
    items_per_page: 20,
    recharges_enabled: true,
    fiches_enabled: true,
    cards_enabled: true,
    bonuses_enabled: true,
    expenses_enabled: true,
    advances_enabled: true,
    eprogram_enabled: false,
    transfers_enabled: false,
    bills_enabled: false,
    connector_type: null,
    signup_link: null,
    ...overrides,
  };
}

export function makeTerms(overrides: Partial<TTerms> = {}): TTerms {
  return {
    id: 3,
    content: '<h2>Conditions générales</h2><ul><li>Article premier</li></ul>',
    version: '3.0',
    created: '2025-01-01T00:00:00+01:00',
    accepted: true,
    ...overrides,
  };
}
