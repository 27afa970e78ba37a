import type { TEmployeeDetail, TEmployeeListItem } from '@tasbiq/contracts/employees';
import type { FakeHandler } from '../../../app/testing/fake-api.ts';

/** Test data for the employees screens: valid by default, override what the test is about. */
export function makeEmployeeItem(overrides: Partial<TEmployeeListItem> = {}): TEmployeeListItem {
  return {
    id: 7,
    first_name: 'Youssef',
    last_name: 'Amrani',
    email: 'youssef.amrani@acme.ma',
    phone: '+212611223344',
    cin: 'BE123456',
    serial: 'M-007',
    group: { id: 3, name: 'Usine' },
    status: 'activated',
    is_active: true,
    account_type: 'employee',
    salary: '8500.00',
    created: '2026-01-10T09:00:00Z',
    ...overrides,
  };
}

export function makeEmployeeDetail(overrides: Partial<TEmployeeDetail> = {}): TEmployeeDetail {
  return {
    ...makeEmployeeItem(),
    is_restricted: false,
    hourly_rate: '49.10',
    net_payable: '6800.00',
    rib: '011780000012345678901234',
    birthday: '1990-04-12',
    advance_percentage: 50,
    max_advances_per_month: 3,
    max_free_advances_per_month: 1,
    total_max_advance_per_month: '4000.00',
    balance_method: 1,
    has_password: true,
    phone_confirmed: true,
    card: null,
    worked_time: null,
    recent_advances: [],
    pending_changes: [],
    updated: '2026-01-10T09:00:00Z',
    ...overrides,
  };
}

export const groupOptionsHandler: FakeHandler = {
  body: {
    count: 2,
    next: null,
    previous: null,
    results: [
      { id: 3, name: 'Usine', employee_count: 4, created: '2026-01-01T00:00:00Z' },
      { id: 4, name: 'Siège', employee_count: 2, created: '2026-01-01T00:00:00Z' },
    ],
  },
};
