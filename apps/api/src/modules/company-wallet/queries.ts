import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ledgerEntries, ledgerTransactions, walletExports } from '../../db/schema/ledger.ts';
import { findAccount } from '../../lib/ledger.ts';
import { dateRangeCondition, searchCondition } from '../../lib/list-sql.ts';

export type WalletFilters = {
  transactionType?: string;
  transactionTypeIn?: string[];
  search?: string[];
  createdAfter?: string;
  createdBefore?: string;
};

export type WalletRow = {
  id: number;
  type: string;
  title: string;
  description: string;
  amountCentimes: bigint;
  createdAt: Date;
};

export const findWalletAccount = (db: DbOrTx, companyId: number) =>
  findAccount(db, { companyId, kind: 'company_wallet' });

/** Balance and the two totals of the wallet account, straight from its entries (+ in, − out). */
export async function walletTotals(db: DbOrTx, companyId: number) {
  const account = await findWalletAccount(db, companyId);
  if (!account) return { balance: 0n, credit: 0n, debit: 0n };
  const [row] = await db
    .select({
      credit: sql<string>`coalesce(sum(${ledgerEntries.amountCentimes}) filter (where ${ledgerEntries.amountCentimes} > 0), 0)`,
      debit: sql<string>`coalesce(-sum(${ledgerEntries.amountCentimes}) filter (where ${ledgerEntries.amountCentimes} < 0), 0)`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, account.id));
  return { balance: account.balanceCentimes, credit: BigInt(row!.credit), debit: BigInt(row!.debit) };
}

function conditionsOf(accountId: number, companyId: number, filters: WalletFilters): SQL {
  return and(
    eq(ledgerEntries.accountId, accountId),
    eq(ledgerTransactions.companyId, companyId),
    filters.transactionType ? eq(ledgerTransactions.type, filters.transactionType as never) : undefined,
    filters.transactionTypeIn
      ? inArray(
          ledgerTransactions.type,
          (filters.transactionTypeIn.length > 0 ? filters.transactionTypeIn : ['']) as never[],
        )
      : undefined,
    searchCondition(filters.search, [ledgerTransactions.title, ledgerTransactions.description]),
    dateRangeCondition(ledgerTransactions.createdAt, filters.createdAfter, filters.createdBefore),
  )!;
}

/**
 * The wallet's movements, newest first: one row per ledger transaction touching the wallet, its
 * amount the net of the wallet's entries in it. `page` = null returns every row (the export).
 */
export async function listWalletTransactions(
  db: DbOrTx,
  companyId: number,
  filters: WalletFilters,
  page: { limit: number; offset: number } | null,
): Promise<{ count: number; rows: WalletRow[] }> {
  const account = await findWalletAccount(db, companyId);
  if (!account) return { count: 0, rows: [] };
  const where = conditionsOf(account.id, companyId, filters);
  const base = db
    .select({
      id: ledgerTransactions.id,
      type: ledgerTransactions.type,
      title: ledgerTransactions.title,
      description: ledgerTransactions.description,
      amountCentimes: sql<string>`sum(${ledgerEntries.amountCentimes})`,
      createdAt: ledgerTransactions.createdAt,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(where)
    .groupBy(ledgerTransactions.id)
    .orderBy(desc(ledgerTransactions.createdAt), desc(ledgerTransactions.id));
  const [total, rows] = await Promise.all([
    db
      .select({ value: sql<string>`count(distinct ${ledgerTransactions.id})` })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(where),
    page ? base.limit(page.limit).offset(page.offset) : base,
  ]);
  return {
    count: Number(total[0]?.value ?? 0),
    rows: rows.map((row) => ({ ...row, amountCentimes: BigInt(row.amountCentimes) })),
  };
}

export type WalletExportRow = typeof walletExports.$inferSelect;

export async function listWalletExports(
  db: DbOrTx,
  companyId: number,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: WalletExportRow[] }> {
  const where = eq(walletExports.companyId, companyId);
  const [total, rows] = await Promise.all([
    db.select({ value: count() }).from(walletExports).where(where),
    db
      .select()
      .from(walletExports)
      .where(where)
      .orderBy(desc(walletExports.createdAt), desc(walletExports.id))
      .limit(page.limit)
      .offset(page.offset),
  ]);
  return { count: Number(total[0]?.value ?? 0), rows };
}

/** An export of this company, or null (another company's id reads as missing). */
export async function findWalletExport(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(walletExports)
    .where(and(eq(walletExports.companyId, companyId), eq(walletExports.id, id)));
  return row ?? null;
}
