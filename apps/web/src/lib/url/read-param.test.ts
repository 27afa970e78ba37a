import { describe, expect, it } from 'vitest';
import { readIntParam, readOneOfParam } from './read-param.ts';

describe('readIntParam', () => {
  it('reads a whole number within the bounds', () => {
    expect(readIntParam('3', 1, 12)).toBe(3);
    expect(readIntParam('0', 0, 9999)).toBe(0);
  });

  it('gives null when missing, not a whole number or out of range', () => {
    expect(readIntParam(null, 1, 12)).toBeNull();
    expect(readIntParam('', 1, 12)).toBeNull();
    expect(readIntParam('abc', 1, 12)).toBeNull();
    expect(readIntParam('2.5', 1, 12)).toBeNull();
    expect(readIntParam('13', 1, 12)).toBeNull();
  });
});

describe('readOneOfParam', () => {
  it('keeps an allowed value and drops anything else', () => {
    const types = ['advance', 'recharge'] as const;
    expect(readOneOfParam('recharge', types)).toBe('recharge');
    expect(readOneOfParam('bill', types)).toBeNull();
    expect(readOneOfParam(null, types)).toBeNull();
  });
});
