import { describe, expect, it } from 'vitest';
import { casablancaDay } from './casablanca-day.ts';

describe('casablancaDay', () => {
  it('is the day in Casablanca as YYYY-MM-DD', () => {
    // UTC+01 then: 23:30 UTC on New Year's Eve 2025 was already 2026 in Morocco.
    expect(casablancaDay(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
    // UTC+00 for good since 20 September 2026.
    expect(casablancaDay(new Date('2026-10-31T23:30:00Z'))).toBe('2026-10-31');
    expect(casablancaDay('2026-11-12T10:00:00Z')).toBe('2026-11-12');
  });

  it('takes an API datetime’s own day', () => {
    expect(casablancaDay('2026-10-31T23:30:00.000+00:00')).toBe('2026-10-31');
    expect(casablancaDay('2026-01-01T00:30:00.000+01:00')).toBe('2026-01-01');
  });
});
