import { CARD_STATUSES } from '@tasbiq/contracts/money';
import { describe, expect, it } from 'vitest';
import {
  CARD_MOVES,
  canMove,
  confirmReceiptRefusal,
  predecessorsOf,
  resetPinRefusal,
  signContractRefusal,
  toggleRefusal,
} from './card-life.ts';

describe('card life', () => {
  it('follows the spec: ordered → assigned → delivered → receipt confirmed → active ⇄ blocked', () => {
    expect(canMove('ordered', 'assigned')).toBe(true);
    expect(canMove('assigned', 'delivered')).toBe(true);
    expect(canMove('delivered', 'receipt_confirmed')).toBe(true);
    expect(canMove('receipt_confirmed', 'active')).toBe(true);
    expect(canMove('active', 'blocked')).toBe(true);
    expect(canMove('blocked', 'active')).toBe(true);
  });

  it('never skips a step nor leaves canceled', () => {
    expect(canMove('ordered', 'delivered')).toBe(false);
    expect(canMove('delivered', 'active')).toBe(false);
    expect(canMove('receipt_confirmed', 'blocked')).toBe(false);
    expect(CARD_MOVES.canceled).toEqual([]);
    for (const status of CARD_STATUSES) expect(canMove(status, status)).toBe(false);
  });

  it('a card that is held can no longer be canceled by the issuer', () => {
    expect(predecessorsOf('canceled')).toEqual(['ordered', 'assigned', 'delivered']);
    expect(predecessorsOf('active')).toEqual(['receipt_confirmed', 'blocked']);
  });

  it('names why an action is refused in each status', () => {
    expect(confirmReceiptRefusal('assigned')).toBe('CARD_NOT_READY');
    expect(confirmReceiptRefusal('delivered')).toBeNull();
    expect(confirmReceiptRefusal('active')).toBe('RECEIPT_ALREADY_CONFIRMED');
    expect(signContractRefusal('delivered')).toBe('RECEIPT_NOT_CONFIRMED');
    expect(signContractRefusal('active')).toBe('CONTRACT_ALREADY_SIGNED');
    expect(signContractRefusal('receipt_confirmed')).toBeNull();
    expect(toggleRefusal('receipt_confirmed', false)).toBe('CARD_NOT_ACTIVE');
    expect(toggleRefusal('blocked', false)).toBe('CARD_ALREADY_BLOCKED');
    expect(toggleRefusal('active', true)).toBe('CARD_NOT_BLOCKED');
    expect(toggleRefusal('active', false)).toBeNull();
    expect(toggleRefusal('blocked', true)).toBeNull();
    expect(resetPinRefusal('delivered')).toBe('CARD_NOT_ACTIVE');
    expect(resetPinRefusal('blocked')).toBeNull();
  });
});
