import { afterEach, describe, expect, it } from 'vitest';
import {
  casablancaNow,
  casablancaOffsetMinutes,
  casablancaWallTime,
  forgetCasablancaOffset,
  rememberCasablancaOffset,
} from './casablanca-clock.ts';

afterEach(() => forgetCasablancaOffset());

describe('casablancaWallTime', () => {
  it('reads the wall time written in an API datetime, whatever the device would compute', () => {
    // The API writes Casablanca's offset; an outdated phone would add an hour to the first one.
    expect(casablancaWallTime('2026-10-31T23:30:00.000+00:00')).toEqual({
      year: 2026,
      month: 10,
      day: 31,
      hour: 23,
      minute: 30,
      second: 0,
    });
    expect(casablancaWallTime('2025-12-01T13:00:00+01:00')).toMatchObject({ day: 1, hour: 13 });
    // Even an offset no rule would give is shown as written: the string is the truth.
    expect(casablancaWallTime('2026-10-31T23:30:00+05:00')).toMatchObject({ day: 31, hour: 23, minute: 30 });
  });

  it('converts instants without an offset with Casablanca’s rules (UTC+00 since 20 September 2026)', () => {
    expect(casablancaWallTime('2026-10-31T23:30:00Z')).toMatchObject({ month: 10, day: 31, hour: 23 });
    expect(casablancaWallTime(new Date('2025-12-01T12:00:00Z'))).toMatchObject({ hour: 13 });
    expect(casablancaWallTime(Date.parse('2026-03-01T12:00:00Z'))).toMatchObject({ hour: 12 });
  });

  it('is null for what is not a date', () => {
    expect(casablancaWallTime('pas une date')).toBeNull();
    expect(casablancaWallTime('')).toBeNull();
  });
});

describe('casablancaNow', () => {
  const now = new Date('2026-10-31T23:30:00Z');

  it('uses the offset the API sent in its last response, not the device’s rules', () => {
    // An API that says +01:00 (say, a future rule the device does not know) wins for "now".
    rememberCasablancaOffset('+01:00', now);
    expect(casablancaNow(now)).toMatchObject({ month: 11, day: 1, hour: 0, minute: 30 });
    expect(casablancaOffsetMinutes(now)).toBe(60);
  });

  it('falls back on the device’s rules when the API has not spoken recently', () => {
    rememberCasablancaOffset('+01:00', new Date('2026-10-30T12:00:00Z'));
    expect(casablancaNow(now)).toMatchObject({ month: 10, day: 31, hour: 23 });
  });

  it('ignores a header it cannot read', () => {
    rememberCasablancaOffset('demain', now);
    rememberCasablancaOffset(null, now);
    expect(casablancaOffsetMinutes(now)).toBe(0);
  });
});
