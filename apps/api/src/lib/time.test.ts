import { describe, expect, it } from 'vitest';
import {
  casablancaDate,
  casablancaMonth,
  casablancaMonthBounds,
  casablancaMonthRange,
  casablancaOffsetMinutes,
  formatCasablancaDateTime,
  lastCasablancaDays,
  startOfDayInCasablanca,
  toWireDateTime,
} from './time.ts';

const at = (iso: string) => new Date(iso);

describe('Moroccan time (tzdata 2026c: UTC+00 for good since 2026-09-20 01:00 UTC)', () => {
  it('knows the three rule periods at the issue’s instants', () => {
    expect(casablancaOffsetMinutes(at('2026-10-31T23:30:00Z'))).toBe(0);
    expect(casablancaOffsetMinutes(at('2025-12-01T12:00:00Z'))).toBe(60);
    expect(casablancaOffsetMinutes(at('2026-03-01T12:00:00Z'))).toBe(0); // Ramadan 2026
    expect(formatCasablancaDateTime(at('2026-10-31T23:30:00Z'))).toBe('31/10/2026 23:30');
    expect(formatCasablancaDateTime(at('2025-12-01T12:00:00Z'))).toBe('01/12/2025 13:00');
  });

  it('changes at 02:00 local time (01:00 UTC) on 20 September 2026, and never again', () => {
    expect(casablancaOffsetMinutes(at('2026-09-20T00:59:59Z'))).toBe(60);
    expect(casablancaOffsetMinutes(at('2026-09-20T01:00:00Z'))).toBe(0);
    // No more Ramadan change: Ramadan 2027 is around 8 Feb – 9 Mar.
    expect(casablancaOffsetMinutes(at('2027-01-15T12:00:00Z'))).toBe(0);
    expect(casablancaOffsetMinutes(at('2027-02-20T12:00:00Z'))).toBe(0);
    expect(casablancaOffsetMinutes(at('2027-06-15T12:00:00Z'))).toBe(0);
  });

  it('puts 23:30 UTC on the last day in that month since the change, in the next one before it', () => {
    expect(casablancaDate(at('2026-10-31T23:30:00Z'))).toBe('2026-10-31');
    expect(casablancaMonth(at('2026-10-31T23:30:00Z'))).toMatchObject({ year: 2026, month: 10, day: 31 });
    expect(casablancaDate(at('2026-08-31T23:30:00Z'))).toBe('2026-09-01');
  });

  it('starts days and months at midnight Casablanca, 23:00 UTC before the change and 00:00 UTC after', () => {
    expect(startOfDayInCasablanca('2026-11-01').toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(startOfDayInCasablanca('2026-09-01').toISOString()).toBe('2026-08-31T23:00:00.000Z');
    // 20 September 2026 lasts 25 hours.
    expect(startOfDayInCasablanca('2026-09-20').toISOString()).toBe('2026-09-19T23:00:00.000Z');
    expect(startOfDayInCasablanca('2026-09-21').toISOString()).toBe('2026-09-21T00:00:00.000Z');
    const october = casablancaMonthRange(2026, 10);
    expect([october.start.toISOString(), october.end.toISOString()]).toEqual([
      '2026-10-01T00:00:00.000Z',
      '2026-11-01T00:00:00.000Z',
    ]);
    const september = casablancaMonthRange(2026, 9);
    expect(september.start.toISOString()).toBe('2026-08-31T23:00:00.000Z');
    expect(september.end.toISOString()).toBe('2026-10-01T00:00:00.000Z');
  });

  it('month bounds of an instant hold it, even at 23:30 UTC on the last day', () => {
    const bounds = casablancaMonthBounds(at('2026-10-31T23:30:00Z'));
    expect(bounds.month).toMatchObject({ year: 2026, month: 10 });
    expect(bounds.end.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(casablancaMonthBounds(at('2026-11-01T00:00:00Z')).month).toMatchObject({ month: 11, day: 1 });
  });

  it('lists the last days with their first instants across the change', () => {
    const window = lastCasablancaDays(3, at('2026-09-21T12:00:00Z'));
    expect(window.days).toEqual(['2026-09-19', '2026-09-20', '2026-09-21']);
    expect(window.starts.map((d) => d.toISOString())).toEqual([
      '2026-09-18T23:00:00.000Z',
      '2026-09-19T23:00:00.000Z',
      '2026-09-21T00:00:00.000Z',
    ]);
    expect(window.end.toISOString()).toBe('2026-09-22T00:00:00.000Z');
  });

  it('writes instants on the wire with Casablanca’s offset, so screens show the wall time as written', () => {
    expect(toWireDateTime(at('2026-10-31T23:30:00Z'))).toBe('2026-10-31T23:30:00.000+00:00');
    expect(toWireDateTime(at('2025-12-01T12:00:00.250Z'))).toBe('2025-12-01T13:00:00.250+01:00');
    expect(new Date(toWireDateTime(at('2025-12-01T12:00:00Z'))).toISOString()).toBe(
      '2025-12-01T12:00:00.000Z',
    );
  });
});
