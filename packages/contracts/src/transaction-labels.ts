/**
 * The transaction types and their French labels, in a module without zod (see bonus-labels.ts):
 * transactions.ts re-exports them.
 */
export const TRANSACTION_TYPES = ['advance', 'recharge', 'bill', 'transfer', 'expense_settlement'] as const;
export type TTransactionType = (typeof TRANSACTION_TYPES)[number];
export const TRANSACTION_TYPE_LABELS_FR: Record<TTransactionType, string> = {
  advance: 'Avance sur salaire',
  recharge: 'Recharge téléphonique',
  bill: 'Facture',
  transfer: 'Transfert',
  expense_settlement: 'Frais de mission',
};
