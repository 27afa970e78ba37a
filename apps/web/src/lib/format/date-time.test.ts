import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDateTimeWithMonthName } from './date-time.ts';

describe('date and time formats', () => {
  // Morocco is UTC+1 outside Ramadan (UTC+0 then), hence dates away from it.
  it('writes digits in Morocco’s time', () => {
    expect(formatDateTime('2026-06-12T13:05:00Z')).toBe('12/06/2026 14:05');
  });

  it('writes the month’s short name in Morocco’s time', () => {
    expect(formatDateTimeWithMonthName('2026-11-20T09:15:00Z')).toBe('20 nov. 2026, 10:15');
  });

  it('gives an empty text for a value that is not a date', () => {
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDateTimeWithMonthName('')).toBe('');
  });
});
