import { describe, expect, it } from 'vitest';
import { formatCount, formatTotal } from './count.ts';

describe('formatCount', () => {
  it('writes the singular for one, the plural with French digit groups otherwise', () => {
    expect(formatCount(1, 'salarié', 'salariés')).toBe('1 salarié');
    expect(formatCount(1250, 'salarié', 'salariés')).toBe('1\u202f250 salariés');
    expect(formatCount(0, 'salarié', 'salariés')).toBe('0 salarié');
  });

  it('says "none" its own way when given', () => {
    expect(formatCount(0, 'mouvement', 'mouvements', 'Aucun mouvement')).toBe('Aucun mouvement');
  });

  it('says « environ » and rounds to two significant digits when the count is an estimate', () => {
    expect(formatCount(12_347, 'salarié', 'salariés', 'Aucun salarié', true)).toBe(
      'environ 12\u202f000 salariés',
    );
    expect(formatCount(1_048_576, 'transaction', 'transactions', undefined, true)).toBe(
      'environ 1\u202f000\u202f000 transactions',
    );
    expect(formatCount(10_001, 'transaction', 'transactions', undefined, false)).toBe(
      '10\u202f001 transactions',
    );
  });
});

describe('formatTotal', () => {
  it('is exact unless estimated', () => {
    expect(formatTotal(12_347)).toBe('12\u202f347');
    expect(formatTotal(12_347, true)).toBe('environ 12\u202f000');
  });
});
