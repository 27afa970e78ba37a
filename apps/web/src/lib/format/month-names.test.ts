import { describe, expect, it } from 'vitest';
import { formatMonthInSentence, MONTHS_FR, ofMonth } from './month-names.ts';

describe('month names', () => {
  it('lists the twelve French months, capitalised', () => {
    expect(MONTHS_FR).toHaveLength(12);
    expect(MONTHS_FR[0]).toBe('Janvier');
    expect(MONTHS_FR[1]).toBe('Février');
    expect(MONTHS_FR[7]).toBe('Août');
    expect(MONTHS_FR[11]).toBe('Décembre');
  });

  it('writes a month inside a sentence in lower case', () => {
    expect(formatMonthInSentence({ month: 10, year: 2026 })).toBe('octobre 2026');
    expect(formatMonthInSentence({ month: 11, year: 2026 })).toBe('novembre 2026');
  });

  it('elides "de" before avril, août and octobre, and only them', () => {
    expect(ofMonth({ month: 4, year: 2026 })).toBe('d’avril 2026');
    expect(ofMonth({ month: 8, year: 2026 })).toBe('d’août 2026');
    expect(ofMonth({ month: 10, year: 2026 })).toBe('d’octobre 2026');
    const elided = Array.from({ length: 12 }, (_, index) => ofMonth({ month: index + 1, year: 2026 })).filter(
      (text) => text.startsWith('d’'),
    );
    expect(elided).toHaveLength(3);
    expect(ofMonth({ month: 11, year: 2026 })).toBe('de novembre 2026');
    expect(ofMonth({ month: 3, year: 2026 })).toBe('de mars 2026');
  });
});
