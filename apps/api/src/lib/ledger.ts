/**
 * The ledger (ARCHITECTURE.md "Data", decision 018): every money movement is one balanced,
 * append-only transaction of entries on accounts. This file is the only writer of
 * ledger_transactions, ledger_entries and ledger_accounts.balance_centimes; nothing updates or
 * deletes a transaction or an entry (a mistake is corrected by a 'reversal' transaction).
 *
 * Sign convention: an entry's amount is + (debit: the account grows) or − (credit: the account
 * shrinks), never 0; the entries of a transaction sum to 0. Accounts read from their holder's side:
 * a funded company wallet has a positive balance; platform_funding, where money enters the system,
 * goes negative.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import {
  type LedgerAccountKind,
  type LedgerTransactionType,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
} from '../db/schema/ledger.ts';
import { AppError } from './errors.ts';

export type LedgerAccount = typeof ledgerAccounts.$inferSelect;
export type LedgerTransaction = typeof ledgerTransactions.$inferSelect;

export type LedgerEntryInput = { accountId: number; amountCentimes: bigint };

export type NewLedgerTransaction = {
  companyId: number | null;
  type: LedgerTransactionType;
  title: string;
  description?: string;
  reference?: string | null;
  idempotencyKey?: string | null;
  createdBy?: number | null;
  entries: LedgerEntryInput[];
};

/** A programming error (an unbalanced posting never comes from user input): a 500, not a 400. */
export class LedgerError extends Error {}

/** Checks a posting before any write: ≥ 2 entries, none zero, summing to zero. */
export function assertBalanced(entries: readonly LedgerEntryInput[]): void {
  if (entries.length < 2) throw new LedgerError('A ledger transaction needs at least two entries.');
  let sum = 0n;
  for (const entry of entries) {
    if (typeof entry.amountCentimes !== 'bigint') throw new LedgerError('Entry amounts are bigint centimes.');
    if (entry.amountCentimes === 0n) throw new LedgerError('A ledger entry cannot be zero.');
    sum += entry.amountCentimes;
  }
  if (sum !== 0n) throw new LedgerError(`Ledger entries must sum to zero (sum ${sum}).`);
}

/**
 * Posts one balanced transaction: locks the touched accounts (`SELECT … FOR UPDATE`, in id
 * order, so two postings on the same accounts never deadlock), inserts the transaction and its
 * entries and moves each account's balance, all in one database transaction (a savepoint when
 * `db` is already a transaction). `check` runs with the locked accounts before anything is
 * written, e.g. to refuse a debit the wallet cannot cover (requireBalance).
 *
 * With an idempotency key already used, the first transaction is returned and nothing is written.
 */
export async function postTransaction(
  db: DbOrTx,
  input: NewLedgerTransaction,
  check?: (accounts: Map<number, LedgerAccount>) => void | Promise<void>,
): Promise<LedgerTransaction> {
  assertBalanced(input.entries);
  const deltas = new Map<number, bigint>();
  for (const entry of input.entries)
    deltas.set(entry.accountId, (deltas.get(entry.accountId) ?? 0n) + entry.amountCentimes);
  const accountIds = [...deltas.keys()].sort((a, b) => a - b);

  return db.transaction(async (tx) => {
    if (input.idempotencyKey) {
      const [existing] = await tx
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.idempotencyKey, input.idempotencyKey));
      if (existing) return existing;
    }
    const locked = await tx
      .select()
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.id, accountIds))
      .orderBy(ledgerAccounts.id)
      .for('update');
    if (locked.length !== accountIds.length) throw new LedgerError('Unknown ledger account.');
    const accounts = new Map(locked.map((account) => [account.id, account]));
    if (check) await check(accounts);

    const [transaction] = await tx
      .insert(ledgerTransactions)
      .values({
        companyId: input.companyId,
        type: input.type,
        title: input.title,
        description: input.description ?? '',
        reference: input.reference ?? null,
        idempotencyKey: input.idempotencyKey ?? null,
        createdBy: input.createdBy ?? null,
      })
      .returning();
    await tx.insert(ledgerEntries).values(
      input.entries.map((entry) => ({
        transactionId: transaction!.id,
        accountId: entry.accountId,
        amountCentimes: entry.amountCentimes,
        createdAt: transaction!.createdAt,
      })),
    );
    for (const id of accountIds) {
      const delta = deltas.get(id)!;
      if (delta === 0n) continue;
      await tx
        .update(ledgerAccounts)
        .set({ balanceCentimes: sql`${ledgerAccounts.balanceCentimes} + ${delta}` })
        .where(eq(ledgerAccounts.id, id));
    }
    return transaction!;
  });
}

export type AccountKey = { companyId: number | null; kind: LedgerAccountKind; employeeId?: number | null };

function accountCondition({ companyId, kind, employeeId }: AccountKey) {
  return and(
    eq(ledgerAccounts.kind, kind),
    companyId === null ? isNull(ledgerAccounts.companyId) : eq(ledgerAccounts.companyId, companyId),
    employeeId == null ? isNull(ledgerAccounts.employeeId) : eq(ledgerAccounts.employeeId, employeeId),
  );
}

/** The account, or null when it was never opened (no movement yet). */
export async function findAccount(db: DbOrTx, key: AccountKey): Promise<LedgerAccount | null> {
  const [row] = await db.select().from(ledgerAccounts).where(accountCondition(key));
  return row ?? null;
}

/** Opens the account on first use (safe under concurrency: insert … on conflict do nothing, then read). */
export async function getOrCreateAccount(db: DbOrTx, key: AccountKey): Promise<LedgerAccount> {
  await db
    .insert(ledgerAccounts)
    .values({ companyId: key.companyId, kind: key.kind, employeeId: key.employeeId ?? null })
    .onConflictDoNothing();
  const account = await findAccount(db, key);
  if (!account) throw new LedgerError('Ledger account vanished after creation.');
  return account;
}

/** Refuses a debit of `amountCentimes` the account (read under its lock) cannot cover. */
export function requireBalance(
  account: Pick<LedgerAccount, 'balanceCentimes'>,
  amountCentimes: bigint,
  code = 'INSUFFICIENT_FUNDS',
): void {
  if (account.balanceCentimes < amountCentimes) throw new AppError(code, { status: 400 });
}
