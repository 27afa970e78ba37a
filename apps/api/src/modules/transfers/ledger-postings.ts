/**
 * The ledger transactions of a transfer (decision 044; sign: + debit, − credit):
 *   created   (`transfer`)  wallet −(amount+fee); transfers_clearing +amount; fees_income +fee
 *   collected (`payout`)    transfers_clearing −amount; employee_advances(employee) +amount
 *   expired, canceled or failed (`reversal`)
 *                           wallet +(amount+fee); transfers_clearing −amount; fees_income −fee
 * Each carries the reference `transfer:ID` and an idempotency key per step, so a step posted twice
 * (a replayed job, a repeated callback) writes nothing the second time.
 */
import type { DbOrTx } from '../../db/client.ts';
import type { transfers } from '../../db/schema/transfers.ts';
import {
  getOrCreateAccount,
  type LedgerEntryInput,
  postTransaction,
  requireBalance,
} from '../../lib/ledger.ts';
import { formatDh } from '../advances/postings.ts';

export type TransferRecord = typeof transfers.$inferSelect;
export type TransferOwner = { firstName: string; lastName: string };

const reference = (transfer: TransferRecord) => `transfer:${transfer.id}`;

async function accountsOf(tx: DbOrTx, transfer: TransferRecord) {
  const companyId = transfer.companyId;
  return {
    wallet: await getOrCreateAccount(tx, { companyId, kind: 'company_wallet' }),
    clearing: await getOrCreateAccount(tx, { companyId, kind: 'transfers_clearing' }),
    fees: await getOrCreateAccount(tx, { companyId, kind: 'fees_income' }),
  };
}

/** Money leaves the wallet when the transfer is requested; INSUFFICIENT_FUNDS under the wallet's lock. */
export async function postTransferCreated(
  tx: DbOrTx,
  transfer: TransferRecord,
  who: TransferOwner,
  userId: number,
) {
  const { wallet, clearing, fees } = await accountsOf(tx, transfer);
  const total = transfer.amountCentimes + transfer.feeCentimes;
  const entries: LedgerEntryInput[] = [
    { accountId: wallet.id, amountCentimes: -total },
    { accountId: clearing.id, amountCentimes: transfer.amountCentimes },
  ];
  if (transfer.feeCentimes > 0n) entries.push({ accountId: fees.id, amountCentimes: transfer.feeCentimes });
  return postTransaction(
    tx,
    {
      companyId: transfer.companyId,
      type: 'transfer',
      title: `Transfert ${formatDh(transfer.amountCentimes)} — ${who.firstName} ${who.lastName}`,
      description: `Transfert n° ${transfer.id} à ${transfer.recipientName} (${transfer.recipientPhone}), frais ${formatDh(transfer.feeCentimes)}`,
      reference: reference(transfer),
      idempotencyKey: reference(transfer),
      createdBy: userId,
      entries,
    },
    (accounts) => requireBalance(accounts.get(wallet.id)!, total),
  );
}

/** The recipient collected the cash: what the employee drew is now theirs, recovered by payroll. */
export async function postTransferCollected(tx: DbOrTx, transfer: TransferRecord, who: TransferOwner) {
  const { clearing } = await accountsOf(tx, transfer);
  const employee = await getOrCreateAccount(tx, {
    companyId: transfer.companyId,
    kind: 'employee_advances',
    employeeId: transfer.employeeId,
  });
  return postTransaction(tx, {
    companyId: transfer.companyId,
    type: 'payout',
    title: `Transfert ${formatDh(transfer.amountCentimes)} retiré — ${who.firstName} ${who.lastName}`,
    description: `Transfert n° ${transfer.id} retiré en agence par ${transfer.recipientName}`,
    reference: reference(transfer),
    idempotencyKey: `${reference(transfer)}:payout`,
    entries: [
      { accountId: clearing.id, amountCentimes: -transfer.amountCentimes },
      { accountId: employee.id, amountCentimes: transfer.amountCentimes },
    ],
  });
}

const refundWhy: Record<string, string> = {
  expired: 'non retiré à temps',
  canceled: 'annulé par le salarié',
  failed: 'refusé par le réseau',
};

/** Expired, canceled or refused: the amount and the fee go back to the wallet. */
export async function postTransferRefunded(tx: DbOrTx, transfer: TransferRecord, who: TransferOwner) {
  const { wallet, clearing, fees } = await accountsOf(tx, transfer);
  const total = transfer.amountCentimes + transfer.feeCentimes;
  const entries: LedgerEntryInput[] = [
    { accountId: wallet.id, amountCentimes: total },
    { accountId: clearing.id, amountCentimes: -transfer.amountCentimes },
  ];
  if (transfer.feeCentimes > 0n) entries.push({ accountId: fees.id, amountCentimes: -transfer.feeCentimes });
  return postTransaction(tx, {
    companyId: transfer.companyId,
    type: 'reversal',
    title: `Remboursement transfert ${formatDh(transfer.amountCentimes)} — ${who.firstName} ${who.lastName}`,
    description: `Transfert n° ${transfer.id} à ${transfer.recipientName} ${refundWhy[transfer.status] ?? 'remboursé'}${transfer.failureReason ? ` : ${transfer.failureReason}` : ''}`,
    reference: reference(transfer),
    idempotencyKey: `${reference(transfer)}:reversal`,
    entries,
  });
}
