import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lengthUnits, toFieldIssues } from './validation.ts';

const detailsOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) throw new Error('expected a validation error');
  return toFieldIssues(result.error.issues).map((i) => `${i.code}: ${i.detail}`);
};

describe('length details (issue 8 §6: "au moins 1 caractères")', () => {
  it('puts the noun in the singular up to 1 and in the plural from 2', () => {
    expect(lengthUnits(0, 'string')).toBe('0 caractère');
    expect(lengthUnits(1, 'string')).toBe('1 caractère');
    expect(lengthUnits(2, 'string')).toBe('2 caractères');
    expect(lengthUnits(254, 'string')).toBe('254 caractères');
    expect(lengthUnits(1, 'array')).toBe('1 élément');
    expect(lengthUnits(5000, 'array')).toBe('5000 éléments');
  });

  it('counts characters for text and elements for lists', () => {
    expect(detailsOf(z.object({ ids: z.array(z.number()).min(1) }), { ids: [] })).toEqual([
      'min_length: Assurez-vous que ce champ comporte au moins 1 élément.',
    ]);
    expect(detailsOf(z.object({ ids: z.array(z.number()).max(2) }), { ids: [1, 2, 3] })).toEqual([
      'max_length: Assurez-vous que ce champ ne comporte pas plus de 2 éléments.',
    ]);
    expect(detailsOf(z.object({ ids: z.array(z.number()).max(1) }), { ids: [1, 2] })).toEqual([
      'max_length: Assurez-vous que ce champ ne comporte pas plus de 1 élément.',
    ]);
    expect(detailsOf(z.object({ reason: z.string().min(10) }), { reason: 'court' })).toEqual([
      'min_length: Assurez-vous que ce champ comporte au moins 10 caractères.',
    ]);
    expect(detailsOf(z.object({ code: z.string().max(1) }), { code: 'ab' })).toEqual([
      'max_length: Assurez-vous que ce champ ne comporte pas plus de 1 caractère.',
    ]);
  });
});
