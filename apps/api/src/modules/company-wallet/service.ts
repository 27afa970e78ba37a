import {
  type TWalletExport,
  type TWalletExportFilters,
  type TWalletTransaction,
  WALLET_TRANSACTION_TYPE_LABELS_FR,
  ZWalletExportFilters,
} from '@tasbiq/contracts/company-wallet';
import type { DbOrTx } from '../../db/client.ts';
import { walletExports } from '../../db/schema/ledger.ts';
import { toExcelCsv } from '../../lib/csv.ts';
import { AppError } from '../../lib/errors.ts';
import { getOrCreateAccount, type LedgerTransaction, postTransaction } from '../../lib/ledger.ts';
import { centimesToWire } from '../../lib/money.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { formatCasablancaDateTime, toWireDateTime } from '../../lib/time.ts';
import {
  listWalletTransactions,
  type WalletExportRow,
  type WalletFilters,
  type WalletRow,
} from './queries.ts';

export type WalletFunding = {
  companyId: number;
  amountCentimes: bigint;
  reference?: string | null;
  title?: string;
  description?: string;
  createdBy?: number | null;
  idempotencyKey?: string | null;
};

/**
 * The platform operator puts money in a company's wallet: debit (+) company_wallet, credit (−)
 * platform_funding, one 'wallet_funding' ledger transaction.
 */
export async function fundCompanyWallet(db: DbOrTx, input: WalletFunding): Promise<LedgerTransaction> {
  if (input.amountCentimes <= 0n)
    throw new AppError('min_value', { attr: 'amount', detail: 'Le montant doit être positif.' });
  return db.transaction(async (tx) => {
    const wallet = await getOrCreateAccount(tx, { companyId: input.companyId, kind: 'company_wallet' });
    const platform = await getOrCreateAccount(tx, { companyId: null, kind: 'platform_funding' });
    return postTransaction(tx, {
      companyId: input.companyId,
      type: 'wallet_funding',
      title: input.title ?? 'Alimentation du portefeuille',
      description: input.description ?? '',
      reference: input.reference ?? null,
      idempotencyKey: input.idempotencyKey ?? null,
      createdBy: input.createdBy ?? null,
      entries: [
        { accountId: wallet.id, amountCentimes: input.amountCentimes },
        { accountId: platform.id, amountCentimes: -input.amountCentimes },
      ],
    });
  });
}

export function serializeWalletTransaction(row: WalletRow): TWalletTransaction {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    amount: centimesToWire(row.amountCentimes),
    description: row.description,
    created: toWireDateTime(row.createdAt),
  };
}

export const walletExportDownloadPath = (id: number) => `/api/company/wallet/export/${id}/download`;

/**
 * The filters stored with an export (`wallet_exports.filters`, the request body as validated),
 * read back key by key: a key that no longer parses (an old row, a renamed type) is left out
 * rather than failing the whole history.
 */
export function exportFiltersOf(stored: unknown): TWalletExportFilters {
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return {};
  const filters: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(ZWalletExportFilters.shape)) {
    const value = (stored as Record<string, unknown>)[key];
    if (value === undefined || value === null || value === '') continue;
    const parsed = schema.safeParse(value);
    if (parsed.success && parsed.data !== undefined) filters[key] = parsed.data;
  }
  return filters as TWalletExportFilters;
}

export function serializeWalletExport(row: WalletExportRow): TWalletExport {
  return {
    id: row.id,
    status: row.status ?? 'finished',
    created: toWireDateTime(row.createdAt),
    rows: row.rowCount,
    download_url: row.status === 'finished' && row.fileKey ? walletExportDownloadPath(row.id) : null,
    filters: exportFiltersOf(row.filters),
  };
}

const CSV_HEADER = ['Date', 'Type', 'Titre', 'Description', 'Montant (DH)'] as const;

/** The wallet statement as French Excel opens it: BOM, `;`, CRLF, dd/mm/yyyy hh:mm, decimal comma. */
export function walletCsv(rows: readonly WalletRow[]): string {
  return toExcelCsv(
    CSV_HEADER,
    rows.map((row) => [
      formatCasablancaDateTime(row.createdAt),
      (WALLET_TRANSACTION_TYPE_LABELS_FR as Record<string, string>)[row.type] ?? row.type,
      row.title,
      row.description,
      centimesToWire(row.amountCentimes).replace('.', ','),
    ]),
  );
}

/**
 * Writes the CSV of the filtered wallet movements now (a wallet has at most a few thousand rows a
 * year) and records the export; a storage failure leaves a 'failed' row in the history.
 */
export async function createWalletExport(
  db: DbOrTx,
  storage: FileStorage,
  input: {
    companyId: number;
    createdBy: number;
    filters: WalletFilters;
    rawFilters: Record<string, unknown>;
    /** Where a storage failure is reported (the history only shows 'failed'). */
    log: { error(obj: unknown, msg?: string): void };
  },
): Promise<WalletExportRow> {
  const { rows } = await listWalletTransactions(db, input.companyId, input.filters, null);
  let fileKey: string | null = null;
  let status: 'finished' | 'failed' = 'finished';
  try {
    fileKey = await storage.put(Buffer.from(walletCsv(rows), 'utf8'), {
      prefix: 'wallet-exports',
      extension: 'csv',
    });
  } catch (error) {
    input.log.error({ err: error, companyId: input.companyId }, 'wallet export could not be stored');
    status = 'failed';
  }
  const [row] = await db
    .insert(walletExports)
    .values({
      companyId: input.companyId,
      createdBy: input.createdBy,
      status,
      fileKey,
      rowCount: rows.length,
      filters: input.rawFilters,
      tzRules: process.versions.tz ?? 'unknown',
    })
    .returning();
  return row!;
}
