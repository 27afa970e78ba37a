import { describe, expect, it } from 'vitest';
import { isOccurrenceDue, nextOccurrenceDay } from './recurrence-dates.ts';

describe('nextOccurrenceDay', () => {
  it('is the same day of the next month, or of the next year', () => {
    expect(nextOccurrenceDay('2026-11-15', 'monthly', 15)).toBe('2026-12-15');
    expect(nextOccurrenceDay('2026-12-15', 'monthly', 15)).toBe('2027-01-15');
    expect(nextOccurrenceDay('2026-11-15', 'yearly', 15)).toBe('2027-11-15');
  });

  it('keeps to the last day of a shorter month, then comes back to the day asked for', () => {
    expect(nextOccurrenceDay('2027-01-31', 'monthly', 31)).toBe('2027-02-28');
    expect(nextOccurrenceDay('2027-02-28', 'monthly', 31)).toBe('2027-03-31');
    expect(nextOccurrenceDay('2027-03-31', 'monthly', 31)).toBe('2027-04-30');
    expect(nextOccurrenceDay('2028-01-30', 'monthly', 30)).toBe('2028-02-29');
    expect(nextOccurrenceDay('2028-02-29', 'yearly', 29)).toBe('2029-02-28');
    expect(nextOccurrenceDay('2029-02-28', 'yearly', 29)).toBe('2030-02-28');
  });

  it('is null for a bonus that does not recur', () => {
    expect(nextOccurrenceDay('2026-11-15', 'non_recurrent', 15)).toBeNull();
  });
});

describe('isOccurrenceDue', () => {
  it('is due on its day and after, not before', () => {
    expect(isOccurrenceDue('2026-12-01', '2026-11-30')).toBe(false);
    expect(isOccurrenceDue('2026-12-01', '2026-12-01')).toBe(true);
    expect(isOccurrenceDue('2026-12-01', '2027-01-05')).toBe(true);
  });
});
