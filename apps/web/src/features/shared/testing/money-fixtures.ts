import type { TAdvance, TAdvanceSimulation, TEmployeeSolde } from '@tasbiq/contracts/advances';
import type { TRecharge } from '@tasbiq/contracts/recharges';
import type { TPaginated } from '@tasbiq/contracts/wire';

/** Test data of the money screens: valid by default, override what the test is about. */
export function makeSolde(overrides: Partial<TEmployeeSolde> = {}): TEmployeeSolde {
  return {
    balance: '2500.00',
    earned: '7000.00',
    drawn: '0.00',
    advance_percentage: 50,
    total_max_advance_per_month: '5000.00',
    requests_this_month: 1,
    max_advances_per_month: 3,
    requests_left: 2,
    free_advances_left: 0,
    next_fee: '15.00',
    is_restricted: false,
    cutoff_day: null,
    has_active_card: false,
    has_rib: true,
    month: 11,
    year: 2026,
    ...overrides,
  };
}

export function makeSimulation(overrides: Partial<TAdvanceSimulation> = {}): TAdvanceSimulation {
  return {
    amount: '1000.00',
    fees: '15.00',
    total: '1015.00',
    free: false,
    earned: '7000.00',
    available: '2500.00',
    available_after: '1485.00',
    error_code: null,
    ...overrides,
  };
}

const employee = { id: 7, first_name: 'Salma', last_name: 'Alaoui', serial: 'ACM-0007' };

export function makeAdvance(overrides: Partial<TAdvance> = {}): TAdvance {
  return {
    id: 1,
    employee,
    amount: '1000.00',
    fees: '15.00',
    free: false,
    status: 'pending',
    payout_method: 'rib',
    created: '2026-11-20T10:15:00+00:00',
    executed: null,
    canceled: null,
    failed: null,
    cancel_reason: null,
    failure_reason: null,
    ...overrides,
  };
}

export function makeRecharge(overrides: Partial<TRecharge> = {}): TRecharge {
  return {
    id: 1,
    employee,
    phone: '+212612345678',
    operator: 'iam',
    product: 'iam-100',
    amount: '100.00',
    discounted_amount: '97.00',
    status: 'executed',
    created: '2026-11-21T18:40:00+00:00',
    executed: '2026-11-21T18:40:05+00:00',
    failed: null,
    failure_reason: null,
    ...overrides,
  };
}

export function page<T>(results: T[], count = results.length): TPaginated<T> {
  return { count, next: null, previous: null, results };
}
