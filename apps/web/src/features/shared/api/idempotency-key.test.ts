import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from './idempotency-key.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newIdempotencyKey', () => {
  it('gives a fresh v4 uuid each time', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  });

  it('builds one from random bytes where randomUUID is missing (plain http)', () => {
    const { crypto } = globalThis;
    const own = Object.getOwnPropertyDescriptor(crypto, 'randomUUID');
    // An own property hides the method (own or inherited) the way an insecure context lacks it.
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true, writable: true });
    try {
      expect(newIdempotencyKey()).toMatch(UUID_V4);
      expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
    } finally {
      if (own) Object.defineProperty(crypto, 'randomUUID', own);
      else Reflect.deleteProperty(crypto, 'randomUUID');
    }
    expect(typeof crypto.randomUUID).toBe('function');
  });
});
