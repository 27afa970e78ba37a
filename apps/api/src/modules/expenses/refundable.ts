import {
  GUEST_MULTIPLIED_CATEGORIES,
  type TExpenseCategory,
  type TRefundReason,
} from '@tasbiq/contracts/expenses';

/**
 * The refundable amount of expenses (issue 15): each expense is capped by its category's ceiling
 * per day for the employee's group; the expenses of one category on one day share that day's
 * ceiling; food counts its guests (a meal for 1 + guests people has 1 + guests times the ceiling).
 *
 * The ceiling is read as a budget **per person per day**. An expense for `heads` people
 * (1 + guests for food, else 1) may use up to `heads ×` what is left of the day's budget, and uses
 * `ceil(refunded / heads)` of it. With no guests this is the plain rule "the day's expenses share
 * the ceiling"; with guests a meal for three is refunded up to three ceilings, and a second meal the
 * same day gets what the first left per person.
 *
 * Allocation order, so the answer never depends on the order rows come back in: within one
 * category and day, expenses take their share by ascending id (the order they were created), so
 * the receipt entered first is refunded first and a later one carries the reason.
 *
 * Pass only the expenses that count (accepted ones for a settlement; every expense not rejected
 * for a preview): a rejected expense must not use the day's budget.
 */

export type RefundableExpense = {
  id: number;
  category: TExpenseCategory;
  /** The Casablanca calendar day of the expense, YYYY-MM-DD. */
  date: string;
  amountCentimes: bigint;
  guests: number;
};

/** Per category, the ceiling per person and per day in centimes; absent or null = unlimited. */
export type DailyCeilings = Partial<Record<TExpenseCategory, bigint | null>>;

export type RefundLine = {
  id: number;
  amountCentimes: bigint;
  /** The most this expense could be refunded on its own (ceiling × heads), null when unlimited. */
  ceilingCentimes: bigint | null;
  refundedCentimes: bigint;
  /** Why less than the amount is refunded; null when refunded in full. */
  reason: TRefundReason | null;
};

export function headsOf(expense: Pick<RefundableExpense, 'category' | 'guests'>): bigint {
  return GUEST_MULTIPLIED_CATEGORIES.includes(expense.category) ? BigInt(1 + expense.guests) : 1n;
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

/** One line per expense, in the order given. */
export function refundableAmounts(
  expenses: readonly RefundableExpense[],
  ceilings: DailyCeilings,
): RefundLine[] {
  const byId = new Map<number, RefundLine>();
  const days = new Map<string, RefundableExpense[]>();
  for (const expense of expenses) {
    if (expense.amountCentimes < 0n) throw new RangeError('A negative expense amount');
    const key = `${expense.category}|${expense.date}`;
    const day = days.get(key);
    if (day) day.push(expense);
    else days.set(key, [expense]);
  }
  for (const day of days.values()) {
    day.sort((a, b) => a.id - b.id);
    const first = day[0] as RefundableExpense;
    const ceiling = ceilings[first.category] ?? null;
    let left = ceiling; // per person, for the rest of the day
    for (const expense of day) {
      const heads = headsOf(expense);
      if (ceiling === null || left === null) {
        byId.set(expense.id, {
          id: expense.id,
          amountCentimes: expense.amountCentimes,
          ceilingCentimes: null,
          refundedCentimes: expense.amountCentimes,
          reason: null,
        });
        continue;
      }
      const available = left * heads;
      const refunded = expense.amountCentimes < available ? expense.amountCentimes : available;
      const reason: TRefundReason | null =
        refunded === expense.amountCentimes ? null : left < ceiling ? 'ceiling_shared' : 'ceiling';
      left -= ceilDiv(refunded, heads);
      byId.set(expense.id, {
        id: expense.id,
        amountCentimes: expense.amountCentimes,
        ceilingCentimes: ceiling * heads,
        refundedCentimes: refunded,
        reason,
      });
    }
  }
  return expenses.map((expense) => byId.get(expense.id) as RefundLine);
}

/** The sum refunded over the lines. */
export function refundableTotal(lines: readonly RefundLine[]): bigint {
  return lines.reduce((sum, line) => sum + line.refundedCentimes, 0n);
}
