import { EXPENSE_CATEGORIES, type TExpenseCategory } from '@tasbiq/contracts/expenses';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DailyCeilings, headsOf, type RefundableExpense, refundableAmounts } from './refundable.ts';

const category = fc.constantFrom(...EXPENSE_CATEGORIES);
const day = fc.constantFrom('2026-11-02', '2026-11-03', '2026-11-04');
const centimes = (max = 2_000_000n) => fc.bigInt({ min: 0n, max });
const expenseFields = fc.record({
  category,
  date: day,
  amountCentimes: centimes(),
  guests: fc.integer({ min: 0, max: 9 }),
});
/** Unique ids, in a shuffled order. */
const expenses = fc.array(expenseFields, { maxLength: 25 }).chain((rows) =>
  fc
    .shuffledSubarray(
      Array.from({ length: rows.length }, (_, i) => i + 1),
      { minLength: rows.length, maxLength: rows.length },
    )
    .map((ids) => rows.map((row, i) => ({ ...row, id: ids[i] as number }) satisfies RefundableExpense)),
);
const ceilings: fc.Arbitrary<DailyCeilings> = fc.record(
  Object.fromEntries(
    EXPENSE_CATEGORIES.map((c) => [c, fc.option(centimes(500_000n), { nil: null })]),
  ) as Record<TExpenseCategory, fc.Arbitrary<bigint | null>>,
  { requiredKeys: [] },
);
const ceil = (a: bigint, b: bigint) => (a + b - 1n) / b;

describe('refundableAmounts (properties)', () => {
  it('refunds between 0 and the amount, gives a reason exactly when less, one line per expense in order', () => {
    fc.assert(
      fc.property(expenses, ceilings, (list, caps) => {
        const lines = refundableAmounts(list, caps);
        expect(lines.map((l) => l.id)).toEqual(list.map((e) => e.id));
        for (const [i, line] of lines.entries()) {
          const expense = list[i] as RefundableExpense;
          expect(line.amountCentimes).toBe(expense.amountCentimes);
          expect(line.refundedCentimes >= 0n && line.refundedCentimes <= expense.amountCentimes).toBe(true);
          expect(line.reason === null).toBe(line.refundedCentimes === expense.amountCentimes);
          if (line.ceilingCentimes !== null) expect(line.refundedCentimes <= line.ceilingCentimes).toBe(true);
        }
      }),
    );
  });

  it('an empty ceiling is unlimited: everything is refunded', () => {
    fc.assert(
      fc.property(expenses, (list) => {
        for (const line of refundableAmounts(list, {})) {
          expect(line.refundedCentimes).toBe(line.amountCentimes);
          expect(line.ceilingCentimes).toBeNull();
        }
      }),
    );
  });

  it("one category's expenses on one day never use more than the day's ceiling per person", () => {
    fc.assert(
      fc.property(expenses, ceilings, (list, caps) => {
        const lines = refundableAmounts(list, caps);
        const used = new Map<string, bigint>();
        for (const [i, line] of lines.entries()) {
          const expense = list[i] as RefundableExpense;
          const key = `${expense.category}|${expense.date}`;
          used.set(key, (used.get(key) ?? 0n) + ceil(line.refundedCentimes, headsOf(expense)));
        }
        for (const [key, total] of used) {
          const cap = caps[key.split('|')[0] as TExpenseCategory];
          if (cap !== null && cap !== undefined) expect(total <= cap).toBe(true);
        }
      }),
    );
  });

  it('without guests, a day shares its ceiling exactly: refunded total = min(total, ceiling)', () => {
    fc.assert(
      fc.property(expenses, ceilings, (list, caps) => {
        const noGuests = list.map((e) => ({ ...e, guests: 0 }));
        const lines = refundableAmounts(noGuests, caps);
        const totals = new Map<string, { spent: bigint; refunded: bigint; cap: bigint | null }>();
        for (const [i, line] of lines.entries()) {
          const expense = noGuests[i] as RefundableExpense;
          const key = `${expense.category}|${expense.date}`;
          const t = totals.get(key) ?? { spent: 0n, refunded: 0n, cap: caps[expense.category] ?? null };
          t.spent += expense.amountCentimes;
          t.refunded += line.refundedCentimes;
          totals.set(key, t);
        }
        for (const t of totals.values()) {
          expect(t.refunded).toBe(t.cap === null || t.spent < t.cap ? t.spent : t.cap);
        }
      }),
    );
  });

  it('does not depend on the order the expenses are given in', () => {
    fc.assert(
      fc.property(expenses, ceilings, fc.integer(), (list, caps, seed) => {
        const shuffled = [...list].sort(
          (a, b) => ((a.id * 7919 + seed) % 101) - ((b.id * 7919 + seed) % 101),
        );
        const byId = (lines: ReturnType<typeof refundableAmounts>) =>
          new Map(lines.map((l) => [l.id, l] as const));
        expect(byId(refundableAmounts(shuffled, caps))).toEqual(byId(refundableAmounts(list, caps)));
      }),
    );
  });

  it('an expense added later (or elsewhere) never changes what the others get', () => {
    fc.assert(
      fc.property(expenses, ceilings, expenseFields, (list, caps, extra) => {
        const other = { ...extra, id: 10_000 };
        const before = refundableAmounts(list, caps);
        const after = refundableAmounts([...list, other], caps);
        // Elsewhere nothing changes; on the same day a later expense (higher id) takes only what is left.
        for (const [i, line] of before.entries()) expect(after[i]).toEqual(line);
      }),
    );
  });

  it('guests multiply the ceiling for food only', () => {
    fc.assert(
      fc.property(
        category,
        centimes(),
        fc.integer({ min: 0, max: 9 }),
        centimes(500_000n),
        (cat, amount, guests, cap) => {
          const [line] = refundableAmounts(
            [{ id: 1, category: cat, date: '2026-11-02', amountCentimes: amount, guests }],
            {
              [cat]: cap,
            },
          );
          const multiplier = cat === 'food' ? BigInt(1 + guests) : 1n;
          expect(line?.ceilingCentimes).toBe(cap * multiplier);
          expect(line?.refundedCentimes).toBe(amount < cap * multiplier ? amount : cap * multiplier);
        },
      ),
    );
  });
});

describe('refundableAmounts (examples)', () => {
  const day1 = '2026-11-02';
  it('two meals on one day share 150 DH: the first in full, the second what is left', () => {
    const lines = refundableAmounts(
      [
        { id: 8, category: 'food', date: day1, amountCentimes: 9_000n, guests: 0 },
        { id: 5, category: 'food', date: day1, amountCentimes: 10_000n, guests: 0 },
        { id: 9, category: 'food', date: '2026-11-03', amountCentimes: 20_000n, guests: 0 },
      ],
      { food: 15_000n },
    );
    expect(lines).toEqual([
      {
        id: 8,
        amountCentimes: 9_000n,
        ceilingCentimes: 15_000n,
        refundedCentimes: 5_000n,
        reason: 'ceiling_shared',
      },
      { id: 5, amountCentimes: 10_000n, ceilingCentimes: 15_000n, refundedCentimes: 10_000n, reason: null },
      {
        id: 9,
        amountCentimes: 20_000n,
        ceilingCentimes: 15_000n,
        refundedCentimes: 15_000n,
        reason: 'ceiling',
      },
    ]);
  });

  it('a dinner with two guests is capped at three ceilings; a hotel ignores guests', () => {
    const lines = refundableAmounts(
      [
        { id: 1, category: 'food', date: day1, amountCentimes: 50_000n, guests: 2 },
        { id: 2, category: 'hotel', date: day1, amountCentimes: 90_000n, guests: 2 },
        { id: 3, category: 'train', date: day1, amountCentimes: 90_000n, guests: 0 },
      ],
      { food: 15_000n, hotel: 60_000n, train: null },
    );
    expect(lines.map((l) => [l.refundedCentimes, l.ceilingCentimes, l.reason])).toEqual([
      [45_000n, 45_000n, 'ceiling'],
      [60_000n, 60_000n, 'ceiling'],
      [90_000n, null, null],
    ]);
  });

  it('a ceiling of 0 refunds nothing', () => {
    const [line] = refundableAmounts(
      [{ id: 1, category: 'bank', date: day1, amountCentimes: 100n, guests: 0 }],
      {
        bank: 0n,
      },
    );
    expect(line?.refundedCentimes).toBe(0n);
    expect(line?.reason).toBe('ceiling');
  });
});
