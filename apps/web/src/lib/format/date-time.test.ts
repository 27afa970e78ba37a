import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDateTimeWithMonthName } from './date-time.ts';

describe('date and time formats', () => {
  it('writes the wall time of an API datetime (Casablanca’s offset), not the device’s idea of it', () => {
    expect(formatDateTime('2026-10-31T23:30:00.000+00:00')).toBe('31/10/2026 23:30');
    expect(formatDateTime('2026-06-12T14:05:00.000+01:00')).toBe('12/06/2026 14:05');
  });

  it('converts a UTC instant with Morocco’s rules: UTC+01 before 20 September 2026, UTC+00 since', () => {
    expect(formatDateTime('2026-06-12T13:05:00Z')).toBe('12/06/2026 14:05');
    expect(formatDateTime('2026-10-31T23:30:00Z')).toBe('31/10/2026 23:30');
  });

  it('writes the month’s short name in Morocco’s time', () => {
    expect(formatDateTimeWithMonthName('2026-11-20T10:15:00.000+00:00')).toBe('20 nov. 2026, 10:15');
    expect(formatDateTimeWithMonthName('2026-11-20T09:15:00Z')).toBe('20 nov. 2026, 09:15');
  });

  it('gives an empty text for a value that is not a date', () => {
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDateTimeWithMonthName('')).toBe('');
  });
});
