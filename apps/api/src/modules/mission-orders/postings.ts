/**
 * The ledger transactions of a mission-order advance (decisions 018, 038; + debit, − credit):
 *   approved (`mission_advance`)  wallet −amount; payouts_clearing +amount  (INSUFFICIENT_FUNDS)
 *   paid (`payout`)               payouts_clearing −amount; mission_advances(employee) +amount
 *   payout refused (`reversal`)   wallet +amount; payouts_clearing −amount
 * Reference `mission-order:ID`, one idempotency key per step, so a replayed job writes nothing twice.
 * No fee: a mission advance is the company's money lent for the trip, justified with expenses.
 */
import type { DbOrTx } from '../../db/client.ts';
import { getOrCreateAccount, postTransaction, requireBalance } from '../../lib/ledger.ts';
import { formatDh } from '../advances/postings.ts';
import type { MissionOrderOwner, MissionOrderRecord } from './queries.ts';

export const missionOrderReference = (orderId: number) => `mission-order:${orderId}`;

const ownerText = (who: Omit<MissionOrderOwner, 'id'>) =>
  `${who.firstName} ${who.lastName}${who.serial ? ` (${who.serial})` : ''}`;
const methodText = (order: MissionOrderRecord) =>
  order.payoutMethod === 'card' ? 'sur carte prépayée' : 'par virement sur RIB';

export async function postMissionAdvanceApproved(
  tx: DbOrTx,
  order: MissionOrderRecord,
  who: Omit<MissionOrderOwner, 'id'>,
  userId: number,
) {
  const wallet = await getOrCreateAccount(tx, { companyId: order.companyId, kind: 'company_wallet' });
  const clearing = await getOrCreateAccount(tx, { companyId: order.companyId, kind: 'payouts_clearing' });
  return postTransaction(
    tx,
    {
      companyId: order.companyId,
      type: 'mission_advance',
      title: `Avance de mission — ${who.firstName} ${who.lastName}`,
      description: `Ordre de mission ${order.number} « ${order.title} » approuvé : avance de ${formatDh(order.advanceCentimes)} ${methodText(order)} pour ${ownerText(who)}`,
      reference: missionOrderReference(order.id),
      idempotencyKey: missionOrderReference(order.id),
      createdBy: userId,
      entries: [
        { accountId: wallet.id, amountCentimes: -order.advanceCentimes },
        { accountId: clearing.id, amountCentimes: order.advanceCentimes },
      ],
    },
    (accounts) => requireBalance(accounts.get(wallet.id)!, order.advanceCentimes),
  );
}

export async function postMissionAdvancePaid(
  tx: DbOrTx,
  order: MissionOrderRecord,
  who: Omit<MissionOrderOwner, 'id'>,
) {
  const clearing = await getOrCreateAccount(tx, { companyId: order.companyId, kind: 'payouts_clearing' });
  const employee = await getOrCreateAccount(tx, {
    companyId: order.companyId,
    kind: 'mission_advances',
    employeeId: order.employeeId,
  });
  return postTransaction(tx, {
    companyId: order.companyId,
    type: 'payout',
    title: `Avance de mission versée — ${who.firstName} ${who.lastName}`,
    description: `Ordre de mission ${order.number} : avance de ${formatDh(order.advanceCentimes)} versée ${methodText(order)} à ${ownerText(who)}`,
    reference: missionOrderReference(order.id),
    idempotencyKey: `${missionOrderReference(order.id)}:payout`,
    entries: [
      { accountId: clearing.id, amountCentimes: -order.advanceCentimes },
      { accountId: employee.id, amountCentimes: order.advanceCentimes },
    ],
  });
}

export async function postMissionAdvanceReversed(
  tx: DbOrTx,
  order: MissionOrderRecord,
  who: Omit<MissionOrderOwner, 'id'>,
) {
  const wallet = await getOrCreateAccount(tx, { companyId: order.companyId, kind: 'company_wallet' });
  const clearing = await getOrCreateAccount(tx, { companyId: order.companyId, kind: 'payouts_clearing' });
  return postTransaction(tx, {
    companyId: order.companyId,
    type: 'reversal',
    title: `Échec de l’avance de mission — ${who.firstName} ${who.lastName}`,
    description: `Ordre de mission ${order.number} : avance de ${formatDh(order.advanceCentimes)} de ${ownerText(who)} non versée : ${order.failureReason ?? 'refusée'}; montant rendu au portefeuille`,
    reference: missionOrderReference(order.id),
    idempotencyKey: `${missionOrderReference(order.id)}:reversal`,
    entries: [
      { accountId: wallet.id, amountCentimes: order.advanceCentimes },
      { accountId: clearing.id, amountCentimes: -order.advanceCentimes },
    ],
  });
}
