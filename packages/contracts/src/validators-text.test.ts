import { describe, expect, it } from 'vitest';
import { isSafeText } from './validators.ts';

describe('isSafeText', () => {
  it('accepts any well-formed text, emoji (surrogate pairs) included', () => {
    for (const text of ['', 'Équipe Casablanca', 'مرحبا', 'line\nbreak\ttab', '😀 ok', '\ud83d\ude00'])
      expect(isSafeText(text), JSON.stringify(text)).toBe(true);
  });

  it('refuses a NUL character, which PostgreSQL text cannot hold', () => {
    for (const text of ['\u0000', 'a\u0000b', 'abc\u0000']) expect(isSafeText(text)).toBe(false);
  });

  it('refuses a lone high or low surrogate, wherever it is', () => {
    for (const text of ['\ud800', 'a\ud800b', 'a\ud83d', '\ude00a', 'a\udc00', '\ude00\ud83d'])
      expect(isSafeText(text), JSON.stringify(text)).toBe(false);
  });
});
