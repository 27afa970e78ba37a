import { describe, expect, it } from 'vitest';
import { casablancaMonth } from '../../lib/time.ts';
import {
  advanceFee,
  availableBalance,
  checkAdvanceRequest,
  type EarnedInput,
  earnedThisMonth,
  parseHundredths,
  simulateAdvance,
} from './balance-rules.ts';

const SALARY = 950_000n; // 9 500 DH

function earned(over: Partial<EarnedInput>): bigint {
  return earnedThisMonth({
    method: 1,
    salaryCentimes: SALARY,
    hourlyRateCentimes: null,
    netPayableCentimes: null,
    workedDays: null,
    workedHours: null,
    at: new Date('2026-04-15T12:00:00Z'),
    ...over,
  });
}

describe('casablancaMonth', () => {
  it('gives year, month, day and days in month', () => {
    expect(casablancaMonth(new Date('2026-04-15T12:00:00Z'))).toEqual({
      year: 2026,
      month: 4,
      day: 15,
      daysInMonth: 30,
    });
  });

  it('was already the next month at 23:30 UTC on the last day while Morocco was on UTC+1', () => {
    expect(casablancaMonth(new Date('2026-03-31T23:30:00Z'))).toEqual({
      year: 2026,
      month: 4,
      day: 1,
      daysInMonth: 30,
    });
    expect(casablancaMonth(new Date('2025-12-31T23:30:00Z'))).toEqual({
      year: 2026,
      month: 1,
      day: 1,
      daysInMonth: 31,
    });
  });

  it('stays in the month until midnight UTC since 20 September 2026 (UTC+00 for good)', () => {
    expect(casablancaMonth(new Date('2026-10-31T23:30:00Z'))).toEqual({
      year: 2026,
      month: 10,
      day: 31,
      daysInMonth: 31,
    });
    expect(casablancaMonth(new Date('2026-12-31T23:30:00Z'))).toEqual({
      year: 2026,
      month: 12,
      day: 31,
      daysInMonth: 31,
    });
    expect(casablancaMonth(new Date('2027-03-31T23:59:59Z'))).toMatchObject({ month: 3, day: 31 });
    expect(casablancaMonth(new Date('2027-04-01T00:00:00Z'))).toMatchObject({ month: 4, day: 1 });
  });

  it('stays in the same month during Ramadan, when Morocco is on UTC+0', () => {
    // Ramadan 2026 (about 18 Feb – 20 Mar): 23:30 UTC is 23:30 in Casablanca.
    expect(casablancaMonth(new Date('2026-02-28T23:30:00Z'))).toMatchObject({ month: 2, day: 28 });
    // Ramadan 2024 (about 10 Mar – 9 Apr).
    expect(casablancaMonth(new Date('2024-03-31T23:30:00Z'))).toMatchObject({ month: 3, day: 31 });
  });

  it('knows February in leap and common years', () => {
    expect(casablancaMonth(new Date('2024-02-10T12:00:00Z')).daysInMonth).toBe(29);
    expect(casablancaMonth(new Date('2026-02-10T12:00:00Z')).daysInMonth).toBe(28);
    expect(casablancaMonth(new Date('2000-02-10T12:00:00Z')).daysInMonth).toBe(29);
    expect(casablancaMonth(new Date('2100-02-10T12:00:00Z')).daysInMonth).toBe(28);
    // 28 Feb 2024 23:30 UTC is 29 Feb 00:30 in Casablanca (UTC+1 before Ramadan).
    expect(casablancaMonth(new Date('2024-02-28T23:30:00Z'))).toMatchObject({ month: 2, day: 29 });
  });
});

describe('parseHundredths', () => {
  it('parses decimal strings exactly', () => {
    expect(parseHundredths('21.50')).toBe(2150n);
    expect(parseHundredths('21.5')).toBe(2150n);
    expect(parseHundredths('21,5')).toBe(2150n);
    expect(parseHundredths('21')).toBe(2100n);
    expect(parseHundredths(' 0.01 ')).toBe(1n);
    expect(parseHundredths('0.29')).toBe(29n);
    expect(parseHundredths(0.29)).toBe(29n);
    expect(parseHundredths(21.5)).toBe(2150n);
    expect(parseHundredths(21n)).toBe(2100n);
  });

  it('drops digits past the hundredths (rounds down)', () => {
    expect(parseHundredths('21.509')).toBe(2150n);
  });

  it('treats missing values as null', () => {
    expect(parseHundredths(null)).toBeNull();
    expect(parseHundredths(undefined)).toBeNull();
    expect(parseHundredths('')).toBeNull();
  });

  it('rejects what is not a non-negative decimal', () => {
    expect(() => parseHundredths('abc')).toThrow(RangeError);
    expect(() => parseHundredths('-3')).toThrow(RangeError);
    expect(() => parseHundredths(-1)).toThrow(RangeError);
    expect(() => parseHundredths(-1n)).toThrow(RangeError);
    expect(() => parseHundredths('1e3')).toThrow(RangeError);
  });
});

describe('earnedThisMonth', () => {
  describe('method 1, current day', () => {
    it('9 500 DH on the 15th of a 30-day month → 4 750 DH', () => {
      expect(earned({ at: new Date('2026-04-15T12:00:00Z') })).toBe(475_000n);
    });

    it('rounds down', () => {
      // 950 000 × 1 ÷ 30 = 31 666.67
      expect(earned({ at: new Date('2026-03-31T23:30:00Z') })).toBe(31_666n);
      // 950 000 × 15 ÷ 28 = 508 928.57
      expect(earned({ at: new Date('2026-02-15T12:00:00Z') })).toBe(508_928n);
      // 950 000 × 15 ÷ 29 = 491 379.31
      expect(earned({ at: new Date('2024-02-15T12:00:00Z') })).toBe(491_379n);
    });

    it('is the whole salary on the last day, in Casablanca time', () => {
      expect(earned({ at: new Date('2026-04-30T12:00:00Z') })).toBe(SALARY);
      expect(earned({ at: new Date('2024-02-29T12:00:00Z') })).toBe(SALARY);
      expect(earned({ at: new Date('2024-02-28T23:30:00Z') })).toBe(SALARY); // already 29 Feb
      expect(earned({ at: new Date('2026-02-28T23:30:00Z') })).toBe(SALARY); // Ramadan, UTC+0
      expect(earned({ at: new Date('2026-03-30T23:30:00Z') })).toBe(SALARY); // 31 Mar 00:30
    });

    it('a missing salary earns nothing', () => {
      expect(earned({ salaryCentimes: null })).toBe(0n);
    });
  });

  describe('method 2, worked days', () => {
    it('salary ÷ 26 × worked days, decimals exact, rounded down once', () => {
      // 950 000 × 21.5 ÷ 26 = 785 576.92
      expect(earned({ method: 2, workedDays: '21.50' })).toBe(785_576n);
      // 950 000 × 13 ÷ 26 = 475 000
      expect(earned({ method: 2, workedDays: '13' })).toBe(475_000n);
      // 950 000 × 0.5 ÷ 26 = 18 269.23
      expect(earned({ method: 2, workedDays: '0.50' })).toBe(18_269n);
    });

    it('caps worked days at 26', () => {
      expect(earned({ method: 2, workedDays: '26' })).toBe(SALARY);
      expect(earned({ method: 2, workedDays: '26.01' })).toBe(SALARY);
      expect(earned({ method: 2, workedDays: '31' })).toBe(SALARY);
    });

    it('missing worked days earn nothing', () => {
      expect(earned({ method: 2, workedDays: null })).toBe(0n);
      expect(earned({ method: 2, workedDays: undefined })).toBe(0n);
      expect(earned({ method: 2, workedDays: '0' })).toBe(0n);
    });

    it('does not depend on the day of month', () => {
      expect(earned({ method: 2, workedDays: '13', at: new Date('2026-04-01T12:00:00Z') })).toBe(475_000n);
    });
  });

  describe('method 3, net payable', () => {
    it('is the month’s net à payer', () => {
      expect(earned({ method: 3, netPayableCentimes: 812_345n })).toBe(812_345n);
    });

    it('missing net payable earns nothing', () => {
      expect(earned({ method: 3, netPayableCentimes: null })).toBe(0n);
    });
  });

  describe('method 4, hourly rate', () => {
    it('hourly rate × worked hours, decimals exact, rounded down', () => {
      // 45.50 DH × 151.75 h = 6 904.625 DH
      expect(earned({ method: 4, hourlyRateCentimes: 4_550n, workedHours: '151.75' })).toBe(690_462n);
      expect(earned({ method: 4, hourlyRateCentimes: 5_000n, workedHours: '8' })).toBe(40_000n);
    });

    it('missing worked hours or rate earn nothing', () => {
      expect(earned({ method: 4, hourlyRateCentimes: 4_550n, workedHours: null })).toBe(0n);
      expect(earned({ method: 4, hourlyRateCentimes: null, workedHours: '10' })).toBe(0n);
    });
  });

  it('rejects an unknown method', () => {
    expect(() => earned({ method: 5 as never })).toThrow(RangeError);
  });
});

describe('availableBalance', () => {
  it('is the percentage of earned, rounded down', () => {
    expect(
      availableBalance({
        earned: 475_000n,
        advancePercentage: 50,
        totalMaxPerMonthCentimes: 300_000n,
        alreadyDrawnCentimes: 0n,
      }),
    ).toBe(237_500n);
    // 33 333 × 33 % = 10 999.89
    expect(
      availableBalance({
        earned: 33_333n,
        advancePercentage: 33,
        totalMaxPerMonthCentimes: null,
        alreadyDrawnCentimes: 0n,
      }),
    ).toBe(10_999n);
  });

  it('is capped by the monthly max, then reduced by what was drawn, never below 0', () => {
    const base = { earned: 950_000n, advancePercentage: 100, totalMaxPerMonthCentimes: 300_000n };
    expect(availableBalance({ ...base, alreadyDrawnCentimes: 0n })).toBe(300_000n);
    expect(availableBalance({ ...base, alreadyDrawnCentimes: 101_500n })).toBe(198_500n);
    expect(availableBalance({ ...base, alreadyDrawnCentimes: 300_000n })).toBe(0n);
    expect(availableBalance({ ...base, alreadyDrawnCentimes: 400_000n })).toBe(0n);
  });

  it('rejects a percentage outside 0–100', () => {
    const base = { earned: 1n, totalMaxPerMonthCentimes: null, alreadyDrawnCentimes: 0n };
    expect(() => availableBalance({ ...base, advancePercentage: 101 })).toThrow(RangeError);
    expect(() => availableBalance({ ...base, advancePercentage: -1 })).toThrow(RangeError);
    expect(() => availableBalance({ ...base, advancePercentage: 12.5 })).toThrow(RangeError);
  });
});

describe('advanceFee', () => {
  it('the first N advances of the month are free, then the flat fee', () => {
    const fee = (advancesThisMonth: number) =>
      advanceFee({ advancesThisMonth, maxFreeAdvancesPerMonth: 2, companyFeeCentimes: 1_500n });
    expect(fee(0)).toEqual({ feeCentimes: 0n, isFree: true });
    expect(fee(1)).toEqual({ feeCentimes: 0n, isFree: true });
    expect(fee(2)).toEqual({ feeCentimes: 1_500n, isFree: false });
    expect(fee(7)).toEqual({ feeCentimes: 1_500n, isFree: false });
  });

  it('no free advance when N is 0; all free when N is -1 or there is no fee', () => {
    expect(
      advanceFee({ advancesThisMonth: 0, maxFreeAdvancesPerMonth: 0, companyFeeCentimes: 1_500n }),
    ).toEqual({ feeCentimes: 1_500n, isFree: false });
    expect(
      advanceFee({ advancesThisMonth: 50, maxFreeAdvancesPerMonth: -1, companyFeeCentimes: 1_500n }),
    ).toEqual({ feeCentimes: 0n, isFree: true });
    expect(
      advanceFee({ advancesThisMonth: 5, maxFreeAdvancesPerMonth: 0, companyFeeCentimes: null }),
    ).toEqual({
      feeCentimes: 0n,
      isFree: true,
    });
  });

  it('rejects invalid counts', () => {
    expect(() =>
      advanceFee({ advancesThisMonth: -1, maxFreeAdvancesPerMonth: 1, companyFeeCentimes: 1_500n }),
    ).toThrow(RangeError);
    expect(() =>
      advanceFee({ advancesThisMonth: 0, maxFreeAdvancesPerMonth: -2, companyFeeCentimes: 1_500n }),
    ).toThrow(RangeError);
  });
});

describe('checkAdvanceRequest', () => {
  const ok = {
    amountCentimes: 100_000n,
    feeCentimes: 1_500n,
    available: 200_000n,
    requestsThisMonth: 1,
    maxAdvancesPerMonth: 3,
    totalMaxPerMonthCentimes: 300_000n,
    isRestricted: false,
    cutoffDay: 25,
    at: new Date('2026-04-15T12:00:00Z'),
    walletBalanceCentimes: 10_000_000n,
  };

  it('accepts a request within every limit', () => {
    expect(checkAdvanceRequest(ok)).toBeNull();
  });

  it('amount must be > 0', () => {
    expect(checkAdvanceRequest({ ...ok, amountCentimes: 0n })).toBe('min_value');
    expect(checkAdvanceRequest({ ...ok, amountCentimes: -100n })).toBe('min_value');
  });

  it('ACCESS_RESTRICTED for a restricted employee, before every other code', () => {
    expect(checkAdvanceRequest({ ...ok, isRestricted: true })).toBe('ACCESS_RESTRICTED');
    expect(
      checkAdvanceRequest({
        ...ok,
        isRestricted: true,
        requestsThisMonth: 9,
        amountCentimes: 900_000n,
        walletBalanceCentimes: 0n,
      }),
    ).toBe('ACCESS_RESTRICTED');
  });

  it('ACCESS_RESTRICTED after the cut-off day, in Casablanca time', () => {
    // 25 Apr 23:30 in Casablanca: still the 25th.
    expect(checkAdvanceRequest({ ...ok, at: new Date('2026-04-25T22:30:00Z') })).toBeNull();
    // 25 Apr 23:30 UTC is 26 Apr 00:30 in Casablanca.
    expect(checkAdvanceRequest({ ...ok, at: new Date('2026-04-25T23:30:00Z') })).toBe('ACCESS_RESTRICTED');
    expect(checkAdvanceRequest({ ...ok, cutoffDay: null, at: new Date('2026-04-30T12:00:00Z') })).toBeNull();
  });

  it('the cut-off day lasts until midnight Casablanca, which is midnight UTC since 20 September 2026', () => {
    expect(checkAdvanceRequest({ ...ok, at: new Date('2026-11-25T23:30:00Z') })).toBeNull();
    expect(checkAdvanceRequest({ ...ok, at: new Date('2026-11-25T23:59:59Z') })).toBeNull();
    expect(checkAdvanceRequest({ ...ok, at: new Date('2026-11-26T00:00:00Z') })).toBe('ACCESS_RESTRICTED');
  });

  it('REQUEST_LIMIT_EXCEEDED once the month holds max advances; -1 is unlimited', () => {
    expect(checkAdvanceRequest({ ...ok, requestsThisMonth: 2 })).toBeNull();
    expect(checkAdvanceRequest({ ...ok, requestsThisMonth: 3 })).toBe('REQUEST_LIMIT_EXCEEDED');
    expect(checkAdvanceRequest({ ...ok, requestsThisMonth: 3, amountCentimes: 900_000n })).toBe(
      'REQUEST_LIMIT_EXCEEDED',
    );
    expect(checkAdvanceRequest({ ...ok, requestsThisMonth: 100, maxAdvancesPerMonth: -1 })).toBeNull();
  });

  it('AMOUNT_LIMIT_EXCEEDED when the amount is above the monthly max, before the balance', () => {
    expect(checkAdvanceRequest({ ...ok, amountCentimes: 300_001n })).toBe('AMOUNT_LIMIT_EXCEEDED');
    expect(
      checkAdvanceRequest({ ...ok, amountCentimes: 300_000n, feeCentimes: 0n, available: 300_000n }),
    ).toBeNull();
    expect(checkAdvanceRequest({ ...ok, amountCentimes: 900_000n, totalMaxPerMonthCentimes: null })).toBe(
      'BALANCE_INSUFFICIENT',
    );
  });

  it('BALANCE_INSUFFICIENT when amount + fee is above available', () => {
    expect(checkAdvanceRequest({ ...ok, amountCentimes: 198_500n })).toBeNull();
    expect(checkAdvanceRequest({ ...ok, amountCentimes: 198_501n })).toBe('BALANCE_INSUFFICIENT');
    expect(checkAdvanceRequest({ ...ok, amountCentimes: 200_000n })).toBe('BALANCE_INSUFFICIENT');
  });

  it('INSUFFICIENT_FUNDS when the wallet cannot cover amount + fee', () => {
    expect(checkAdvanceRequest({ ...ok, walletBalanceCentimes: 101_500n })).toBeNull();
    expect(checkAdvanceRequest({ ...ok, walletBalanceCentimes: 101_499n })).toBe('INSUFFICIENT_FUNDS');
  });
});

describe('simulateAdvance', () => {
  const input = {
    method: 1 as const,
    salaryCentimes: SALARY,
    hourlyRateCentimes: null,
    netPayableCentimes: null,
    workedDays: null,
    workedHours: null,
    at: new Date('2026-04-15T12:00:00Z'),
    amountCentimes: 100_000n,
    advancePercentage: 50,
    totalMaxPerMonthCentimes: 300_000n,
    alreadyDrawnCentimes: 0n,
    advancesThisMonth: 1,
    maxAdvancesPerMonth: 3,
    maxFreeAdvancesPerMonth: 1,
    companyFeeCentimes: 1_500n,
    isRestricted: false,
    cutoffDay: 25,
    walletBalanceCentimes: 10_000_000n,
  };

  it('combines earned, available, fee and limits', () => {
    expect(simulateAdvance(input)).toEqual({
      amount: 100_000n,
      fee: 1_500n,
      total: 101_500n,
      is_free: false,
      earned: 475_000n,
      available: 237_500n,
      available_after: 136_000n,
      error_code: null,
    });
  });

  it('a free advance costs nothing', () => {
    expect(simulateAdvance({ ...input, advancesThisMonth: 0 })).toMatchObject({
      fee: 0n,
      total: 100_000n,
      is_free: true,
      available_after: 137_500n,
    });
  });

  it('a refused request leaves available unchanged', () => {
    expect(simulateAdvance({ ...input, amountCentimes: 237_000n })).toMatchObject({
      total: 238_500n,
      available: 237_500n,
      available_after: 237_500n,
      error_code: 'BALANCE_INSUFFICIENT',
    });
  });
});
