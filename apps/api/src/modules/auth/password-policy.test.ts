import { describe, expect, it } from 'vitest';
import {
  checkNewPassword,
  isCommonPassword,
  isEntirelyNumeric,
  isTooSimilar,
  quickRatio,
} from './password-policy.ts';

const codesOf = (input: Parameters<typeof checkNewPassword>[0]) =>
  checkNewPassword(input).map((i) => `${i.attr}:${i.code}`);

describe('password policy', () => {
  it('accepts a long, uncommon password that matches its confirmation', () => {
    expect(codesOf({ newPassword: 'Tasbiq#2026', confirmPassword: 'Tasbiq#2026' })).toEqual([]);
  });

  it('refuses a confirmation that differs, on confirm_password', () => {
    expect(codesOf({ newPassword: 'Tasbiq#2026', confirmPassword: 'Tasbiq#2027' })).toEqual([
      'confirm_password:PASSWORD_MISMATCH',
    ]);
  });

  it('refuses fewer than 8 characters', () => {
    expect(codesOf({ newPassword: 'Xq7#vL2', confirmPassword: 'Xq7#vL2' })).toEqual([
      'new_password:PASSWORD_TOO_SHORT',
    ]);
  });

  it('refuses common passwords whatever their case and surrounding spaces', () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('AZERTY123')).toBe(true);
    expect(isCommonPassword(' soleil ')).toBe(true);
    expect(isCommonPassword('Tasbiq#2026')).toBe(false);
    expect(codesOf({ newPassword: 'motdepasse', confirmPassword: 'motdepasse' })).toEqual([
      'new_password:PASSWORD_TOO_COMMON',
    ]);
  });

  it('refuses an entirely numeric password (and reports every rule it breaks)', () => {
    expect(isEntirelyNumeric('84736251')).toBe(true);
    expect(isEntirelyNumeric('8473625a')).toBe(false);
    expect(codesOf({ newPassword: '84736251907', confirmPassword: '84736251907' })).toEqual([
      'new_password:PASSWORD_ENTIRELY_NUMERIC',
    ]);
    expect(codesOf({ newPassword: '12345678', confirmPassword: '1234567' })).toEqual([
      'confirm_password:PASSWORD_MISMATCH',
      'new_password:PASSWORD_TOO_COMMON',
      'new_password:PASSWORD_ENTIRELY_NUMERIC',
    ]);
  });

  it("computes Python's SequenceMatcher.quick_ratio", () => {
    expect(quickRatio('abcd', 'bcde')).toBeCloseTo(0.75);
    expect(quickRatio('', '')).toBe(1);
    expect(quickRatio('aab', 'abb')).toBeCloseTo(4 / 6);
  });

  it('refuses a password too similar to the name or e-mail, like Django', () => {
    const owner = {
      email: 'yassine.alaoui@exemple.ma',
      firstName: 'Yassine',
      lastName: 'Alaoui',
      phone: null,
    };
    expect(isTooSimilar('Yassine2026', owner)).toBe(true);
    expect(isTooSimilar('alaoui.yassine', owner)).toBe(true);
    expect(isTooSimilar('Tasbiq#2026', owner)).toBe(false);
    expect(codesOf({ newPassword: 'Yassine2026', confirmPassword: 'Yassine2026', owner })).toEqual([
      'new_password:PASSWORD_TOO_SIMILAR',
    ]);
  });

  it('refuses a password holding the phone number, but not any numeric-looking one', () => {
    const owner = { phone: '+212612345678' };
    expect(isTooSimilar('0612345678', owner)).toBe(true);
    expect(isTooSimilar('Moi-6.12.34.56.78!', owner)).toBe(true);
    expect(isTooSimilar('Bonjour#87654321', owner)).toBe(false);
    expect(isTooSimilar('Tasbiq#2026', owner)).toBe(false);
  });

  it('ignores attribute values far shorter than the password', () => {
    expect(isTooSimilar('a-very-long-passphrase-of-words', { firstName: 'Al' })).toBe(false);
  });

  it('answers French details from the error catalogue', () => {
    const [first] = checkNewPassword({ newPassword: 'short', confirmPassword: 'short' });
    expect(first?.detail).toMatch(/trop court/);
  });
});
