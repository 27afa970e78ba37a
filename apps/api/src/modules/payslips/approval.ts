/**
 * HR's decisions on slips (decision 035): approve (publish to the employee, notify, feed the net
 * to balance method 3), discard, match by hand. Four eyes: nobody publishes their own slip (its net
 * is money they can draw on), and only a DRH publishes a DRH's. A bulk confirmation approves what
 * may be approved and lists the others in `skipped`, as the worked-days upload does (decision 025).
 */

import { ERROR_MESSAGES_FR } from '@tasbiq/contracts/error-codes';
import type { TConfirmPayslipJobResult } from '@tasbiq/contracts/payslips';
import { FRENCH_MONTH_NAMES } from '@tasbiq/contracts/payslips';
import { isDrh } from '@tasbiq/contracts/roles';
import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { employees } from '../../db/schema/employees.ts';
import { payslipJobs, payslips } from '../../db/schema/payslips.ts';
import { recordAudit } from '../../lib/employee-audit.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { centimesToWire } from '../../lib/money.ts';
import { notify } from '../notifications/service.ts';
import { replaceEarlierSlips } from './extraction-step.ts';

export type Actor = { userId: number; roles: readonly string[] };

type SlipRow = typeof payslips.$inferSelect;
type Skip = TConfirmPayslipJobResult['skipped'][number];

const skip = (fiche: number, code: string): Skip => ({
  fiche,
  code,
  detail: ERROR_MESSAGES_FR[code] ?? code,
});

/** Why `actor` may not publish `slip` (owner's user id and roles given), or null. */
function refusal(
  slip: SlipRow,
  owner: { userId: number; roles: string[] } | null,
  actor: Actor,
): string | null {
  if (slip.status !== 'pending') return slip.status === 'unmatched' ? 'FICHE_UNMATCHED' : 'FICHE_NOT_PENDING';
  if (!owner) return 'FICHE_UNMATCHED';
  if (slip.periodMonth === null || slip.periodYear === null) return 'FICHE_PERIOD_UNKNOWN';
  if (owner.userId === actor.userId) return 'FICHE_ABOUT_SELF';
  if (isDrh(owner.roles) && !isDrh(actor.roles)) return 'FICHE_DRH_PROTECTED';
  return null;
}

/** The owners among `employeeIds` in `companyId` only: another company's employee owns no slip here. */
async function ownersOf(tx: DbOrTx, companyId: number, employeeIds: number[]) {
  if (employeeIds.length === 0) return new Map<number, { userId: number; roles: string[] }>();
  const rows = await tx
    .select({ id: employees.id, userId: employees.userId, roles: users.roles })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(and(eq(employees.companyId, companyId), inArray(employees.id, employeeIds)));
  return new Map(rows.map((r) => [r.id, { userId: r.userId, roles: r.roles }]));
}

/**
 * Publishes one slip inside the caller's transaction: conditional on `pending` (one winner when two
 * HR people click together), notifies the employee, and feeds the net to the employee's record.
 */
async function publish(tx: DbOrTx, slip: SlipRow, owner: { userId: number }, actor: Actor): Promise<boolean> {
  const [done] = await tx
    .update(payslips)
    .set({ status: 'approved', approvedBy: actor.userId, approvedAt: sql`now()`, decidedBy: actor.userId })
    .where(and(eq(payslips.id, slip.id), eq(payslips.status, 'pending')))
    .returning({ id: payslips.id });
  if (!done) return false;
  const period = `${FRENCH_MONTH_NAMES[slip.periodMonth! - 1]!.toLowerCase()} ${slip.periodYear}`;
  await notify(tx, {
    userId: owner.userId,
    companyId: slip.companyId,
    event: 'fiche_published',
    parameters: { fiche_id: slip.id, period, month: slip.periodMonth, year: slip.periodYear },
    target: null,
  });
  await feedNetPayable(tx, slip, actor);
  return true;
}

/**
 * Balance method 3 reads the employee's `net_payable` (decision 035): the approved `Net à payer`
 * of the employee's latest approved period replaces it, as the net-payable column of the employee
 * import would, with an audit entry (the approver as author). An older period approved late does
 * not move it back.
 */
async function feedNetPayable(tx: DbOrTx, slip: SlipRow, actor: Actor): Promise<void> {
  if (slip.netCentimes === null || slip.employeeId === null) return;
  const [later] = await tx
    .select({ id: payslips.id })
    .from(payslips)
    .where(
      and(
        eq(payslips.companyId, slip.companyId),
        eq(payslips.employeeId, slip.employeeId),
        eq(payslips.status, 'approved'),
        or(
          gt(payslips.periodYear, slip.periodYear!),
          and(eq(payslips.periodYear, slip.periodYear!), gt(payslips.periodMonth, slip.periodMonth!)),
        ),
      ),
    )
    .limit(1);
  if (later) return;
  const [before] = await tx
    .select({ net: employees.netPayableCentimes })
    .from(employees)
    .where(and(eq(employees.companyId, slip.companyId), eq(employees.id, slip.employeeId)))
    .for('update');
  if (!before || before.net === slip.netCentimes) return;
  await tx
    .update(employees)
    .set({ netPayableCentimes: slip.netCentimes })
    .where(and(eq(employees.companyId, slip.companyId), eq(employees.id, slip.employeeId)));
  await recordAudit(tx, { companyId: slip.companyId, employeeId: slip.employeeId, changedBy: actor.userId }, [
    { field: 'net_payable', before: centimesToWire(before.net), after: centimesToWire(slip.netCentimes) },
  ]);
}

async function slipOf(tx: DbOrTx, companyId: number, id: number): Promise<SlipRow> {
  const [slip] = await tx
    .select()
    .from(payslips)
    .where(and(eq(payslips.companyId, companyId), eq(payslips.id, id)))
    .for('update');
  if (!slip) throw notFound();
  return slip;
}

async function jobFinished(tx: DbOrTx, companyId: number, jobId: number) {
  const [job] = await tx
    .select({ status: payslipJobs.status })
    .from(payslipJobs)
    .where(and(eq(payslipJobs.companyId, companyId), eq(payslipJobs.id, jobId)));
  if (!job) throw notFound();
  if (job.status === 'in_progress') throw new AppError('FICHE_JOB_IN_PROGRESS', { status: 409 });
}

/** POST /fiches/{id}/approve/ {approve}: one slip approved (published) or discarded. */
export async function decidePayslip(
  db: Db,
  input: { companyId: number; id: number; actor: Actor; approve: boolean },
) {
  await db.transaction(async (tx) => {
    const slip = await slipOf(tx, input.companyId, input.id);
    await jobFinished(tx, input.companyId, slip.jobId);
    if (!input.approve) {
      if (slip.status !== 'pending' && slip.status !== 'unmatched') throw new AppError('FICHE_NOT_PENDING');
      await tx
        .update(payslips)
        .set({ status: 'discarded', decidedBy: input.actor.userId })
        .where(eq(payslips.id, slip.id));
      return;
    }
    const owner = slip.employeeId
      ? ((await ownersOf(tx, slip.companyId, [slip.employeeId])).get(slip.employeeId) ?? null)
      : null;
    const refused = refusal(slip, owner, input.actor);
    if (refused)
      throw new AppError(refused, {
        status: refused === 'FICHE_ABOUT_SELF' || refused === 'FICHE_DRH_PROTECTED' ? 403 : 400,
      });
    if (!(await publish(tx, slip, owner!, input.actor))) throw new AppError('FICHE_NOT_PENDING');
  });
}

/** POST /fiches/jobs/{id}/confirm/ {approve, fiches?}: the job's pending slips at once. */
export async function confirmPayslipJob(
  db: Db,
  input: { companyId: number; jobId: number; actor: Actor; approve: boolean; fiches?: number[] },
): Promise<TConfirmPayslipJobResult> {
  return db.transaction(async (tx) => {
    await jobFinished(tx, input.companyId, input.jobId);
    const slips = await tx
      .select()
      .from(payslips)
      .where(
        and(
          eq(payslips.companyId, input.companyId),
          eq(payslips.jobId, input.jobId),
          input.fiches
            ? inArray(payslips.id, input.fiches)
            : inArray(payslips.status, ['pending', 'unmatched']),
        ),
      )
      .orderBy(payslips.firstPage)
      .for('update');
    if (input.fiches) {
      const known = new Set(slips.map((s) => s.id));
      const missing = input.fiches.find((id) => !known.has(id));
      if (missing !== undefined)
        throw fieldError('fiches', 'does_not_exist', `Fiche ${missing} introuvable dans cette extraction.`);
    }
    const skipped: Skip[] = [];
    let approved = 0;
    if (!input.approve) {
      for (const slip of slips) {
        if (slip.status !== 'pending' && slip.status !== 'unmatched') {
          skipped.push(skip(slip.id, 'FICHE_NOT_PENDING'));
          continue;
        }
        await tx
          .update(payslips)
          .set({ status: 'discarded', decidedBy: input.actor.userId })
          .where(eq(payslips.id, slip.id));
      }
      return { approved: 0, skipped };
    }
    const owners = await ownersOf(
      tx,
      input.companyId,
      slips.flatMap((s) => (s.employeeId ? [s.employeeId] : [])),
    );
    for (const slip of slips) {
      const owner = slip.employeeId ? (owners.get(slip.employeeId) ?? null) : null;
      const refused = refusal(slip, owner, input.actor);
      if (refused) skipped.push(skip(slip.id, refused));
      else if (await publish(tx, slip, owner!, input.actor)) approved += 1;
      else skipped.push(skip(slip.id, 'FICHE_NOT_PENDING'));
    }
    return { approved, skipped };
  });
}

/** POST /fiches/{id}/match/ {employee}: HR names the employee of a slip not yet published. */
export async function matchPayslip(
  db: Db,
  input: { companyId: number; id: number; employeeId: number; actor: Actor },
) {
  await db.transaction(async (tx) => {
    const slip = await slipOf(tx, input.companyId, input.id);
    if (slip.status !== 'pending' && slip.status !== 'unmatched') throw new AppError('FICHE_NOT_PENDING');
    const [employee] = await tx
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.companyId, input.companyId), eq(employees.id, input.employeeId)));
    if (!employee) throw fieldError('employee', 'does_not_exist', 'Salarié introuvable.');
    await tx
      .update(payslips)
      .set({
        employeeId: employee.id,
        matchMethod: 'manual',
        confidence: 100,
        unmatchedReason: null,
        status: 'pending',
        decidedBy: input.actor.userId,
      })
      .where(eq(payslips.id, slip.id));
    if (slip.periodMonth !== null && slip.periodYear !== null) {
      const counts = await replaceEarlierSlips(tx, {
        companyId: input.companyId,
        jobId: slip.jobId,
        slipId: slip.id,
        employeeId: employee.id,
        month: slip.periodMonth,
        year: slip.periodYear,
      });
      if (counts.replaced || counts.alreadyApproved)
        await tx
          .update(payslipJobs)
          .set({
            replacedCount: sql`${payslipJobs.replacedCount} + ${counts.replaced}`,
            alreadyApprovedCount: sql`${payslipJobs.alreadyApprovedCount} + ${counts.alreadyApproved}`,
          })
          .where(eq(payslipJobs.id, slip.jobId));
    }
  });
}
