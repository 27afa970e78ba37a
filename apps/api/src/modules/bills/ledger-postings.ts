/**
 * The ledger transactions of a bill (decision 042; sign: + debit, − credit), as a top-up's:
 *   requested (`bill`)     wallet −amount; bills_clearing +amount
 *   paid      (`payout`)   bills_clearing −amount; employee_advances(employee) +amount
 *   failed    (`reversal`) wallet +amount; bills_clearing −amount
 * `employee_advances` is what payroll recovers from the salary (the deduction statement). Each
 * carries the reference `bill:ID` and an idempotency key per step.
 */
import type { DbOrTx } from '../../db/client.ts';
import { getOrCreateAccount, postTransaction, requireBalance } from '../../lib/ledger.ts';
import { dirhams } from '../../providers/sandbox-payout-operations.ts';
import { type BillRecord, billerName } from './serialize.ts';

type Who = { firstName: string; lastName: string };

const reference = (bill: BillRecord) => `bill:${bill.id}`;
const label = (bill: BillRecord) => `${billerName(bill.biller)} ${bill.reference}`;

/** Money leaves the wallet when the bill is paid; INSUFFICIENT_FUNDS under the wallet's lock. */
export async function postBillRequested(tx: DbOrTx, bill: BillRecord, who: Who, userId: number) {
  const amount = bill.amountCentimes;
  const wallet = await getOrCreateAccount(tx, { companyId: bill.companyId, kind: 'company_wallet' });
  const clearing = await getOrCreateAccount(tx, { companyId: bill.companyId, kind: 'bills_clearing' });
  return postTransaction(
    tx,
    {
      companyId: bill.companyId,
      type: 'bill',
      title: `Facture ${label(bill)} — ${who.firstName} ${who.lastName}`,
      description: `Paiement de facture ${label(bill)}, ${dirhams(amount)} DH`,
      reference: reference(bill),
      idempotencyKey: reference(bill),
      createdBy: userId,
      entries: [
        { accountId: wallet.id, amountCentimes: -amount },
        { accountId: clearing.id, amountCentimes: amount },
      ],
    },
    (accounts) => requireBalance(accounts.get(wallet.id)!, amount),
  );
}

/** The biller confirmed: what the employee drew is now theirs, recovered by payroll. */
export async function postBillPaid(tx: DbOrTx, bill: BillRecord, who: Who) {
  const amount = bill.amountCentimes;
  const clearing = await getOrCreateAccount(tx, { companyId: bill.companyId, kind: 'bills_clearing' });
  const employee = await getOrCreateAccount(tx, {
    companyId: bill.companyId,
    kind: 'employee_advances',
    employeeId: bill.employeeId,
  });
  return postTransaction(tx, {
    companyId: bill.companyId,
    type: 'payout',
    title: `Facture ${label(bill)} payée — ${who.firstName} ${who.lastName}`,
    description: `Facture ${label(bill)} confirmée par le facturier`,
    reference: reference(bill),
    idempotencyKey: `${reference(bill)}:payout`,
    entries: [
      { accountId: clearing.id, amountCentimes: -amount },
      { accountId: employee.id, amountCentimes: amount },
    ],
  });
}

/** The biller refused or never answered: the money goes back to the wallet. */
export async function postBillReversed(tx: DbOrTx, bill: BillRecord, who: Who) {
  const amount = bill.amountCentimes;
  const wallet = await getOrCreateAccount(tx, { companyId: bill.companyId, kind: 'company_wallet' });
  const clearing = await getOrCreateAccount(tx, { companyId: bill.companyId, kind: 'bills_clearing' });
  return postTransaction(tx, {
    companyId: bill.companyId,
    type: 'reversal',
    title: `Remboursement facture ${label(bill)} — ${who.firstName} ${who.lastName}`,
    description: `Facture ${label(bill)} non payée : ${bill.failureReason ?? 'refusée par le facturier'}`,
    reference: reference(bill),
    idempotencyKey: `${reference(bill)}:reversal`,
    entries: [
      { accountId: wallet.id, amountCentimes: amount },
      { accountId: clearing.id, amountCentimes: -amount },
    ],
  });
}
