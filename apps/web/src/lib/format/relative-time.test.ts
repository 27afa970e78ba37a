import { describe, expect, it } from 'vitest';
import { formatDate, formatRelativeTime } from './relative-time.ts';

const now = new Date('2026-03-20T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatRelativeTime', () => {
  it('says "à l\'instant" under a minute, and for small clock skew', () => {
    expect(formatRelativeTime(now, now)).toBe("à l'instant");
    expect(formatRelativeTime(ago(59 * SECOND), now)).toBe("à l'instant");
    expect(formatRelativeTime(ago(-30 * SECOND), now)).toBe("à l'instant");
  });

  it('counts minutes, then hours', () => {
    expect(formatRelativeTime(ago(MINUTE), now)).toBe('il y a 1 minute');
    expect(formatRelativeTime(ago(5 * MINUTE + 59 * SECOND), now)).toBe('il y a 5 minutes');
    expect(formatRelativeTime(ago(59 * MINUTE), now)).toBe('il y a 59 minutes');
    expect(formatRelativeTime(ago(HOUR), now)).toBe('il y a 1 heure');
    expect(formatRelativeTime(ago(2 * HOUR + 30 * MINUTE), now)).toBe('il y a 2 heures');
    expect(formatRelativeTime(ago(23 * HOUR + 59 * MINUTE), now)).toBe('il y a 23 heures');
  });

  it('counts days up to 7, then shows the date', () => {
    expect(formatRelativeTime(ago(DAY), now)).toBe('il y a 1 jour');
    expect(formatRelativeTime(ago(3 * DAY), now)).toBe('il y a 3 jours');
    expect(formatRelativeTime(ago(7 * DAY + 23 * HOUR), now)).toBe('il y a 7 jours');
    expect(formatRelativeTime(ago(8 * DAY), now)).toBe('12/03/2026');
  });

  it('accepts ISO strings, shows future dates as dates, and ignores invalid input', () => {
    expect(formatRelativeTime('2026-03-20T11:55:00+00:00', now)).toBe('il y a 5 minutes');
    expect(formatRelativeTime('2026-04-02T10:00:00Z', now)).toBe('02/04/2026');
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});

describe('formatDate', () => {
  it('uses the Moroccan calendar day, whatever the device zone', () => {
    // 23:30 UTC on 31 March is already 1 April in Casablanca (UTC+1 outside Ramadan).
    expect(formatDate('2026-03-31T23:30:00Z')).toBe('01/04/2026');
  });
});
