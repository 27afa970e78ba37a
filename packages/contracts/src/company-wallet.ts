import { z } from 'zod';
import { ZMoney } from './wire.ts';

/**
 * The company wallet (spec §3 Company wallet, §7 Company wallet). Amounts are decimal strings
 * ("1500.00"). `total_credit` is what came into the wallet (fundings, reversals), `total_debit`
 * what left it (advances, fees, top-ups); `balance` = total_credit − total_debit.
 */
export const ZWalletBalance = z.object({
  balance: ZMoney,
  total_credit: ZMoney,
  total_debit: ZMoney,
});
export type TWalletBalance = z.infer<typeof ZWalletBalance>;

export const WALLET_TRANSACTION_TYPES = [
  'wallet_funding',
  'advance',
  'fee',
  'recharge',
  'payout',
  'reversal',
  'bonus',
  'mission_advance',
  'transfer',
  'bill',
  'expense_settlement',
] as const;
export type TWalletTransactionType = (typeof WALLET_TRANSACTION_TYPES)[number];

/** French names of the movement types, for the wallet screen's filter and rows. */
export const WALLET_TRANSACTION_TYPE_LABELS_FR: Record<TWalletTransactionType, string> = {
  wallet_funding: 'Alimentation',
  advance: 'Avance sur salaire',
  fee: 'Frais',
  recharge: 'Recharge téléphonique',
  payout: 'Versement',
  reversal: 'Annulation',
  bonus: 'Prime',
  mission_advance: 'Avance de mission',
  transfer: 'Transfert',
  bill: 'Facture',
  expense_settlement: 'Frais de mission',
};

/** One wallet movement; `amount` is signed for the wallet: + credit (money in), − debit (money out). */
export const ZWalletTransaction = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  amount: ZMoney,
  description: z.string(),
  created: z.string(),
});
export type TWalletTransaction = z.infer<typeof ZWalletTransaction>;

export const WALLET_EXPORT_STATUSES = ['finished', 'failed'] as const;
export type TWalletExportStatus = (typeof WALLET_EXPORT_STATUSES)[number];
export const WALLET_EXPORT_STATUS_LABELS_FR: Record<TWalletExportStatus, string> = {
  finished: 'Terminé',
  failed: 'Échoué',
};

/** Body of POST /company/wallet/export/: the list's filters (all optional). */
export const ZWalletExportRequest = z.object({
  transaction_type: z.enum(WALLET_TRANSACTION_TYPES).optional(),
  transaction_type_in: z.array(z.enum(WALLET_TRANSACTION_TYPES)).optional(),
  search: z.string().max(200).optional(),
  created_after: z.string().optional(),
  created_before: z.string().optional(),
});
export type TWalletExportRequest = z.input<typeof ZWalletExportRequest>;

/**
 * The filters an export used, as they were sent (dates `YYYY-MM-DD`, Casablanca days); none
 * present means every movement. Shown in the history so each file says what it holds.
 */
export const ZWalletExportFilters = ZWalletExportRequest;
export type TWalletExportFilters = z.infer<typeof ZWalletExportFilters>;

/** One wallet export (history); `status` defaults to "finished" (spec §9). */
export const ZWalletExport = z.object({
  id: z.number().int(),
  status: z.enum(WALLET_EXPORT_STATUSES),
  created: z.string(),
  rows: z.number().int(),
  download_url: z.string().nullable(),
  filters: ZWalletExportFilters,
});
export type TWalletExport = z.infer<typeof ZWalletExport>;
