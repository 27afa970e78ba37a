import { describe, expect, it } from 'vitest';
import { casablancaDay } from './casablanca-day.ts';

describe('casablancaDay', () => {
  it('is the day in Casablanca as YYYY-MM-DD', () => {
    expect(casablancaDay(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
    expect(casablancaDay('2026-11-12T10:00:00Z')).toBe('2026-11-12');
  });
});
