/**
 * The ledger transactions of a salary advance (decision 020; sign: + debit, − credit):
 *   created  (`advance`)   wallet −(amount+fee); payouts_clearing +amount; fees_income +fee (fee > 0)
 *   executed (`payout`)    payouts_clearing −amount; employee_advances(employee) +amount
 *   canceled or failed (`reversal`)  wallet +(amount+fee); payouts_clearing −amount; fees_income −fee
 * Each carries the reference `advance:ID` and an idempotency key per step, so a step posted twice
 * (a replayed job) writes nothing the second time. Titles and descriptions are what HR reads in the
 * wallet (and searches: the employee's name and matricule are in them).
 */
import type { DbOrTx } from '../../db/client.ts';
import type { advances } from '../../db/schema/money.ts';
import {
  type AccountKey,
  getOrCreateAccount,
  type LedgerAccount,
  type LedgerEntryInput,
  postTransaction,
  requireBalance,
} from '../../lib/ledger.ts';

export type AdvanceRecord = typeof advances.$inferSelect;
export type AdvanceOwner = { firstName: string; lastName: string; serial: string | null };
/** How a posting finds its accounts: getOrCreateAccount by default (the demo seed memoizes it). */
export type AccountResolver = (key: AccountKey) => Promise<LedgerAccount>;
const openAccounts =
  (tx: DbOrTx): AccountResolver =>
  (key) =>
    getOrCreateAccount(tx, key);

/** "1 500 DH", "1 500,50 DH" (wallet texts). */
export function formatDh(centimes: bigint): string {
  const whole = (centimes < 0n ? -centimes : centimes) / 100n;
  const cents = (centimes < 0n ? -centimes : centimes) % 100n;
  const grouped = whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${centimes < 0n ? '−' : ''}${grouped}${cents === 0n ? '' : `,${cents.toString().padStart(2, '0')}`} DH`;
}

const reference = (advance: AdvanceRecord) => `advance:${advance.id}`;
const ownerText = (who: AdvanceOwner) =>
  `${who.firstName} ${who.lastName}${who.serial ? ` (${who.serial})` : ''}`;
const methodText = (advance: AdvanceRecord) =>
  advance.payoutMethod === 'card' ? 'sur carte prépayée' : 'par virement sur RIB';

async function accountsOf(resolve: AccountResolver, advance: AdvanceRecord) {
  const companyId = advance.companyId;
  return {
    wallet: await resolve({ companyId, kind: 'company_wallet' }),
    clearing: await resolve({ companyId, kind: 'payouts_clearing' }),
    fees: await resolve({ companyId, kind: 'fees_income' }),
  };
}

/**
 * The advance leaves the wallet when it is requested (amount and fee). The wallet is re-checked
 * under its row lock: INSUFFICIENT_FUNDS if another request emptied it meanwhile.
 */
export async function postAdvanceCreated(
  tx: DbOrTx,
  advance: AdvanceRecord,
  who: AdvanceOwner,
  userId: number,
  resolve: AccountResolver = openAccounts(tx),
) {
  const { wallet, clearing, fees } = await accountsOf(resolve, advance);
  const total = advance.amountCentimes + advance.feeCentimes;
  const entries: LedgerEntryInput[] = [
    { accountId: wallet.id, amountCentimes: -total },
    { accountId: clearing.id, amountCentimes: advance.amountCentimes },
  ];
  if (advance.feeCentimes > 0n) entries.push({ accountId: fees.id, amountCentimes: advance.feeCentimes });
  return postTransaction(
    tx,
    {
      companyId: advance.companyId,
      type: 'advance',
      title: `Avance sur salaire — ${who.firstName} ${who.lastName}`,
      description:
        `Avance n° ${advance.id} de ${formatDh(advance.amountCentimes)} ${methodText(advance)} pour ${ownerText(who)}` +
        (advance.feeCentimes > 0n ? `, frais ${formatDh(advance.feeCentimes)}` : ', sans frais'),
      reference: reference(advance),
      idempotencyKey: reference(advance),
      createdBy: userId,
      entries,
    },
    (accounts) => requireBalance(accounts.get(wallet.id)!, total),
  );
}

/** The bank or card issuer paid the employee: the amount is now theirs, recovered by payroll. */
export async function postAdvanceExecuted(
  tx: DbOrTx,
  advance: AdvanceRecord,
  who: AdvanceOwner,
  resolve: AccountResolver = openAccounts(tx),
) {
  const clearing = await resolve({ companyId: advance.companyId, kind: 'payouts_clearing' });
  const employee = await resolve({
    companyId: advance.companyId,
    kind: 'employee_advances',
    employeeId: advance.employeeId,
  });
  return postTransaction(tx, {
    companyId: advance.companyId,
    type: 'payout',
    title: `Avance versée — ${who.firstName} ${who.lastName}`,
    description: `Avance n° ${advance.id} de ${formatDh(advance.amountCentimes)} versée ${methodText(advance)} à ${ownerText(who)}`,
    reference: reference(advance),
    idempotencyKey: `${reference(advance)}:payout`,
    entries: [
      { accountId: clearing.id, amountCentimes: -advance.amountCentimes },
      { accountId: employee.id, amountCentimes: advance.amountCentimes },
    ],
  });
}

/** Canceled by the employee or refused by the provider: amount and fee go back to the wallet. */
export async function postAdvanceReversed(
  tx: DbOrTx,
  advance: AdvanceRecord,
  who: AdvanceOwner,
  cause: 'canceled' | 'failed',
  resolve: AccountResolver = openAccounts(tx),
) {
  const { wallet, clearing, fees } = await accountsOf(resolve, advance);
  const total = advance.amountCentimes + advance.feeCentimes;
  const entries: LedgerEntryInput[] = [
    { accountId: wallet.id, amountCentimes: total },
    { accountId: clearing.id, amountCentimes: -advance.amountCentimes },
  ];
  if (advance.feeCentimes > 0n) entries.push({ accountId: fees.id, amountCentimes: -advance.feeCentimes });
  const why =
    cause === 'canceled'
      ? `annulée par le salarié${advance.cancelReason ? ` : ${advance.cancelReason}` : ''}`
      : `versement échoué : ${advance.failureReason ?? 'refusé'}`;
  return postTransaction(tx, {
    companyId: advance.companyId,
    type: 'reversal',
    title: `${cause === 'canceled' ? 'Annulation' : 'Échec'} de l’avance — ${who.firstName} ${who.lastName}`,
    description: `Avance n° ${advance.id} de ${formatDh(advance.amountCentimes)} de ${ownerText(who)} ${why}; ${formatDh(total)} rendus au portefeuille`,
    reference: reference(advance),
    idempotencyKey: `${reference(advance)}:reversal`,
    entries,
  });
}
