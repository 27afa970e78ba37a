import type {
  TApproveExpensesRequest,
  TExpenseStatus,
  TReplyAllExpensesRequest,
} from '@tasbiq/contracts/expenses';
import { REPORT_STATUS_LABELS_FR, type TReportStatus } from '@tasbiq/contracts/mission-orders';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { employees } from '../../db/schema/employees.ts';
import { expenses } from '../../db/schema/expenses.ts';
import { missionOrders } from '../../db/schema/mission-orders.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { findMissionOrder, type MissionOrderRow } from '../mission-orders/queries.ts';
import { assertMayReview, type MissionCaller, reviewerRecipients } from '../mission-orders/reviewers.ts';
import { notify } from '../notifications/service.ts';
import { ceilingsOfGroup } from './policy-queries.ts';
import { refundableAmounts } from './refundable.ts';
import type { ExpenseOwner } from './service.ts';
import { settleAcceptedReport } from './settlement.ts';

/**
 * The report of a mission order (issue 15; spec §4 Report status and Expense status): expenses
 * are assigned to an approved order, sent together, reviewed per expense or all at once by a
 * validator or HR (never the owner), and the report's status follows its expenses.
 */

const OPEN_REPORT: TReportStatus[] = ['draft', 'returned'];

async function ownOrder(db: DbOrTx, owner: ExpenseOwner, orderId: number): Promise<MissionOrderRow> {
  const row = await findMissionOrder(db, owner.companyId, orderId);
  // Another employee's order looks missing, like another company's.
  if (!row || row.order.employeeId !== owner.employeeId) throw notFound();
  if (row.order.status !== 'accepted') throw new AppError('EXPENSE_ORDER_NOT_APPROVED', { status: 409 });
  if (!OPEN_REPORT.includes(row.order.reportStatus))
    throw new AppError('REPORT_NOT_EDITABLE', { status: 409 });
  return row;
}

function frenchDay(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}

/**
 * POST /expenses/odm/{id}/assign/ {expenses}: the caller's draft (or returned) expenses join the
 * report of their approved order; each date must fall within the mission's dates.
 */
export async function assignExpenses(
  db: Db,
  owner: ExpenseOwner,
  orderId: number,
  ids: number[],
): Promise<void> {
  const { order } = await ownOrder(db, owner, orderId);
  const unique = [...new Set(ids)];
  const rows = await db
    .select({
      id: expenses.id,
      status: expenses.status,
      date: expenses.expenseDate,
      orderId: expenses.missionOrderId,
    })
    .from(expenses)
    .where(
      and(
        eq(expenses.companyId, owner.companyId),
        eq(expenses.employeeId, owner.employeeId),
        inArray(expenses.id, unique),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r] as const));
  for (const [index, id] of ids.entries()) {
    const row = byId.get(id);
    if (!row) throw fieldError(`expenses.${index}`, 'does_not_exist');
    if (!['draft', 'returned'].includes(row.status) || (row.orderId !== null && row.orderId !== orderId))
      throw fieldError(`expenses.${index}`, 'EXPENSE_NOT_EDITABLE');
    if (row.date < order.startDate || row.date > order.endDate)
      throw fieldError(
        `expenses.${index}`,
        'EXPENSE_DATE_OUTSIDE_MISSION',
        `La date de la dépense (${frenchDay(row.date)}) doit être comprise entre le début (${frenchDay(order.startDate)}) et la fin (${frenchDay(order.endDate)}) de la mission.`,
      );
  }
  await db
    .update(expenses)
    .set({ missionOrderId: orderId, updatedAt: sql`now()` })
    .where(
      and(
        eq(expenses.companyId, owner.companyId),
        eq(expenses.employeeId, owner.employeeId),
        inArray(expenses.id, unique),
        inArray(expenses.status, ['draft', 'returned']),
        or(isNull(expenses.missionOrderId), eq(expenses.missionOrderId, orderId)),
      ),
    );
}

/**
 * POST /expenses/odm/{id}/send/: the report becomes `pending`, its draft and returned expenses
 * `sent`; the reviewers are told. Conditional on the report's status, so two sends have one winner.
 */
export async function sendReport(db: Db, owner: ExpenseOwner, orderId: number): Promise<void> {
  const row = await ownOrder(db, owner, orderId);
  await db.transaction(async (tx) => {
    const moved = await tx
      .update(missionOrders)
      .set({ reportStatus: 'pending' })
      .where(
        and(
          eq(missionOrders.companyId, owner.companyId),
          eq(missionOrders.id, orderId),
          eq(missionOrders.status, 'accepted'),
          inArray(missionOrders.reportStatus, OPEN_REPORT),
        ),
      )
      .returning({ id: missionOrders.id });
    if (moved.length === 0) throw new AppError('REPORT_NOT_EDITABLE', { status: 409 });
    const sent = await tx
      .update(expenses)
      .set({ status: 'sent', updatedAt: sql`now()` })
      .where(
        and(
          eq(expenses.companyId, owner.companyId),
          eq(expenses.missionOrderId, orderId),
          inArray(expenses.status, ['draft', 'returned']),
        ),
      )
      .returning({ id: expenses.id });
    if (sent.length === 0) throw new AppError('REPORT_EMPTY', { status: 400 });
    const recipients = await reviewerRecipients(tx, owner.companyId, {
      validators: true,
      hr: true,
      exceptEmployeeId: owner.employeeId,
    });
    for (const recipient of recipients)
      await notify(tx, {
        userId: recipient.userId,
        companyId: owner.companyId,
        event: 'expense_report_sent',
        parameters: {
          odm_id: orderId,
          number: row.order.number,
          title: row.order.title,
          employee: `${row.employee.firstName} ${row.employee.lastName}`,
        },
        target: null,
      });
  });
}

/** Spec §4: the report follows its expenses once none waits any more. */
export function reportStatusOf(statuses: TExpenseStatus[]): TReportStatus {
  if (statuses.includes('sent')) return 'pending';
  if (statuses.includes('returned')) return 'returned';
  if (statuses.includes('accepted')) return 'accepted';
  return 'rejected';
}

const EXPENSE_STATUS_OF_REPLY = { approve: 'accepted', reject: 'rejected', return: 'returned' } as const;

export type ReviewDecision =
  | ({ kind: 'selection' } & TApproveExpensesRequest)
  | ({ kind: 'all' } & TReplyAllExpensesRequest);

/**
 * POST /expenses/odm/{id}/approve/ {expenses, comment} and …/reply/expenses/all/ {reply,
 * comment}: a validator or HR of the company (never the report's owner: REPORT_OWN)
 * approves a selection of the sent expenses, or approves, rejects or returns all of them. The
 * report's status follows; once accepted, each accepted expense's refund is fixed (ceilings of the
 * owner's group, shared per day and category among the accepted ones) and the report settled
 * against the advance (settlement.ts). Returns the new status and the settlement to pay, if any
 * (the route sends its payout job after the commit).
 */
export async function reviewReport(
  db: Db,
  caller: MissionCaller,
  orderId: number,
  decision: ReviewDecision,
  now: Date = new Date(),
): Promise<{ status: TReportStatus; settlementToPay: number | null }> {
  const row = await findMissionOrder(db, caller.companyId, orderId);
  if (!row) throw notFound();
  await assertMayReview(db, caller, row.order.employeeId, 'REPORT_OWN');
  if (row.order.reportStatus !== 'pending') throw new AppError('REPORT_NOT_PENDING', { status: 409 });

  return db.transaction(async (tx) => {
    // The order row locked first: two reviewers answering at once are serialised.
    const [locked] = await tx
      .select({ reportStatus: missionOrders.reportStatus })
      .from(missionOrders)
      .where(and(eq(missionOrders.companyId, caller.companyId), eq(missionOrders.id, orderId)))
      .for('update');
    if (locked?.reportStatus !== 'pending') throw new AppError('REPORT_NOT_PENDING', { status: 409 });
    const ofReport = and(
      eq(expenses.companyId, caller.companyId),
      eq(expenses.missionOrderId, orderId),
      eq(expenses.status, 'sent'),
    );
    const review = { reviewedBy: caller.userId, reviewComment: decision.comment, updatedAt: sql`now()` };
    if (decision.kind === 'selection') {
      const ids = [...new Set(decision.expenses)];
      const done = await tx
        .update(expenses)
        .set({ status: 'accepted', ...review })
        .where(and(ofReport, inArray(expenses.id, ids)))
        .returning({ id: expenses.id });
      if (done.length !== ids.length) throw fieldError('expenses', 'EXPENSE_NOT_SENT');
    } else {
      await tx
        .update(expenses)
        .set({ status: EXPENSE_STATUS_OF_REPLY[decision.reply], ...review })
        .where(ofReport);
    }
    const statuses = await tx
      .select({ status: expenses.status })
      .from(expenses)
      .where(and(eq(expenses.companyId, caller.companyId), eq(expenses.missionOrderId, orderId)));
    const next = reportStatusOf(statuses.map((s) => s.status));
    await tx
      .update(missionOrders)
      .set({ reportStatus: next })
      .where(and(eq(missionOrders.companyId, caller.companyId), eq(missionOrders.id, orderId)));
    let settlementToPay: number | null = null;
    if (next === 'accepted') {
      const refundable = await fixRefunds(tx, caller.companyId, row);
      settlementToPay = await settleAcceptedReport(tx, {
        row,
        refundableCentimes: refundable,
        acceptedBy: caller.userId,
        now,
      });
    }
    if (next !== 'pending')
      await notify(tx, {
        userId: row.employee.userId,
        companyId: caller.companyId,
        event: 'expense_report_replied',
        parameters: {
          odm_id: orderId,
          number: row.order.number,
          title: row.order.title,
          status: REPORT_STATUS_LABELS_FR[next].toLowerCase(),
          comment: decision.comment ?? '',
        },
        target: null,
      });
    return { status: next, settlementToPay };
  });
}

/** The refund of each accepted expense, fixed when the report is accepted. */
async function fixRefunds(tx: DbOrTx, companyId: number, row: MissionOrderRow): Promise<bigint> {
  const accepted = await tx
    .select({
      id: expenses.id,
      category: expenses.category,
      date: expenses.expenseDate,
      amountCentimes: expenses.amountCentimes,
      guests: expenses.guests,
    })
    .from(expenses)
    .where(
      and(
        eq(expenses.companyId, companyId),
        eq(expenses.missionOrderId, row.order.id),
        eq(expenses.status, 'accepted'),
      ),
    );
  const [owner] = await tx
    .select({ groupId: employees.groupId })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.id, row.order.employeeId)));
  const ceilings = await ceilingsOfGroup(tx, companyId, owner?.groupId ?? null);
  let total = 0n;
  for (const line of refundableAmounts(accepted, ceilings)) {
    total += line.refundedCentimes;
    await tx
      .update(expenses)
      .set({ refundableCentimes: line.refundedCentimes })
      .where(and(eq(expenses.companyId, companyId), eq(expenses.id, line.id)));
  }
  return total;
}
