import type { TExpense, TExpenseReport } from '@tasbiq/contracts/expenses';
import type { TMissionOrderDetails } from '@tasbiq/contracts/mission-orders';

/** An approved order of Karim (employee 3), 1–3 December 2026. */
export function makeApprovedOrder(overrides: Partial<TMissionOrderDetails> = {}): TMissionOrderDetails {
  return {
    id: 7,
    number: 'ODM-2026-0042',
    title: 'Visite client Agadir',
    start_date: '2026-12-01',
    end_date: '2026-12-03',
    guests: 1,
    departure_city: { id: 1, name: 'Casablanca' },
    arrival_city: { id: 84, name: 'Agadir' },
    description: '',
    advance_amount: '1500.00',
    requested_advance_amount: '1500.00',
    advance_status: 'executed',
    payout_method: 'card',
    advance_paid: '1500.00',
    advance_failure_reason: null,
    status: 'accepted',
    report_status: 'draft',
    employee: { id: 3, first_name: 'Karim', last_name: 'Benjelloun', serial: 'ATL-0001' },
    files: [],
    created: '2026-11-20T10:00:00.000+00:00',
    submitted: '2026-11-20T10:00:00.000+00:00',
    replied: '2026-11-21T10:00:00.000+00:00',
    is_overdue: false,
    can_review: false,
    can_edit: false,
    is_own: true,
    history: [],
    advance_ceiling: { limit: null, route_ceiling: null, ceiling: null },
    ...overrides,
  };
}

export function makeExpense(id: number, overrides: Partial<TExpense> = {}): TExpense {
  return {
    id,
    title: `Dépense ${id}`,
    category: 'food',
    category_label: 'Restauration',
    expense_date: '2026-12-01',
    amount: '120.00',
    guests: 0,
    status: 'draft',
    report: 7,
    receipt: { name: `ticket-${id}.png`, display_name: `ticket-${id}.png`, type: 'image/png' },
    ceiling: '150.00',
    refundable_amount: '120.00',
    refund_reason: null,
    refund_reason_label: null,
    review_comment: null,
    employee: { id: 3, first_name: 'Karim', last_name: 'Benjelloun' },
    created: '2026-12-01T10:00:00.000+00:00',
    updated: '2026-12-01T10:00:00.000+00:00',
    ...overrides,
  };
}

export function makeReport(expenses: TExpense[], reportStatus = 'draft'): TExpenseReport {
  const cents = (pick: (e: TExpense) => string | null) =>
    expenses.reduce((sum, e) => sum + Math.round(Number(pick(e) ?? '0') * 100), 0);
  const wire = (c: number) => `${Math.trunc(c / 100)}.${String(c % 100).padStart(2, '0')}`;
  return {
    odm: 7,
    report_status: reportStatus,
    expenses,
    total_amount: wire(cents((e) => (e.status === 'rejected' ? null : e.amount))),
    refundable_total: wire(cents((e) => e.refundable_amount)),
    settlement: null,
  };
}

export const page = <T>(results: T[]) => ({
  body: { count: results.length, next: null, previous: null, results },
});
