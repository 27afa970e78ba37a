import { describe, expect, it } from 'vitest';
import { formatCount } from './count.ts';

describe('formatCount', () => {
  it('writes the singular for one, the plural with French digit groups otherwise', () => {
    expect(formatCount(1, 'salarié', 'salariés')).toBe('1 salarié');
    expect(formatCount(1250, 'salarié', 'salariés')).toBe('1\u202f250 salariés');
    expect(formatCount(0, 'salarié', 'salariés')).toBe('0 salariés');
  });

  it('says "none" its own way when given', () => {
    expect(formatCount(0, 'mouvement', 'mouvements', 'Aucun mouvement')).toBe('Aucun mouvement');
  });
});
