import type { TCardStatus } from '@tasbiq/contracts/money';

/**
 * The card's life (spec §4 Card; decision 032) as a table: from each status, the statuses it may
 * go to. The service moves a card with one conditional UPDATE on the statuses that may precede
 * the target (`predecessorsOf`), so two moves racing have exactly one winner and an illegal one
 * changes nothing.
 */
export const CARD_MOVES: Record<TCardStatus, readonly TCardStatus[]> = {
  ordered: ['assigned', 'canceled'],
  assigned: ['delivered', 'canceled'],
  delivered: ['receipt_confirmed', 'canceled'],
  receipt_confirmed: ['active'],
  active: ['blocked'],
  blocked: ['active'],
  canceled: [],
};

export function canMove(from: TCardStatus, to: TCardStatus): boolean {
  return CARD_MOVES[from].includes(to);
}

export function predecessorsOf(to: TCardStatus): TCardStatus[] {
  return (Object.keys(CARD_MOVES) as TCardStatus[]).filter((from) => canMove(from, to));
}

/** Why confirming receipt is refused in `status` (null: it may go ahead). */
export function confirmReceiptRefusal(status: TCardStatus): string | null {
  if (status === 'delivered') return null;
  if (status === 'ordered' || status === 'assigned') return 'CARD_NOT_READY';
  if (status === 'canceled') return 'NO_CARDS_FOUND';
  return 'RECEIPT_ALREADY_CONFIRMED';
}

/** Why signing the contract is refused in `status` (null: it may go ahead). */
export function signContractRefusal(status: TCardStatus): string | null {
  if (status === 'receipt_confirmed') return null;
  if (status === 'active' || status === 'blocked') return 'CONTRACT_ALREADY_SIGNED';
  if (status === 'canceled') return 'NO_CARDS_FOUND';
  return 'RECEIPT_NOT_CONFIRMED';
}

/** Why blocking (`isActive` false) or unblocking (true) is refused in `status`. */
export function toggleRefusal(status: TCardStatus, isActive: boolean): string | null {
  if (status === 'canceled') return 'NO_CARDS_FOUND';
  if (isActive) {
    if (status === 'blocked') return null;
    return status === 'active' ? 'CARD_NOT_BLOCKED' : 'CARD_NOT_ACTIVE';
  }
  if (status === 'active') return null;
  return status === 'blocked' ? 'CARD_ALREADY_BLOCKED' : 'CARD_NOT_ACTIVE';
}

/** A PIN exists once the card works: active or blocked (a blocked card may get a new PIN). */
export function resetPinRefusal(status: TCardStatus): string | null {
  if (status === 'active' || status === 'blocked') return null;
  return status === 'canceled' ? 'NO_CARDS_FOUND' : 'CARD_NOT_ACTIVE';
}
