/**
 * Enums shared by every money feature (issue 3; decision 020): advance, top-up and card statuses,
 * payout methods, telecom operators and their top-up products.
 */

/** Spec §4 transaction statuses used by advances. `rejected` is kept for HR refusals (not used yet). */
export const ADVANCE_STATUSES = [
  'pending',
  'processing',
  'executed',
  'failed',
  'canceled',
  'rejected',
] as const;
export type TAdvanceStatus = (typeof ADVANCE_STATUSES)[number];

export const RECHARGE_STATUSES = ['pending', 'processing', 'executed', 'failed'] as const;
export type TRechargeStatus = (typeof RECHARGE_STATUSES)[number];

/** Statuses that no longer count toward what was drawn this month. */
export const RELEASED_STATUSES = ['canceled', 'rejected', 'failed'] as const;

/** French labels, for badges and CSV exports. */
export const TRANSACTION_STATUS_LABELS_FR: Record<TAdvanceStatus | TRechargeStatus, string> = {
  pending: 'En attente',
  processing: 'En cours de traitement',
  executed: 'Exécutée',
  failed: 'Échouée',
  canceled: 'Annulée',
  rejected: 'Rejetée',
};

/** Where an advance is paid: the prepaid card (instant) or the RIB by bank transfer (≤ 48 h). */
export const PAYOUT_METHODS = ['card', 'rib'] as const;
export type TPayoutMethod = (typeof PAYOUT_METHODS)[number];
export const PAYOUT_METHOD_LABELS_FR: Record<TPayoutMethod, string> = {
  card: 'Carte prépayée',
  rib: 'Virement sur RIB',
};

/**
 * Spec §4 Card (the whole life is described in contracts/cards.ts). Only `active` can receive a
 * payout.
 */
export const CARD_STATUSES = [
  'ordered',
  'assigned',
  'delivered',
  'receipt_confirmed',
  'active',
  'blocked',
  'canceled',
] as const;
export type TCardStatus = (typeof CARD_STATUSES)[number];

export const TELECOM_OPERATORS = ['iam', 'orange', 'inwi'] as const;
export type TTelecomOperator = (typeof TELECOM_OPERATORS)[number];
export const TELECOM_OPERATOR_LABELS: Record<TTelecomOperator, string> = {
  iam: 'Maroc Telecom',
  orange: 'Orange',
  inwi: 'inwi',
};

/**
 * A top-up product. `amount` is the credit the line receives, `discounted_amount` what the
 * employee pays out of their available balance (the operator's distributor discount, passed on).
 * Amounts are whole dirhams on the wire as DRF decimals ("50.00").
 */
export type TRechargeProduct = {
  id: string;
  operator: TTelecomOperator;
  name: string;
  amount: string;
  discounted_amount: string;
};

function product(operator: TTelecomOperator, amountDh: number, paidDh: number): TRechargeProduct {
  return {
    id: `${operator}-${amountDh}`,
    operator,
    name: `Recharge ${amountDh} DH`,
    amount: `${amountDh}.00`,
    discounted_amount: `${paidDh}.00`,
  };
}

/** The catalogue; it changes with operator contracts, so it is data, not logic. */
export const RECHARGE_PRODUCTS: readonly TRechargeProduct[] = [
  product('iam', 10, 10),
  product('iam', 20, 20),
  product('iam', 50, 49),
  product('iam', 100, 97),
  product('iam', 200, 194),
  product('orange', 10, 10),
  product('orange', 20, 20),
  product('orange', 50, 49),
  product('orange', 100, 97),
  product('orange', 200, 195),
  product('inwi', 10, 10),
  product('inwi', 25, 25),
  product('inwi', 50, 48),
  product('inwi', 100, 96),
  product('inwi', 200, 192),
];

export function findRechargeProduct(id: string): TRechargeProduct | undefined {
  return RECHARGE_PRODUCTS.find((p) => p.id === id);
}
