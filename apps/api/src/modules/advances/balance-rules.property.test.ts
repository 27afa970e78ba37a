import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { casablancaMonth, casablancaOffsetMinutes } from '../../lib/time.ts';
import {
  advanceFee,
  availableBalance,
  checkAdvanceRequest,
  earnedThisMonth,
  parseHundredths,
  simulateAdvance,
} from './balance-rules.ts';

const centimes = (max = 100_000_000n) => fc.bigInt({ min: 0n, max }); // up to 1 000 000 DH
const percentage = fc.integer({ min: 0, max: 100 });
const monthlyMax = fc.option(centimes(), { nil: null });
const instant = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2099-12-31T23:59:59Z'),
  noInvalidDate: true,
});
/** A Casablanca calendar day, at noon UTC (the same date in Casablanca on UTC+0 and UTC+1). */
const yearMonth = fc.record({
  year: fc.integer({ min: 2000, max: 2099 }),
  month: fc.integer({ min: 1, max: 12 }),
});
const noonUtc = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day, 12));
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const hundredthsText = (h: bigint) => `${h / 100n}.${(h % 100n).toString().padStart(2, '0')}`;

const method1 = (salaryCentimes: bigint, at: Date) =>
  earnedThisMonth({
    method: 1,
    salaryCentimes,
    hourlyRateCentimes: null,
    netPayableCentimes: null,
    workedDays: null,
    workedHours: null,
    at,
  });

describe('casablancaMonth (properties)', () => {
  it('is the UTC date shifted by 0 or +1 hour, with a valid day', () => {
    fc.assert(
      fc.property(instant, (at) => {
        const offset = casablancaOffsetMinutes(at);
        expect([0, 60]).toContain(offset);
        // Permanent UTC+00 since 2026-09-20 02:00 local, 01:00 UTC (tzdata 2026c).
        if (at.getTime() >= Date.UTC(2026, 8, 20, 1)) expect(offset).toBe(0);
        const local = new Date(at.getTime() + offset * 60_000);
        const m = casablancaMonth(at);
        expect(m).toEqual({
          year: local.getUTCFullYear(),
          month: local.getUTCMonth() + 1,
          day: local.getUTCDate(),
          daysInMonth: daysIn(local.getUTCFullYear(), local.getUTCMonth() + 1),
        });
      }),
    );
  });
});

describe('parseHundredths (properties)', () => {
  it('reads back any two-decimal string exactly', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), (h) => parseHundredths(hundredthsText(h)) === h),
    );
  });
});

describe('earnedThisMonth (properties)', () => {
  it('method 1 is monotone in the day of month, never above salary, and equals salary on the last day', () => {
    fc.assert(
      fc.property(centimes(), yearMonth, fc.nat(), fc.nat(), (salary, { year, month }, a, b) => {
        const dim = daysIn(year, month);
        const [d1, d2] = [(a % dim) + 1, (b % dim) + 1].sort((x, y) => x - y) as [number, number];
        const e1 = method1(salary, noonUtc(year, month, d1));
        const e2 = method1(salary, noonUtc(year, month, d2));
        expect(e1 <= e2).toBe(true);
        expect(e2 <= salary).toBe(true);
        expect(method1(salary, noonUtc(year, month, dim))).toBe(salary);
      }),
    );
  });

  it('method 2 is monotone in worked days, never above salary, and equals salary from 26 days', () => {
    const worked = fc.bigInt({ min: 0n, max: 4_000n }); // 0.00 – 40.00 days
    fc.assert(
      fc.property(centimes(), worked, worked, (salary, a, b) => {
        const [h1, h2] = a <= b ? [a, b] : [b, a];
        const earned = (h: bigint) =>
          earnedThisMonth({
            method: 2,
            salaryCentimes: salary,
            hourlyRateCentimes: null,
            netPayableCentimes: null,
            workedDays: hundredthsText(h),
            workedHours: null,
            at: new Date('2026-04-15T12:00:00Z'),
          });
        expect(earned(h1) <= earned(h2)).toBe(true);
        expect(earned(h2) <= salary).toBe(true);
        if (h2 >= 2_600n) expect(earned(h2)).toBe(salary);
      }),
    );
  });

  it('method 4 is hourly rate × hours rounded down (within one centime of the exact value)', () => {
    fc.assert(
      fc.property(centimes(1_000_000n), fc.bigInt({ min: 0n, max: 50_000n }), (rate, h) => {
        const earned = earnedThisMonth({
          method: 4,
          salaryCentimes: null,
          hourlyRateCentimes: rate,
          netPayableCentimes: null,
          workedDays: null,
          workedHours: hundredthsText(h),
          at: new Date('2026-04-15T12:00:00Z'),
        });
        // earned ≤ rate × h ÷ 100 < earned + 1
        expect(earned * 100n <= rate * h).toBe(true);
        expect(rate * h < (earned + 1n) * 100n).toBe(true);
      }),
    );
  });
});

describe('availableBalance (properties)', () => {
  const input = fc.record({
    earned: centimes(),
    advancePercentage: percentage,
    totalMaxPerMonthCentimes: monthlyMax,
    alreadyDrawnCentimes: centimes(),
  });

  it('is never negative, never above earned × percentage ÷ 100, never above the monthly max', () => {
    fc.assert(
      fc.property(input, (i) => {
        const available = availableBalance(i);
        expect(available >= 0n).toBe(true);
        expect(available * 100n <= i.earned * BigInt(i.advancePercentage)).toBe(true);
        if (i.totalMaxPerMonthCentimes !== null) expect(available <= i.totalMaxPerMonthCentimes).toBe(true);
      }),
    );
  });

  it('is monotone non-increasing in what was already drawn', () => {
    fc.assert(
      fc.property(input, centimes(), (i, more) => {
        const before = availableBalance(i);
        const after = availableBalance({ ...i, alreadyDrawnCentimes: i.alreadyDrawnCentimes + more });
        expect(after <= before).toBe(true);
        // Drawing exactly what is available leaves nothing; drawing less leaves the difference.
        if (more <= before) expect(after).toBe(before - more);
      }),
    );
  });
});

describe('advanceFee (properties)', () => {
  it('exactly maxFree advances of the month are free, every later one pays the flat fee', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 30 }),
        fc.bigInt({ min: 1n, max: 100_000n }),
        (maxFree, count, fee) => {
          const fees = Array.from({ length: count }, (_, n) =>
            advanceFee({ advancesThisMonth: n, maxFreeAdvancesPerMonth: maxFree, companyFeeCentimes: fee }),
          );
          expect(fees.filter((f) => f.isFree)).toHaveLength(Math.min(count, maxFree));
          for (const [n, f] of fees.entries()) {
            expect(f).toEqual(
              n < maxFree ? { feeCentimes: 0n, isFree: true } : { feeCentimes: fee, isFree: false },
            );
          }
        },
      ),
    );
  });
});

describe('checkAdvanceRequest (properties)', () => {
  // Amounts are often drawn near the available balance (± a fee), where off-by-fee bugs hide.
  const request = fc
    .record({
      amountCentimes: fc.bigInt({ min: -1_000n, max: 1_000_000n }),
      nearAvailable: fc.option(fc.bigInt({ min: -3_000n, max: 3_000n }), { freq: 2 }),
      feeCentimes: fc.constantFrom(0n, 1_500n),
      available: centimes(1_000_000n),
      requestsThisMonth: fc.integer({ min: 0, max: 12 }),
      maxAdvancesPerMonth: fc.constantFrom(1, 2, 3, 4, 5, 6, 7, 8, 9, -1),
      totalMaxPerMonthCentimes: fc.option(centimes(1_000_000n), { nil: null }),
      isRestricted: fc.boolean(),
      cutoffDay: fc.option(fc.integer({ min: 1, max: 31 }), { nil: null }),
      at: instant,
      walletBalanceCentimes: fc.oneof(centimes(2_000_000n), fc.constant(10n ** 12n)),
    })
    .map(({ nearAvailable, ...r }) =>
      nearAvailable === null ? r : { ...r, amountCentimes: r.available + nearAvailable },
    );

  it('never accepts amount + fee above available, the wallet, or the monthly max', () => {
    fc.assert(
      fc.property(request, (r) => {
        const result = checkAdvanceRequest(r);
        if (result !== null) return;
        const total = r.amountCentimes + r.feeCentimes;
        expect(r.amountCentimes > 0n).toBe(true);
        expect(total <= r.available).toBe(true);
        expect(total <= r.walletBalanceCentimes).toBe(true);
        if (r.totalMaxPerMonthCentimes !== null)
          expect(r.amountCentimes <= r.totalMaxPerMonthCentimes).toBe(true);
        expect(r.isRestricted).toBe(false);
        if (r.maxAdvancesPerMonth !== -1) expect(r.requestsThisMonth < r.maxAdvancesPerMonth).toBe(true);
      }),
    );
  });

  it('with every other limit open, accepts exactly when 0 < amount and amount + fee ≤ available', () => {
    fc.assert(
      fc.property(
        centimes(1_000_000n),
        fc.bigInt({ min: -3_000n, max: 3_000n }),
        fc.constantFrom(0n, 1_500n),
        (available, slack, feeCentimes) => {
          const amountCentimes = available + slack;
          const result = checkAdvanceRequest({
            amountCentimes,
            feeCentimes,
            available,
            requestsThisMonth: 0,
            maxAdvancesPerMonth: -1,
            totalMaxPerMonthCentimes: null,
            isRestricted: false,
            cutoffDay: null,
            at: new Date('2026-04-15T12:00:00Z'),
            walletBalanceCentimes: 10n ** 12n,
          });
          const expected =
            amountCentimes <= 0n
              ? 'min_value'
              : amountCentimes + feeCentimes > available
                ? 'BALANCE_INSUFFICIENT'
                : null;
          expect(result).toBe(expected);
        },
      ),
    );
  });

  it('a restricted employee is always refused with ACCESS_RESTRICTED (for a positive amount)', () => {
    fc.assert(
      fc.property(request, (r) => {
        fc.pre(r.amountCentimes > 0n);
        expect(checkAdvanceRequest({ ...r, isRestricted: true })).toBe('ACCESS_RESTRICTED');
      }),
    );
  });
});

describe('simulateAdvance (properties)', () => {
  it('available_after is never negative and an accepted simulation fits in available', () => {
    fc.assert(
      fc.property(
        fc.record({
          method: fc.constantFrom(1 as const, 2 as const, 3 as const, 4 as const),
          salaryCentimes: fc.option(centimes(), { nil: null }),
          hourlyRateCentimes: fc.option(centimes(1_000_000n), { nil: null }),
          netPayableCentimes: fc.option(centimes(), { nil: null }),
          workedDays: fc.option(fc.bigInt({ min: 0n, max: 3_100n }).map(hundredthsText), { nil: null }),
          workedHours: fc.option(fc.bigInt({ min: 0n, max: 30_000n }).map(hundredthsText), { nil: null }),
          at: instant,
          amountCentimes: fc.bigInt({ min: 1n, max: 5_000_000n }),
          advancePercentage: percentage,
          totalMaxPerMonthCentimes: monthlyMax,
          alreadyDrawnCentimes: centimes(),
          advancesThisMonth: fc.integer({ min: 0, max: 12 }),
          maxAdvancesPerMonth: fc.constantFrom(1, 3, 9, -1),
          maxFreeAdvancesPerMonth: fc.integer({ min: 0, max: 5 }),
          companyFeeCentimes: fc.option(fc.constant(1_500n), { nil: null }),
          isRestricted: fc.boolean(),
          cutoffDay: fc.option(fc.integer({ min: 1, max: 31 }), { nil: null }),
          walletBalanceCentimes: centimes(),
        }),
        (input) => {
          const s = simulateAdvance(input);
          expect(s.available_after >= 0n).toBe(true);
          expect(s.total).toBe(s.amount + s.fee);
          expect(s.available_after <= s.available).toBe(true);
          if (s.error_code === null) {
            expect(s.total <= s.available).toBe(true);
            expect(s.available_after).toBe(s.available - s.total);
          } else {
            expect(s.available_after).toBe(s.available);
          }
        },
      ),
    );
  });
});
