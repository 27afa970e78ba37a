import {
  BONUS_TITLE_LABELS_FR,
  type TBonus,
  type TBonusBeneficiary,
  type TBonusTitle,
  type TBonusTransaction,
} from '@tasbiq/contracts/bonuses';
import { centimesToWire } from '../../lib/money.ts';
import { toWireDateTime, toWireDateTimeOrNull } from '../../lib/time.ts';
import type { BeneficiaryRow, BonusRow, OwnPaymentRow, PaymentCounts, PersonRef } from './queries.ts';

/** The title as people read it: the option's French label, or the free title of `other`. */
export function displayTitle(title: TBonusTitle, customTitle: string | null): string {
  return title === 'other' && customTitle ? customTitle : BONUS_TITLE_LABELS_FR[title];
}

const userRef = (person: PersonRef | null) =>
  person ? { id: person.id, first_name: person.firstName, last_name: person.lastName } : null;

export function serializeBonus(row: BonusRow, counts: PaymentCounts): TBonus {
  const { bonus } = row;
  return {
    id: bonus.id,
    title: bonus.title,
    custom_title: bonus.customTitle,
    display_title: displayTitle(bonus.title, bonus.customTitle),
    comment: bonus.comment,
    type: bonus.type,
    target: bonus.target,
    group: row.group,
    recurrence_type: bonus.recurrenceType,
    is_saved: bonus.isSaved,
    next_occurrence: bonus.nextOccurrenceOn,
    source: bonus.sourceId,
    status: bonus.status,
    amount: bonus.amountCentimes === null ? null : centimesToWire(bonus.amountCentimes),
    total_amount: centimesToWire(bonus.totalCentimes),
    confirmed_amount: centimesToWire(bonus.confirmedCentimes),
    beneficiaries_count: bonus.beneficiariesCount,
    created: toWireDateTime(bonus.createdAt),
    created_by: userRef(row.createdBy),
    updated: toWireDateTime(bonus.updatedAt),
    replied: toWireDateTimeOrNull(bonus.repliedAt),
    replied_by: userRef(row.repliedBy),
    reply_comment: bonus.replyComment,
    payment: {
      pending: counts.pending,
      refused: counts.refused,
      to_pay: counts.confirmed + counts.processing,
      executed: counts.executed,
      failed: counts.failed,
      paid_amount: centimesToWire(counts.paidCentimes),
    },
  };
}

export function serializeBeneficiary(row: BeneficiaryRow): TBonusBeneficiary {
  const { payment, employee } = row;
  return {
    id: payment.id,
    employee: {
      id: employee.id,
      first_name: employee.firstName,
      last_name: employee.lastName,
      serial: employee.serial,
      cin: employee.cin,
    },
    amount: centimesToWire(payment.amountCentimes),
    status: payment.status,
    payout_method: payment.payoutMethod,
    failure_reason: payment.failureReason,
    paid: toWireDateTimeOrNull(payment.executedAt),
  };
}

export function serializeBonusTransaction(row: OwnPaymentRow): TBonusTransaction {
  const { payment, bonus } = row;
  return {
    id: payment.id,
    bonus: { id: bonus.id, title: bonus.title, display_title: displayTitle(bonus.title, bonus.customTitle) },
    amount: centimesToWire(payment.amountCentimes),
    status: payment.status,
    payout_method: payment.payoutMethod,
    is_seen: payment.isSeen,
    created: toWireDateTime(payment.confirmedAt ?? payment.createdAt),
    paid: toWireDateTimeOrNull(payment.executedAt),
    failure_reason: payment.failureReason,
  };
}
