import { describe, expect, it } from 'vitest';
import { formatMonthInSentence, MONTHS_FR } from './month-names.ts';

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
  });
});
