/**
 * ★ Reminders (issue 14): an order pending for more than the company's delay in working days
 * (`companies.mission_reminder_working_days`, 2 by default) reminds the company's validators —
 * or its HR when it has none — once a Casablanca day: an in-app notification and an e-mail. The
 * day is claimed by a conditional update of `reminded_on`, so several processes (or a job run
 * twice) remind once. E-mails leave after the commit; one that fails is logged, not retried.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies } from '../../db/schema/companies.ts';
import { missionOrders } from '../../db/schema/mission-orders.ts';
import { casablancaDate, startOfDayInCasablanca } from '../../lib/time.ts';
import type { EmailProvider } from '../../providers/email/email-provider.ts';
import { notify } from '../notifications/service.ts';
import { overdueToRemind } from './queries.ts';
import { reviewerRecipients } from './reviewers.ts';
import { overdueSentBeforeDay, workingDaysWaited } from './working-days.ts';

export type ReminderDeps = {
  db: Db;
  email: EmailProvider;
  publicUrl: string;
  logError?: (error: unknown, context: Record<string, unknown>) => void;
};

/** Sends the day's reminders; returns how many orders were reminded. */
export async function runMissionOrderReminders(deps: ReminderDeps, now: Date = new Date()): Promise<number> {
  const today = casablancaDate(now);
  const delays = await deps.db
    .select({ id: companies.id, days: companies.missionReminderWorkingDays })
    .from(companies)
    .where(and(eq(companies.expensesEnabled, true), eq(companies.isActive, true)));
  const byDelay = new Map<number, number[]>();
  for (const { id, days } of delays) byDelay.set(days, [...(byDelay.get(days) ?? []), id]);

  let reminded = 0;
  for (const [days, companyIds] of byDelay) {
    const sentBefore = startOfDayInCasablanca(overdueSentBeforeDay(now, days));
    for (const row of await overdueToRemind(deps.db, companyIds, sentBefore, today)) {
      const { order, employee } = row;
      const mails: Array<{ to: string; subject: string; body: string }> = [];
      const claimed = await deps.db.transaction(async (tx) => {
        const [won] = await tx
          .update(missionOrders)
          .set({ remindedOn: today })
          .where(
            and(
              eq(missionOrders.id, order.id),
              eq(missionOrders.status, 'pending'),
              sql`${missionOrders.remindedOn} is distinct from ${today}::date`,
            ),
          )
          .returning({ id: missionOrders.id });
        if (!won) return false;
        let recipients = await reviewerRecipients(tx, order.companyId, {
          validators: true,
          hr: false,
          exceptEmployeeId: order.employeeId,
        });
        if (recipients.length === 0)
          recipients = await reviewerRecipients(tx, order.companyId, {
            validators: false,
            hr: true,
            exceptEmployeeId: order.employeeId,
          });
        const waited = workingDaysWaited(order.submittedAt, now);
        const who = `${employee.firstName} ${employee.lastName}`;
        for (const recipient of recipients) {
          await notify(tx, {
            userId: recipient.userId,
            companyId: order.companyId,
            event: 'odm_reminder',
            parameters: { odm_id: order.id, number: order.number, employee: who, days: waited },
            target: null,
          });
          if (recipient.email)
            mails.push({
              to: recipient.email,
              subject: `Ordre de mission ${order.number} en attente de réponse`,
              body:
                `Bonjour ${recipient.firstName},\n\nL’ordre de mission ${order.number} « ${order.title} » de ${who} ` +
                `attend une réponse depuis ${waited} jours ouvrés.\n\n` +
                `Répondez-lui ici : ${deps.publicUrl.replace(/\/$/, '')}/missionorders/${order.id}`,
            });
        }
        return true;
      });
      if (!claimed) continue;
      reminded++;
      for (const mail of mails) {
        try {
          await deps.email.send(mail);
        } catch (error) {
          deps.logError?.(error, { orderId: order.id, to: mail.to });
        }
      }
    }
  }
  return reminded;
}
