/**
 * POST /bonuses/{id}/reply/ (issue 13; decision 036): four eyes, then payment.
 *
 * One transaction: lock the bonus row (a second DRH replying at the same moment waits here, then
 * reads the new status and gets BONUS_NOT_PENDING), check who replies (a DRH, not the author nor
 * the last editor, not a beneficiary), set each beneficiary confirmed or refused, and post ONE
 * ledger transaction debiting the company wallet for the confirmed total under the wallet's lock
 * (INSUFFICIENT_FUNDS rolls everything back: nothing moves, the bonus stays pending). The payout
 * job is sent by the route after the commit.
 */
import { BONUS_STATUS_LABELS_FR, type TBonus, type TBonusStatus } from '@tasbiq/contracts/bonuses';
import { ERROR_MESSAGES_FR } from '@tasbiq/contracts/error-codes';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { bonuses, bonusPayments } from '../../db/schema/bonuses.ts';
import { employees } from '../../db/schema/employees.ts';
import { AppError } from '../../lib/errors.ts';
import { centimesToWire } from '../../lib/money.ts';
import { type FieldIssue, RequestValidationError } from '../../lib/validation.ts';
import { notify } from '../notifications/service.ts';
import { postBonusConfirmed } from './postings.ts';
import { displayTitle } from './serialize.ts';
import { type BonusCaller, loadBonus } from './service.ts';

export const SELF_REPLY_DETAIL =
  'Une prime doit être validée par un autre DRH que la personne qui l’a saisie.';
export const BENEFICIARY_REPLY_DETAIL =
  'Vous figurez parmi les bénéficiaires de cette prime : un autre DRH doit la valider.';
export const COMMENT_REQUIRED_DETAIL = 'le champ "Commentaire" est obligatoire';

export type BonusReplyBody = {
  reply: 'confirm' | 'refuse' | 'partial';
  comment?: string | null;
  confirmed_employees?: number[] | null;
};

export type BonusReplyResult = { bonus: TBonus; confirmedCount: number };

/**
 * The payout method each confirmed beneficiary gets: the active prepaid card when they have one
 * (instant), else a transfer to their RIB. Decided again when the payout starts (payout.ts).
 */
export const PAYOUT_METHOD_SQL = sql`case when exists (
  select 1 from prepaid_cards c where c.employee_id = ${bonusPayments.employeeId} and c.status = 'active'
) then 'card' else 'rib' end`;

export async function replyToBonus(
  db: Db,
  caller: BonusCaller,
  bonusId: number,
  body: BonusReplyBody,
): Promise<BonusReplyResult> {
  const comment = body.comment?.trim() || null;
  const issues: FieldIssue[] = [];
  if (body.reply !== 'confirm' && !comment)
    issues.push({ code: 'required', detail: COMMENT_REQUIRED_DETAIL, attr: 'comment' });
  if (body.reply === 'partial' && (body.confirmed_employees ?? []).length === 0)
    issues.push({ code: 'required', detail: ERROR_MESSAGES_FR.required!, attr: 'confirmed_employees' });
  if (issues.length > 0) throw new RequestValidationError(issues);

  const result = await db.transaction(async (tx) => {
    const [bonus] = await tx
      .select()
      .from(bonuses)
      .where(and(eq(bonuses.companyId, caller.companyId), eq(bonuses.id, bonusId)))
      .for('update');
    if (!bonus) throw new AppError('not_found', { status: 404 });
    if (bonus.status !== 'pending') throw new AppError('BONUS_NOT_PENDING', { status: 400 });
    if (bonus.createdBy === caller.userId || bonus.updatedBy === caller.userId)
      throw new AppError('permission_denied', { status: 403, detail: SELF_REPLY_DETAIL });
    if (caller.employeeId !== null) {
      const [own] = await tx
        .select({ id: bonusPayments.id })
        .from(bonusPayments)
        .where(and(eq(bonusPayments.bonusId, bonusId), eq(bonusPayments.employeeId, caller.employeeId)));
      if (own) throw new AppError('permission_denied', { status: 403, detail: BENEFICIARY_REPLY_DETAIL });
    }

    let confirmedIds: number[] | null = null; // null: every beneficiary
    if (body.reply === 'partial') {
      const asked = body.confirmed_employees ?? [];
      const present = new Set(
        (
          await tx
            .select({ employeeId: bonusPayments.employeeId })
            .from(bonusPayments)
            .where(
              and(eq(bonusPayments.bonusId, bonusId), inArray(bonusPayments.employeeId, [...new Set(asked)])),
            )
        ).map((r) => r.employeeId),
      );
      const unknown = asked.flatMap((id, index) =>
        present.has(id)
          ? []
          : [
              {
                code: 'does_not_exist',
                detail: ERROR_MESSAGES_FR.does_not_exist!,
                attr: `confirmed_employees.${index}`,
              },
            ],
      );
      if (unknown.length > 0) throw new RequestValidationError(unknown);
      confirmedIds = [...present];
    }

    let confirmed = { count: 0, totalCentimes: 0n };
    if (body.reply !== 'refuse') {
      const [sum] = await tx
        .update(bonusPayments)
        .set({ status: 'confirmed', confirmedAt: sql`now()`, payoutMethod: sql`${PAYOUT_METHOD_SQL}` })
        .where(
          and(
            eq(bonusPayments.bonusId, bonusId),
            eq(bonusPayments.status, 'pending'),
            confirmedIds ? inArray(bonusPayments.employeeId, confirmedIds) : undefined,
          ),
        )
        .returning({ amount: bonusPayments.amountCentimes })
        .then((rows) => [
          { count: rows.length, totalCentimes: rows.reduce((total, row) => total + row.amount, 0n) },
        ]);
      confirmed = sum!;
    }
    await tx
      .update(bonusPayments)
      .set({ status: 'refused' })
      .where(and(eq(bonusPayments.bonusId, bonusId), eq(bonusPayments.status, 'pending')));

    const status: TBonusStatus =
      confirmed.count === 0
        ? 'refused'
        : confirmed.count === bonus.beneficiariesCount
          ? 'confirmed'
          : 'partially_confirmed';
    const [updated] = await tx
      .update(bonuses)
      .set({
        status,
        confirmedCentimes: confirmed.totalCentimes,
        repliedBy: caller.userId,
        repliedAt: sql`now()`,
        replyComment: comment,
        updatedAt: sql`now()`,
      })
      .where(and(eq(bonuses.id, bonusId), eq(bonuses.status, 'pending')))
      .returning();
    if (confirmed.count > 0) await postBonusConfirmed(tx, updated!, confirmed, caller.userId);

    if (bonus.createdBy !== null) {
      const [author] = await tx
        .select({ id: users.id, companyId: employees.companyId })
        .from(users)
        .leftJoin(employees, eq(employees.userId, users.id))
        .where(eq(users.id, bonus.createdBy));
      if (author)
        await notify(tx, {
          userId: author.id,
          companyId: caller.companyId,
          event: 'bonus_replied',
          parameters: {
            bonus_id: bonus.id,
            title: displayTitle(bonus.title, bonus.customTitle),
            amount: centimesToWire(bonus.totalCentimes),
            status: BONUS_STATUS_LABELS_FR[status].toLowerCase(),
          },
          target: { type: 'bonus', id: bonus.id },
        });
    }
    return { bonus: await loadBonus(tx, caller.companyId, bonusId), confirmedCount: confirmed.count };
  });
  return result;
}
