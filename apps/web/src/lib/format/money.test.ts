import { describe, expect, it } from 'vitest';
import { formatCentimes, formatMoney, NBSP } from './money.ts';

// Expected strings are written with a visible marker and turned into no-break spaces.
const nb = (text: string) => text.replaceAll('_', NBSP);

describe('formatMoney', () => {
  it('formats wire amounts as "1 500 DH" with no-break spaces and no decimals', () => {
    expect(formatMoney('1500.00')).toBe('1\u00a0500\u00a0DH');
    expect(formatMoney('1500.00')).toBe(nb('1_500_DH'));
    expect(formatMoney(1234567)).toBe(nb('1_234_567_DH'));
    expect(formatMoney('0.00')).toBe(nb('0_DH'));
    expect(formatMoney(999)).toBe(nb('999_DH'));
    expect(formatMoney(12n)).toBe(nb('12_DH'));
  });

  it("never uses the narrow no-break space nor fr-MA's dot separator", () => {
    const text = formatMoney(1500000);
    expect(text).not.toMatch(/[\u202f.]/);
  });

  it('rounds half away from zero', () => {
    expect(formatMoney('1500.49')).toBe(nb('1_500_DH'));
    expect(formatMoney('1500.50')).toBe(nb('1_501_DH'));
    expect(formatMoney('-1500.50')).toBe(nb('-1_501_DH'));
    expect(formatMoney('-0.40')).toBe(nb('0_DH'));
  });

  it('reads centimes', () => {
    expect(formatCentimes(150000)).toBe(nb('1_500_DH'));
    expect(formatCentimes(150050n)).toBe(nb('1_501_DH'));
    expect(formatCentimes(-150050n)).toBe(nb('-1_501_DH'));
    expect(formatCentimes(150049n)).toBe(nb('1_500_DH'));
    expect(formatMoney(99, { unit: 'centimes' })).toBe(nb('1_DH'));
  });

  it('shows a dash for unreadable amounts', () => {
    expect(formatMoney('')).toBe('—');
    expect(formatMoney('abc')).toBe('—');
    expect(formatMoney(Number.NaN)).toBe('—');
  });
});
