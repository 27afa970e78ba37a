import { describe, expect, it } from 'vitest';
import { isOverdue, overdueSentBeforeDay, workingDaysBetween } from './working-days.ts';

describe('working days (mission-order reminders)', () => {
  it('counts Monday to Friday strictly after the first day', () => {
    // 2026-11-20 is a Friday; 23 Monday, 24 Tuesday.
    expect(workingDaysBetween('2026-11-20', '2026-11-20')).toBe(0);
    expect(workingDaysBetween('2026-11-20', '2026-11-22')).toBe(0);
    expect(workingDaysBetween('2026-11-20', '2026-11-23')).toBe(1);
    expect(workingDaysBetween('2026-11-20', '2026-11-24')).toBe(2);
    expect(workingDaysBetween('2026-11-16', '2026-11-24')).toBe(6);
  });

  it('marks an order overdue past the limit only', () => {
    const sentFriday = new Date('2026-11-20T10:00:00Z');
    expect(isOverdue(sentFriday, new Date('2026-11-24T09:00:00Z'), 2)).toBe(false);
    expect(isOverdue(sentFriday, new Date('2026-11-25T09:00:00Z'), 2)).toBe(true);
  });

  it('gives the day before which a sent order is overdue, agreeing with isOverdue', () => {
    const now = new Date('2026-11-25T09:00:00Z'); // Wednesday
    const cut = overdueSentBeforeDay(now, 2);
    expect(cut).toBe('2026-11-23');
    for (let d = 10; d <= 25; d++) {
      const day = `2026-11-${String(d).padStart(2, '0')}`;
      const sent = new Date(`${day}T12:00:00Z`);
      expect(isOverdue(sent, now, 2)).toBe(day < cut);
    }
  });
});
