/**
 * The provider call of a payout to an employee for a mission (issue 14's advance, issue 15's
 * settlement of an expense report): one path, so both pay the same way. The active prepaid card
 * for `card`, else a transfer to the RIB; both providers are idempotent by `reference`, and a
 * resumed payout (a retried job, or one whose worker died) first asks the provider what it
 * answered. A failure known before any call (no active card, no RIB) is an answer too: the caller
 * records it like a refusal. Called OUTSIDE any database transaction (a slow bank holds no lock).
 */
import type { TPayoutMethod } from '@tasbiq/contracts/money';
import { and, eq } from 'drizzle-orm';
import { prepaidCards } from '../../db/schema/money.ts';
import type { PayoutResult } from '../../providers/bank-transfer/bank-transfer-provider.ts';
import type { PayoutDeps } from './advance-payout.ts';
import type { PayoutOwner } from './payout-owner.ts';

export type EmployeePayout = {
  reference: string;
  method: TPayoutMethod | null;
  employeeId: number;
  owner: Pick<PayoutOwner, 'firstName' | 'lastName' | 'rib'>;
  amountCentimes: bigint;
  label: string;
  resumed: boolean;
  /** The French reasons recorded when there is no card / no RIB to pay to. */
  noCardReason: string;
  noRibReason: string;
};

export async function payEmployee(deps: PayoutDeps, payout: EmployeePayout): Promise<PayoutResult> {
  const provider = payout.method === 'card' ? deps.card : deps.bank;
  if (payout.resumed) {
    const known = await provider.find(payout.reference);
    if (known) return known;
  }
  if (payout.method === 'card') {
    const [card] = await deps.db
      .select({ id: prepaidCards.id, last4: prepaidCards.last4 })
      .from(prepaidCards)
      .where(and(eq(prepaidCards.employeeId, payout.employeeId), eq(prepaidCards.status, 'active')))
      .limit(1);
    if (!card) return { status: 'failed', providerReference: null, failureReason: payout.noCardReason };
    return deps.card.load({
      reference: payout.reference,
      cardId: card.id,
      last4: card.last4,
      amountCentimes: payout.amountCentimes,
      label: payout.label,
    });
  }
  if (!payout.owner.rib)
    return { status: 'failed', providerReference: null, failureReason: payout.noRibReason };
  return deps.bank.transfer({
    reference: payout.reference,
    rib: payout.owner.rib,
    beneficiaryName: `${payout.owner.firstName} ${payout.owner.lastName}`,
    amountCentimes: payout.amountCentimes,
    label: payout.label,
  });
}
