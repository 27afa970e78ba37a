/**
 * The ledger transactions of a top-up (decision 020; sign: + debit, − credit):
 *   created  (`recharge`)  wallet −discounted; recharges_clearing +discounted
 *   executed (`payout`)    recharges_clearing −discounted; employee_advances(employee) +discounted
 *   failed   (`reversal`)  wallet +discounted; recharges_clearing −discounted
 * Each carries the reference `recharge:ID` and an idempotency key per step, so a step posted
 * twice (a replayed job) writes nothing the second time.
 */
import { TELECOM_OPERATOR_LABELS } from '@tasbiq/contracts/money';
import type { DbOrTx } from '../../db/client.ts';
import { getOrCreateAccount, postTransaction, requireBalance } from '../../lib/ledger.ts';
import { centimesToWire } from '../../lib/money.ts';
import type { RechargeRecord } from './serialize.ts';

type Who = { firstName: string; lastName: string };

const dh = (centimes: bigint) => `${centimesToWire(centimes).replace(/\.00$/, '')} DH`;
const label = (recharge: RechargeRecord) =>
  `${TELECOM_OPERATOR_LABELS[recharge.operator]} ${dh(recharge.amountCentimes)}`;
const reference = (recharge: RechargeRecord) => `recharge:${recharge.id}`;

/** Money leaves the wallet when the top-up is requested; INSUFFICIENT_FUNDS under the wallet's lock. */
export async function postRechargeCreated(tx: DbOrTx, recharge: RechargeRecord, who: Who, userId: number) {
  const amount = recharge.discountedAmountCentimes;
  const wallet = await getOrCreateAccount(tx, { companyId: recharge.companyId, kind: 'company_wallet' });
  const clearing = await getOrCreateAccount(tx, {
    companyId: recharge.companyId,
    kind: 'recharges_clearing',
  });
  return postTransaction(
    tx,
    {
      companyId: recharge.companyId,
      type: 'recharge',
      title: `Recharge ${label(recharge)} — ${who.firstName} ${who.lastName}`,
      description: `Recharge téléphonique du ${recharge.phone} (${recharge.product}), payée ${dh(amount)}`,
      reference: reference(recharge),
      idempotencyKey: reference(recharge),
      createdBy: userId,
      entries: [
        { accountId: wallet.id, amountCentimes: -amount },
        { accountId: clearing.id, amountCentimes: amount },
      ],
    },
    (accounts) => requireBalance(accounts.get(wallet.id)!, amount),
  );
}

/** The operator credited the line: what the employee drew is now theirs, recovered by payroll. */
export async function postRechargeExecuted(tx: DbOrTx, recharge: RechargeRecord, who: Who) {
  const amount = recharge.discountedAmountCentimes;
  const clearing = await getOrCreateAccount(tx, {
    companyId: recharge.companyId,
    kind: 'recharges_clearing',
  });
  const employee = await getOrCreateAccount(tx, {
    companyId: recharge.companyId,
    kind: 'employee_advances',
    employeeId: recharge.employeeId,
  });
  return postTransaction(tx, {
    companyId: recharge.companyId,
    type: 'payout',
    title: `Recharge ${label(recharge)} effectuée — ${who.firstName} ${who.lastName}`,
    description: `Recharge téléphonique du ${recharge.phone} créditée par l’opérateur`,
    reference: reference(recharge),
    idempotencyKey: `${reference(recharge)}:payout`,
    entries: [
      { accountId: clearing.id, amountCentimes: -amount },
      { accountId: employee.id, amountCentimes: amount },
    ],
  });
}

/** The operator refused the top-up: the money goes back to the wallet. */
export async function postRechargeReversed(tx: DbOrTx, recharge: RechargeRecord, who: Who) {
  const amount = recharge.discountedAmountCentimes;
  const wallet = await getOrCreateAccount(tx, { companyId: recharge.companyId, kind: 'company_wallet' });
  const clearing = await getOrCreateAccount(tx, {
    companyId: recharge.companyId,
    kind: 'recharges_clearing',
  });
  return postTransaction(tx, {
    companyId: recharge.companyId,
    type: 'reversal',
    title: `Remboursement recharge ${label(recharge)} — ${who.firstName} ${who.lastName}`,
    description: `Recharge du ${recharge.phone} échouée : ${recharge.failureReason ?? 'refusée par l’opérateur'}`,
    reference: reference(recharge),
    idempotencyKey: `${reference(recharge)}:reversal`,
    entries: [
      { accountId: wallet.id, amountCentimes: amount },
      { accountId: clearing.id, amountCentimes: -amount },
    ],
  });
}
