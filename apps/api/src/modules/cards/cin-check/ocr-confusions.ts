import { CIN_RE } from '@tasbiq/contracts/validators';

/** Letters OCR gives for digits (a 0 read as O…), and the other way round. */
const AS_DIGIT: Record<string, string> = {
  O: '0',
  Q: '0',
  D: '0',
  U: '0',
  I: '1',
  L: '1',
  Z: '2',
  S: '5',
  G: '6',
  B: '8',
  T: '7',
};
const AS_LETTER: Record<string, string> = {
  '0': 'O',
  '1': 'I',
  '2': 'Z',
  '5': 'S',
  '6': 'G',
  '8': 'B',
  '4': 'A',
};

export function asDigits(text: string): string {
  return [...text].map((c) => AS_DIGIT[c] ?? c).join('');
}

export function asLetters(text: string): string {
  return [...text].map((c) => AS_LETTER[c] ?? c).join('');
}

/**
 * A CIN as printed (one or two letters, then up to six digits) from an OCR token: spaces dropped,
 * upper-cased, letters in the number part read as digits and digits in the prefix as letters.
 * Null when the token cannot be one.
 */
export function cinFromToken(token: string): string | null {
  const compact = token.replace(/[\s.\-_]/g, '').toUpperCase();
  const match = /^([A-Z0-9]{1,2}?)([0-9OQDUILZSGBT]{4,6})$/.exec(compact);
  if (!match) return null;
  const cin = asLetters(match[1] ?? '') + asDigits(match[2] ?? '');
  return CIN_RE.test(cin) ? cin : null;
}

/** A calendar day that exists, as YYYY-MM-DD, or null. */
export function isoDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return date.toISOString().slice(0, 10);
}
