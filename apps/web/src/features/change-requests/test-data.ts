import type { TChangeRequest } from '@tasbiq/contracts/change-requests';
import type { TEmployeeDetail } from '@tasbiq/contracts/employees';
import { ribKey } from '@tasbiq/contracts/validators';

/** Test data of the change-request screens: valid by default, override what a test is about. */
export const RIB_BODY = '0117800000000000000042';
export const RIB = `${RIB_BODY}${ribKey(RIB_BODY)}`;
export const WRONG_KEY = `${RIB_BODY}${String((Number(ribKey(RIB_BODY)) % 97) + 1).padStart(2, '0')}`;
export const NEW_RIB_BODY = '0077800000000000000099';
export const NEW_RIB = `${NEW_RIB_BODY}${ribKey(NEW_RIB_BODY)}`;

export function makeEmployee(overrides: Partial<TEmployeeDetail> = {}): TEmployeeDetail {
  return {
    id: 12,
    first_name: 'Karim',
    last_name: 'Bennani',
    email: 'karim@acme.ma',
    phone: '+212612345678',
    cin: 'BE123456',
    serial: 'ATL-0012',
    group: null,
    status: 'activated',
    is_active: true,
    account_type: 'employee',
    salary: '8000.00',
    created: '2026-01-10T09:00:00Z',
    is_restricted: false,
    hourly_rate: '0.00',
    net_payable: '0.00',
    rib: RIB,
    birthday: '1990-05-04',
    advance_percentage: 50,
    max_advances_per_month: -1,
    max_free_advances_per_month: 1,
    total_max_advance_per_month: '5000.00',
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

export function makeChangeRequest(overrides: Partial<TChangeRequest> = {}): TChangeRequest {
  return {
    id: 7,
    employee: { id: 12, first_name: 'Karim', last_name: 'Bennani', serial: 'ATL-0012' },
    field: 'rib',
    old_value: RIB,
    new_value: NEW_RIB,
    description: 'Changement de banque',
    status: 'pending',
    requested_by: { id: 1, name: 'Salma Alaoui' },
    created: '2026-03-12T10:05:00Z',
    decided_by: null,
    decided_at: null,
    decision_comment: null,
    attachments: [],
    ...overrides,
  };
}

export const page = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
