/**
 * A fresh `Idempotency-Key` for one attempt at a money write (POST /advances/, POST /recharges/;
 * decision 020). The caller keeps it for the retries of that same attempt, so a request whose
 * answer was lost is replayed by the server instead of drawing the money twice.
 */
export function newIdempotencyKey(): string {
  const { crypto } = globalThis;
  // randomUUID exists only in secure contexts (https, localhost); fall back to the same v4 layout.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
