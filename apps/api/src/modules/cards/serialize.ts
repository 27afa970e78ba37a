import {
  CARD_STATUS_LABELS_FR,
  type TCard,
  type TCardOrder,
  type TCardTransaction,
  type TEmployeeCardSummary,
} from '@tasbiq/contracts/cards';
import { ERROR_MESSAGES_FR } from '@tasbiq/contracts/error-codes';
import { centimesToWire } from '../../lib/money.ts';
import { toWireDateTime, toWireDateTimeOrNull } from '../../lib/time.ts';
import type { CardMovement } from '../../providers/card-issuer/card-issuer-provider.ts';
import { findCity } from '../cities/moroccan-cities.ts';
import type { CardOrderRow, CardRow } from './queries.ts';

const cityName = (id: number) => findCity(id)?.name ?? '';

export function serializeCardOrder(row: CardOrderRow): TCardOrder {
  return {
    id: row.id,
    status: row.status,
    step: row.step,
    progress: Math.min(1, Math.max(0, row.progress)),
    error_code: row.errorCode,
    error_detail: row.errorCode ? (ERROR_MESSAGES_FR[row.errorCode] ?? null) : null,
    hint: row.hint,
    city: row.cityId,
    city_name: cityName(row.cityId),
    address: row.address,
    area: row.area,
    zip: row.zip,
    phone: row.phone,
    created: toWireDateTime(row.createdAt),
  };
}

export function serializeCard(card: CardRow, order: CardOrderRow | null): TCard {
  return {
    id: card.id,
    status: card.status,
    status_label: CARD_STATUS_LABELS_FR[card.status],
    last4: card.last4,
    is_active: card.status === 'active',
    ordered: toWireDateTime(card.createdAt),
    assigned: toWireDateTimeOrNull(card.assignedAt),
    delivered: toWireDateTimeOrNull(card.deliveredAt),
    receipt_confirmed: toWireDateTimeOrNull(card.receiptConfirmedAt),
    contract_signed: toWireDateTimeOrNull(card.contractSignedAt),
    activated: toWireDateTimeOrNull(card.activatedAt),
    blocked: toWireDateTimeOrNull(card.blockedAt),
    canceled: toWireDateTimeOrNull(card.canceledAt),
    cancel_reason: card.cancelReason,
    has_signed_contract: card.signedContractKey !== null,
    delivery: {
      city_name: order ? cityName(order.cityId) : '',
      address: order?.address ?? '',
      area: order?.area ?? '',
      zip: order?.zip ?? '',
    },
  };
}

export function serializeEmployeeCard(card: CardRow, order: CardOrderRow | null): TEmployeeCardSummary {
  return {
    id: card.id,
    status: card.status,
    status_label: CARD_STATUS_LABELS_FR[card.status],
    last4: card.last4,
    ordered: toWireDateTime(card.createdAt),
    contract_signed: toWireDateTimeOrNull(card.contractSignedAt),
    has_signed_contract: card.signedContractKey !== null,
    order_id: order?.id ?? null,
    has_cin_images: Boolean(order?.cinFrontKey && order.cinBackKey),
  };
}

export function serializeMovement(movement: CardMovement): TCardTransaction {
  return {
    id: movement.id,
    type: movement.type,
    amount: centimesToWire(movement.amountCentimes),
    balance: centimesToWire(movement.balanceAfterCentimes),
    label: movement.label,
    created: toWireDateTime(movement.at),
  };
}
