import { describe, expect, it } from 'vitest';
import { isValidRib, normalizeRib, ribKey, ZRib } from './validators.ts';

/** A real-world shaped RIB (the IBAN MA64 0115 1900 0001 2050 0053 4921 without its prefix). */
const VALID = '011519000001205000534921';

describe('isValidRib (Moroccan RIB, key 97 − (22 digits × 100 mod 97))', () => {
  it('accepts a RIB whose key matches', () => {
    expect(isValidRib(VALID)).toBe(true);
    expect(ribKey(VALID.slice(0, 22))).toBe('21');
  });

  it('accepts the spaces and dashes of a printed RIB', () => {
    expect(isValidRib('011 519 0000012050005349 21')).toBe(true);
    expect(isValidRib('011-519-0000012050005349-21')).toBe(true);
    expect(normalizeRib(' 011 519 0000012050005349 21 ')).toBe(VALID);
  });

  it('refuses a wrong key', () => {
    expect(isValidRib(`${VALID.slice(0, 22)}22`)).toBe(false);
    expect(isValidRib(`${VALID.slice(0, 22)}00`)).toBe(false);
  });

  it('refuses one changed digit or two swapped digits of the account', () => {
    const changed = `${VALID.slice(0, 10)}${(Number(VALID[10]) + 1) % 10}${VALID.slice(11)}`;
    expect(isValidRib(changed)).toBe(false);
    const swapped = `${VALID.slice(0, 10)}${VALID[11]}${VALID[10]}${VALID.slice(12)}`;
    expect(swapped).not.toBe(VALID);
    expect(isValidRib(swapped)).toBe(false);
  });

  it('refuses wrong lengths and non-digits', () => {
    expect(isValidRib('')).toBe(false);
    expect(isValidRib(VALID.slice(0, 23))).toBe(false);
    expect(isValidRib(`${VALID}0`)).toBe(false);
    expect(isValidRib(`A${VALID.slice(1)}`)).toBe(false);
  });

  it('writes key 97 (never 00) when the 22 digits times 100 are a multiple of 97', () => {
    // 97 × 10^20 has 22 digits and is itself a multiple of 97.
    const body = (97n * 10n ** 20n).toString();
    expect(body).toHaveLength(22);
    expect(ribKey(body)).toBe('97');
    expect(isValidRib(`${body}97`)).toBe(true);
    expect(isValidRib(`${body}00`)).toBe(false);
  });

  it('every computed key makes a valid RIB (1,000 bodies)', () => {
    let seed = 7;
    for (let i = 0; i < 1000; i++) {
      let body = '';
      for (let d = 0; d < 22; d++) {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        body += String(seed % 10);
      }
      const key = ribKey(body);
      expect(Number(key)).toBeGreaterThanOrEqual(1);
      expect(Number(key)).toBeLessThanOrEqual(97);
      expect(isValidRib(`${body}${key}`)).toBe(true);
    }
  });

  it('ZRib normalises and names the error INVALID_RIB', () => {
    expect(ZRib.parse('011 519 0000012050005349 21')).toBe(VALID);
    const result = ZRib.safeParse('123');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('INVALID_RIB');
  });
});
