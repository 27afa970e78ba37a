/**
 * The ledger transactions of a bonus (decisions 018, 036; sign: + debit, − credit):
 *   confirmed (`bonus`, ref `bonus:ID`)            wallet −confirmed total; payouts_clearing +total
 *   one beneficiary paid (`payout`, ref `bonus-payment:ID`)   payouts_clearing −amount; bonuses_paid +amount
 *   one payout refused (`reversal`, ref `bonus-payment:ID`)  wallet +amount; payouts_clearing −amount
 * The confirmation is one posting for the whole bonus (a 5000-line bonus is one wallet movement,
 * re-checked under the wallet's lock: INSUFFICIENT_FUNDS refuses the whole reply). Each step has
 * its idempotency key, so a replayed job writes nothing twice.
 */
import type { DbOrTx } from '../../db/client.ts';
import { getOrCreateAccount, postTransaction, requireBalance } from '../../lib/ledger.ts';
import { formatDh } from '../advances/postings.ts';
import type { BonusPaymentRecord, BonusRecord } from './queries.ts';
import { displayTitle } from './serialize.ts';

export const bonusReference = (bonusId: number) => `bonus:${bonusId}`;
export const bonusPaymentReference = (paymentId: number) => `bonus-payment:${paymentId}`;

export type PaymentOwner = { firstName: string; lastName: string; serial: string | null };
const ownerText = (who: PaymentOwner) =>
  `${who.firstName} ${who.lastName}${who.serial ? ` (${who.serial})` : ''}`;

export async function postBonusConfirmed(
  tx: DbOrTx,
  bonus: BonusRecord,
  confirmed: { count: number; totalCentimes: bigint },
  userId: number,
) {
  const wallet = await getOrCreateAccount(tx, { companyId: bonus.companyId, kind: 'company_wallet' });
  const clearing = await getOrCreateAccount(tx, { companyId: bonus.companyId, kind: 'payouts_clearing' });
  const title = displayTitle(bonus.title, bonus.customTitle);
  return postTransaction(
    tx,
    {
      companyId: bonus.companyId,
      type: 'bonus',
      title: `Prime « ${title} » — ${confirmed.count} salarié${confirmed.count > 1 ? 's' : ''}`,
      description: `Prime n° ${bonus.id} « ${title} » confirmée : ${formatDh(confirmed.totalCentimes)} pour ${confirmed.count} bénéficiaire${confirmed.count > 1 ? 's' : ''}`,
      reference: bonusReference(bonus.id),
      idempotencyKey: bonusReference(bonus.id),
      createdBy: userId,
      entries: [
        { accountId: wallet.id, amountCentimes: -confirmed.totalCentimes },
        { accountId: clearing.id, amountCentimes: confirmed.totalCentimes },
      ],
    },
    (accounts) => requireBalance(accounts.get(wallet.id)!, confirmed.totalCentimes),
  );
}

export async function postBonusPaymentExecuted(
  tx: DbOrTx,
  payment: BonusPaymentRecord,
  bonusTitle: string,
  who: PaymentOwner,
) {
  const clearing = await getOrCreateAccount(tx, { companyId: payment.companyId, kind: 'payouts_clearing' });
  const paid = await getOrCreateAccount(tx, { companyId: payment.companyId, kind: 'bonuses_paid' });
  return postTransaction(tx, {
    companyId: payment.companyId,
    type: 'payout',
    title: `Prime versée — ${who.firstName} ${who.lastName}`,
    description: `Prime « ${bonusTitle} » de ${formatDh(payment.amountCentimes)} versée ${payment.payoutMethod === 'card' ? 'sur carte prépayée' : 'par virement sur RIB'} à ${ownerText(who)}`,
    reference: bonusPaymentReference(payment.id),
    idempotencyKey: `${bonusPaymentReference(payment.id)}:payout`,
    entries: [
      { accountId: clearing.id, amountCentimes: -payment.amountCentimes },
      { accountId: paid.id, amountCentimes: payment.amountCentimes },
    ],
  });
}

export async function postBonusPaymentReversed(
  tx: DbOrTx,
  payment: BonusPaymentRecord,
  bonusTitle: string,
  who: PaymentOwner,
) {
  const wallet = await getOrCreateAccount(tx, { companyId: payment.companyId, kind: 'company_wallet' });
  const clearing = await getOrCreateAccount(tx, { companyId: payment.companyId, kind: 'payouts_clearing' });
  return postTransaction(tx, {
    companyId: payment.companyId,
    type: 'reversal',
    title: `Échec de la prime — ${who.firstName} ${who.lastName}`,
    description: `Prime « ${bonusTitle} » de ${formatDh(payment.amountCentimes)} de ${ownerText(who)} non versée : ${payment.failureReason ?? 'refusée'}; montant rendu au portefeuille`,
    reference: bonusPaymentReference(payment.id),
    idempotencyKey: `${bonusPaymentReference(payment.id)}:reversal`,
    entries: [
      { accountId: wallet.id, amountCentimes: payment.amountCentimes },
      { accountId: clearing.id, amountCentimes: -payment.amountCentimes },
    ],
  });
}
