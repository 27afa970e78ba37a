/**
 * The settlement of an accepted expense report against the mission advance (issue 15; decision 047).
 *
 * At acceptance, in the transaction that accepts the report (the order row locked):
 *   balance = refundable total of the accepted expenses − the advance actually paid (`executed`);
 *   an advance still being paid refuses the acceptance (REPORT_ADVANCE_IN_FLIGHT): counted as 0 it
 *   would be paid twice, counted in full it may still fail.
 * One `expense_settlements` row per order (unique): a second acceptance or a replay writes nothing.
 *
 * Ledger (`expense_settlement`, reference and key `expense-settlement:ORDER`; + debit, − credit):
 *   the advance is justified      mission_advances(employee) −A; mission_expenses +A
 *   balance D > 0 (to employee)   company_wallet −D; payouts_clearing +D  (INSUFFICIENT_FUNDS)
 *     paid (`payout`)             payouts_clearing −D; mission_expenses +D
 *     refused (`reversal`)        company_wallet +D; payouts_clearing −D
 *   balance −D < 0 (owed)         mission_advances(employee) −A; mission_expenses +R;
 *                                 mission_settlements_due(employee) +D (deducted from the salary)
 *   balance 0                     the advance justified only (nothing when A = 0)
 * Every posting sums to 0; after a settlement mission_advances(employee) is back where it was
 * before the advance.
 */
import type { TSettlementDirection } from '@tasbiq/contracts/expenses';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { expenseSettlements } from '../../db/schema/expenses.ts';
import { missionOrders } from '../../db/schema/mission-orders.ts';
import { prepaidCards } from '../../db/schema/money.ts';
import { AppError } from '../../lib/errors.ts';
import {
  getOrCreateAccount,
  type LedgerEntryInput,
  postTransaction,
  requireBalance,
} from '../../lib/ledger.ts';
import { centimesToWire } from '../../lib/money.ts';
import { casablancaMonth } from '../../lib/time.ts';
import { formatDh } from '../advances/postings.ts';
import type { MissionOrderRow } from '../mission-orders/queries.ts';
import { notify } from '../notifications/service.ts';
import type { PayoutDeps } from '../payouts/advance-payout.ts';
import { payEmployee } from '../payouts/pay-employee.ts';
import { payoutOwnerOf } from '../payouts/payout-owner.ts';

export type SettlementRecord = typeof expenseSettlements.$inferSelect;

export const settlementReference = (orderId: number) => `expense-settlement:${orderId}`;
export const SETTLEMENT_NO_CARD_REASON = 'Aucune carte prépayée active pour recevoir le remboursement';
export const SETTLEMENT_NO_RIB_REASON = 'Aucun RIB enregistré pour recevoir le remboursement';

const MONTHS_FR = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

/** « novembre 2026 » from the first day of a month (YYYY-MM-01). */
export function frenchMonth(firstDay: string): string {
  return `${MONTHS_FR[Number(firstDay.slice(5, 7)) - 1]} ${firstDay.slice(0, 4)}`;
}

export function directionOf(balance: bigint): TSettlementDirection {
  return balance > 0n ? 'to_employee' : balance < 0n ? 'owed_by_employee' : 'none';
}

const who = (row: MissionOrderRow) => `${row.employee.firstName} ${row.employee.lastName}`;

/**
 * Settles the report of `row` (just accepted, inside `tx`, the order row locked by the caller).
 * Returns the settlement's id when a payout is to be sent after the commit, else null.
 */
export async function settleAcceptedReport(
  tx: DbOrTx,
  input: { row: MissionOrderRow; refundableCentimes: bigint; acceptedBy: number; now: Date },
): Promise<number | null> {
  const { row, refundableCentimes, acceptedBy, now } = input;
  const companyId = row.order.companyId;
  const [order] = await tx
    .select({
      advanceStatus: missionOrders.advanceStatus,
      advancePaidCentimes: missionOrders.advancePaidCentimes,
    })
    .from(missionOrders)
    .where(and(eq(missionOrders.companyId, companyId), eq(missionOrders.id, row.order.id)));
  if (!order) throw new Error(`Mission order ${row.order.id} vanished.`);
  if (order.advanceStatus === 'confirmed' || order.advanceStatus === 'processing')
    throw new AppError('REPORT_ADVANCE_IN_FLIGHT', { status: 409 });
  // Only an advance that reached the employee counts.
  const advancePaid = order.advanceStatus === 'executed' ? order.advancePaidCentimes : 0n;
  const balance = refundableCentimes - advancePaid;
  const direction = directionOf(balance);
  const { year, month } = casablancaMonth(now);
  const firstDay = `${year}-${String(month).padStart(2, '0')}-01`;

  let payoutMethod: 'card' | 'rib' | null = null;
  if (direction === 'to_employee') {
    const [card] = await tx
      .select({ id: prepaidCards.id })
      .from(prepaidCards)
      .where(
        and(
          eq(prepaidCards.companyId, companyId),
          eq(prepaidCards.employeeId, row.order.employeeId),
          eq(prepaidCards.status, 'active'),
        ),
      )
      .limit(1);
    payoutMethod = card ? 'card' : 'rib';
  }
  const [settlement] = await tx
    .insert(expenseSettlements)
    .values({
      companyId,
      missionOrderId: row.order.id,
      employeeId: row.order.employeeId,
      refundableCentimes,
      advancePaidCentimes: advancePaid,
      balanceCentimes: balance,
      direction,
      payoutStatus: direction === 'to_employee' ? 'confirmed' : null,
      payoutMethod,
      deductionMonth: direction === 'owed_by_employee' ? firstDay : null,
      acceptedBy,
      createdAt: now,
    })
    .onConflictDoNothing({ target: expenseSettlements.missionOrderId })
    .returning();
  // Settled already (a replay): nothing more, and nothing to pay from here.
  if (!settlement) return null;

  const entries: LedgerEntryInput[] = [];
  const account = (kind: 'company_wallet' | 'payouts_clearing' | 'mission_expenses') =>
    getOrCreateAccount(tx, { companyId, kind });
  const ofEmployee = (kind: 'mission_advances' | 'mission_settlements_due') =>
    getOrCreateAccount(tx, { companyId, kind, employeeId: row.order.employeeId });
  const expensesAccount = await account('mission_expenses');
  const costs = direction === 'owed_by_employee' ? refundableCentimes : advancePaid;
  if (advancePaid > 0n)
    entries.push({ accountId: (await ofEmployee('mission_advances')).id, amountCentimes: -advancePaid });
  if (costs > 0n) entries.push({ accountId: expensesAccount.id, amountCentimes: costs });
  let walletId: number | null = null;
  if (direction === 'to_employee') {
    walletId = (await account('company_wallet')).id;
    entries.push({ accountId: walletId, amountCentimes: -balance });
    entries.push({ accountId: (await account('payouts_clearing')).id, amountCentimes: balance });
  }
  if (direction === 'owed_by_employee')
    entries.push({ accountId: (await ofEmployee('mission_settlements_due')).id, amountCentimes: -balance });

  const number = row.order.number;
  const totals = `frais remboursables ${formatDh(refundableCentimes)}, avance versée ${formatDh(advancePaid)}`;
  const description =
    direction === 'to_employee'
      ? `Note de frais de l’ordre de mission ${number} acceptée (${totals}) : ${formatDh(balance)} à verser ${payoutMethod === 'card' ? 'sur carte prépayée' : 'par virement sur RIB'} à ${who(row)}`
      : direction === 'owed_by_employee'
        ? `Note de frais de l’ordre de mission ${number} acceptée (${totals}) : ${formatDh(-balance)} dus par ${who(row)}, retenus sur le salaire de ${frenchMonth(firstDay)}`
        : `Note de frais de l’ordre de mission ${number} acceptée (${totals}) : soldée`;
  if (entries.length > 0)
    await postTransaction(
      tx,
      {
        companyId,
        type: 'expense_settlement',
        title: `Règlement des frais de mission — ${who(row)}`,
        description,
        reference: settlementReference(row.order.id),
        idempotencyKey: settlementReference(row.order.id),
        createdBy: acceptedBy,
        entries,
      },
      walletId === null ? undefined : (accounts) => requireBalance(accounts.get(walletId!)!, balance),
    );

  if (direction === 'owed_by_employee')
    await notify(tx, {
      userId: row.employee.userId,
      companyId,
      event: 'expense_settlement_owed',
      parameters: {
        odm_id: row.order.id,
        number,
        amount: centimesToWire(-balance),
        month: frenchMonth(firstDay),
      },
      target: null,
    });
  return direction === 'to_employee' ? settlement.id : null;
}

/** The settlement of an order, if its report was accepted (scoped to the company). */
export async function findSettlement(
  db: DbOrTx,
  companyId: number,
  orderId: number,
): Promise<SettlementRecord | null> {
  const [row] = await db
    .select()
    .from(expenseSettlements)
    .where(and(eq(expenseSettlements.companyId, companyId), eq(expenseSettlements.missionOrderId, orderId)));
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// The payout of a positive balance: claim, pay outside any transaction, record — as the mission
// advance (mission-orders/payout.ts), through the same provider call (payouts/pay-employee.ts).

async function claim(db: Db, id: number): Promise<{ settlement: SettlementRecord; resumed: boolean } | null> {
  const [claimed] = await db
    .update(expenseSettlements)
    .set({ payoutStatus: 'processing', processingAt: sql`now()` })
    .where(and(eq(expenseSettlements.id, id), eq(expenseSettlements.payoutStatus, 'confirmed')))
    .returning();
  if (claimed) return { settlement: claimed, resumed: false };
  const [current] = await db.select().from(expenseSettlements).where(eq(expenseSettlements.id, id));
  return current?.payoutStatus === 'processing' ? { settlement: current, resumed: true } : null;
}

/** Pays one settlement's balance to its end; safe to call any number of times for the same id. */
export async function runSettlementPayout(
  deps: PayoutDeps,
  settlementId: number,
): Promise<'executed' | 'failed' | 'skipped'> {
  const claimed = await claim(deps.db, settlementId);
  if (!claimed) return 'skipped';
  const { settlement } = claimed;
  const [order] = await deps.db
    .select({ number: missionOrders.number })
    .from(missionOrders)
    .where(
      and(eq(missionOrders.companyId, settlement.companyId), eq(missionOrders.id, settlement.missionOrderId)),
    );
  const number = order?.number ?? String(settlement.missionOrderId);
  const owner = await payoutOwnerOf(deps.db, settlement.companyId, settlement.employeeId);
  const answer = await payEmployee(deps, {
    reference: settlementReference(settlement.missionOrderId),
    method: settlement.payoutMethod,
    employeeId: settlement.employeeId,
    owner,
    amountCentimes: settlement.balanceCentimes,
    label: `Frais de mission ${number}`,
    resumed: claimed.resumed,
    noCardReason: SETTLEMENT_NO_CARD_REASON,
    noRibReason: SETTLEMENT_NO_RIB_REASON,
  });
  return deps.db.transaction(async (tx) => {
    const [done] = await tx
      .update(expenseSettlements)
      .set(
        answer.status === 'succeeded'
          ? { payoutStatus: 'executed', executedAt: sql`now()`, providerReference: answer.providerReference }
          : {
              payoutStatus: 'failed',
              failedAt: sql`now()`,
              failureReason: answer.failureReason,
              providerReference: answer.providerReference,
            },
      )
      .where(and(eq(expenseSettlements.id, settlementId), eq(expenseSettlements.payoutStatus, 'processing')))
      .returning();
    if (!done) return 'skipped';
    const companyId = done.companyId;
    const amount = done.balanceCentimes;
    const clearing = await getOrCreateAccount(tx, { companyId, kind: 'payouts_clearing' });
    const name = `${owner.firstName} ${owner.lastName}`;
    const parameters = { odm_id: done.missionOrderId, number, amount: centimesToWire(amount) };
    if (done.payoutStatus === 'executed') {
      const expensesAccount = await getOrCreateAccount(tx, { companyId, kind: 'mission_expenses' });
      await postTransaction(tx, {
        companyId,
        type: 'payout',
        title: `Frais de mission remboursés — ${name}`,
        description: `Ordre de mission ${number} : solde de ${formatDh(amount)} versé ${done.payoutMethod === 'card' ? 'sur carte prépayée' : 'par virement sur RIB'} à ${name}`,
        reference: settlementReference(done.missionOrderId),
        idempotencyKey: `${settlementReference(done.missionOrderId)}:payout`,
        entries: [
          { accountId: clearing.id, amountCentimes: -amount },
          { accountId: expensesAccount.id, amountCentimes: amount },
        ],
      });
      await notify(tx, {
        userId: owner.userId,
        companyId,
        event: 'expense_settlement_paid',
        parameters,
        target: null,
      });
      return 'executed';
    }
    const wallet = await getOrCreateAccount(tx, { companyId, kind: 'company_wallet' });
    await postTransaction(tx, {
      companyId,
      type: 'reversal',
      title: `Échec du remboursement de frais de mission — ${name}`,
      description: `Ordre de mission ${number} : solde de ${formatDh(amount)} de ${name} non versé : ${done.failureReason ?? 'refusé'}; montant rendu au portefeuille`,
      reference: settlementReference(done.missionOrderId),
      idempotencyKey: `${settlementReference(done.missionOrderId)}:reversal`,
      entries: [
        { accountId: wallet.id, amountCentimes: amount },
        { accountId: clearing.id, amountCentimes: -amount },
      ],
    });
    await notify(tx, {
      userId: owner.userId,
      companyId,
      event: 'expense_settlement_failed',
      parameters: { ...parameters, reason: done.failureReason },
      target: null,
    });
    return 'failed';
  });
}
