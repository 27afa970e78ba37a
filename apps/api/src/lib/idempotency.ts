/**
 * Idempotency-Key for money-moving POSTs (issue 3; decision 020). The key is scoped to the user and
 * the endpoint (`scope`). Within ONE database transaction we claim the key (insert … on conflict do
 * nothing), run the handler and store its answer:
 *   - same key, same body   → the stored answer is replayed (status and body), nothing runs again;
 *   - same key, other body  → 422 IDEMPOTENCY_KEY_REUSED;
 *   - two identical requests at once: the second insert waits on the first's uncommitted row, then
 *     sees it committed and replays it (or, if the first failed and rolled back, runs itself).
 * A handler that throws rolls the claim back with everything else, so an error is never replayed:
 * the client may retry with the same key once the cause is fixed.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/money.ts';
import { AppError } from './errors.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_RE = /^[\x21-\x7e]{1,255}$/;

export type IdempotentResult<T> = { status: number; body: T; replayed: boolean };

/** Reads the header: undefined when absent, 400 IDEMPOTENCY_KEY_INVALID when malformed. */
export function readIdempotencyKey(
  headers: Record<string, string | string[] | undefined>,
): string | undefined {
  const raw = headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || !KEY_RE.test(value)) {
    throw new AppError('IDEMPOTENCY_KEY_INVALID', { status: 400 });
  }
  return value;
}

/** Stable hash of a parsed body: keys sorted, so {"a":1,"b":2} and {"b":2,"a":1} are the same request. */
export function hashRequestBody(body: unknown): string {
  return createHash('sha256').update(stableStringify(body)).digest('hex');
}

function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
}

/**
 * Runs `handler` in a transaction, once per (user, scope, key). Without a key it simply runs the
 * handler in a transaction. `body` is the parsed request body the key is bound to.
 */
export async function withIdempotency<T>(
  db: Db,
  options: { userId: number; scope: string; key: string | undefined; body: unknown },
  handler: (tx: Tx) => Promise<{ status: number; body: T }>,
): Promise<IdempotentResult<T>> {
  const { userId, scope, key } = options;
  return db.transaction(async (tx) => {
    if (key === undefined) return { ...(await handler(tx)), replayed: false };
    const requestHash = hashRequestBody(options.body);
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId, scope, key, requestHash, responseStatus: 0, responseBody: {} })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
    if (claimed.length === 0) {
      const [existing] = await tx
        .select()
        .from(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.userId, userId),
            eq(idempotencyKeys.scope, scope),
            eq(idempotencyKeys.key, key),
          ),
        );
      if (!existing) throw new Error('Idempotency key vanished after a conflict.');
      if (existing.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED', { status: 422 });
      return { status: existing.responseStatus, body: existing.responseBody as T, replayed: true };
    }
    const result = await handler(tx);
    await tx
      .update(idempotencyKeys)
      .set({ responseStatus: result.status, responseBody: result.body as unknown })
      .where(eq(idempotencyKeys.id, claimed[0]!.id));
    return { ...result, replayed: false };
  });
}

/**
 * Answers a money-moving POST with the handler's status and body, flagged `idempotent-replayed`
 * when they are the first request's, replayed. Returns the body for the route to send.
 */
export function idempotentReply<T>(
  reply: { header(name: string, value: string): unknown; status(code: number): unknown },
  result: IdempotentResult<T>,
): T {
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  reply.status(result.status);
  return result.body;
}
