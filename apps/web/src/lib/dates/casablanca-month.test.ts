import { describe, expect, it } from 'vitest';
import { currentMonth, recentYears } from './casablanca-month.ts';

describe('currentMonth', () => {
  it('is the month in Casablanca, not in UTC or the device zone', () => {
    // 31 Dec 23:30 UTC is already 1 Jan 00:30 in Morocco (UTC+1).
    expect(currentMonth(new Date('2025-12-31T23:30:00Z'))).toEqual({ month: 1, year: 2026 });
    expect(currentMonth(new Date('2026-03-15T12:00:00Z'))).toEqual({ month: 3, year: 2026 });
  });
});

describe('recentYears', () => {
  it('gives this Casablanca year and the ones before, newest first', () => {
    expect(recentYears(new Date('2026-06-01T12:00:00Z'))).toEqual([2026, 2025, 2024, 2023, 2022]);
    expect(recentYears(new Date('2026-06-01T12:00:00Z'), 2)).toEqual([2026, 2025]);
  });
});
