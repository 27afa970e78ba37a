/**
 * Mission orders: send, edit and send again, reply, change the advance (issue 14; decision 038).
 *
 * Writes that change an order run in one transaction that locks the order row first
 * (`select … for update`), then re-checks its status: two reviewers replying at once queue up and
 * the second reads the new status (MISSION_ORDER_NOT_PENDING). The advance ceiling is the policy's
 * (modules/expense-policy): the smaller of the employee's advance limit and the route's ceiling.
 * On approval the advance leaves the company wallet under its lock (INSUFFICIENT_FUNDS refuses
 * the approval; nothing changes) and the payout job, sent by the route after the commit, pays it.
 */
import type {
  TMissionOrderReply,
  TMissionOrderStatus,
  TMissionOrderWriteRequest,
} from '@tasbiq/contracts/mission-orders';
import {
  MISSION_FILE_MAX_BYTES,
  MISSION_MAX_FILES,
  MISSION_ORDER_STATUS_LABELS_FR,
  type ZMissionOrderWriteRequest,
} from '@tasbiq/contracts/mission-orders';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  missionOrderEvents,
  missionOrderFiles,
  missionOrderSequences,
  missionOrders,
} from '../../db/schema/mission-orders.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { wireToCentimes } from '../../lib/money.ts';
import { sniffFileType, type UploadedFile } from '../../lib/multipart-form.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { casablancaMonth } from '../../lib/time.ts';
import { formatDh } from '../advances/postings.ts';
import { findCity } from '../cities/moroccan-cities.ts';
import { missionAdvanceCeiling } from '../expense-policy/ceiling.ts';
import { notify } from '../notifications/service.ts';
import { postMissionAdvanceApproved } from './postings.ts';
import { findMissionOrder, type MissionOrderRecord } from './queries.ts';
import { assertMayReview, type MissionCaller, reviewerRecipients } from './reviewers.ts';

export type MissionOrderInput = z.output<typeof ZMissionOrderWriteRequest>;
export type { TMissionOrderWriteRequest };

type Deps = { db: Db; storage: FileStorage };

/** A file checked by its content: PDF, PNG or JPEG, ≤ 10 MB; the name kept short and printable. */
export type CheckedFile = UploadedFile & { contentType: string; extension: string; fileName: string };

export function checkMissionFiles(files: UploadedFile[], alreadyKept = 0): CheckedFile[] {
  if (files.length + alreadyKept > MISSION_MAX_FILES) throw fieldError('files', 'TOO_MANY_ATTACHMENTS');
  return files.map((file) => {
    if (file.data.length > MISSION_FILE_MAX_BYTES) throw fieldError('files', 'ATTACHMENT_TOO_LARGE');
    const type = sniffFileType(file.data);
    if (!type) throw fieldError('files', 'ATTACHMENT_INVALID_TYPE');
    const fileName = Array.from(
      file.filename.replace(/[\p{Cc}\\/]/gu, '_').trim() || `piece-jointe.${type.extension}`,
    )
      .slice(0, 200)
      .join('');
    return { ...file, ...type, fileName };
  });
}

function checkCities(input: MissionOrderInput) {
  if (!findCity(input.departure_city))
    throw fieldError('departure_city', 'does_not_exist', "Cette ville n'existe pas.");
  if (!findCity(input.arrival_city))
    throw fieldError('arrival_city', 'does_not_exist', "Cette ville n'existe pas.");
}

/** Refuses an advance above the ceiling that applies (none set: only the contract's typo guard). */
export async function assertWithinCeiling(
  db: DbOrTx,
  route: { companyId: number; employeeId: number; departureCityId: number; arrivalCityId: number },
  amountCentimes: bigint,
  attr: string,
) {
  const { ceilingCentimes } = await missionAdvanceCeiling(db, route);
  if (ceilingCentimes !== null && amountCentimes > BigInt(ceilingCentimes))
    throw fieldError(
      attr,
      'ADVANCE_ABOVE_CEILING',
      `L’avance demandée dépasse le plafond autorisé de ${formatDh(BigInt(ceilingCentimes))}.`,
    );
}

/** The next number of the company's sequence for the year: ODM-2026-0042 (row-locked upsert). */
export async function nextMissionOrderNumber(tx: DbOrTx, companyId: number, now: Date): Promise<string> {
  const { year } = casablancaMonth(now);
  const [row] = await tx
    .insert(missionOrderSequences)
    .values({ companyId, year, lastValue: 1 })
    .onConflictDoUpdate({
      target: [missionOrderSequences.companyId, missionOrderSequences.year],
      set: { lastValue: sql`${missionOrderSequences.lastValue} + 1` },
    })
    .returning({ value: missionOrderSequences.lastValue });
  return `ODM-${year}-${String(row!.value).padStart(4, '0')}`;
}

async function storeFiles(storage: FileStorage, files: CheckedFile[]) {
  const stored: Array<CheckedFile & { storageKey: string }> = [];
  try {
    for (const file of files)
      stored.push({
        ...file,
        storageKey: await storage.put(file.data, { prefix: 'mission-orders', extension: file.extension }),
      });
  } catch (error) {
    await Promise.allSettled(stored.map((file) => storage.delete(file.storageKey)));
    throw error;
  }
  return stored;
}

async function notifyReviewers(tx: DbOrTx, order: MissionOrderRecord, employeeName: string) {
  const recipients = await reviewerRecipients(tx, order.companyId, {
    validators: true,
    hr: true,
    exceptEmployeeId: order.employeeId,
  });
  for (const recipient of recipients)
    await notify(tx, {
      userId: recipient.userId,
      companyId: order.companyId,
      event: 'odm_submitted',
      parameters: { odm_id: order.id, number: order.number, title: order.title, employee: employeeName },
      target: null,
    });
}

async function ownerName(tx: DbOrTx, companyId: number, orderId: number) {
  const row = await findMissionOrder(tx, companyId, orderId);
  return row ? `${row.employee.firstName} ${row.employee.lastName}` : '';
}

/** POST /expenses/odm/: the employee files and sends an order (pending). Returns its id. */
export async function createMissionOrder(
  deps: Deps,
  caller: MissionCaller,
  input: MissionOrderInput,
  files: UploadedFile[],
  now: Date = new Date(),
): Promise<number> {
  checkCities(input);
  const checked = checkMissionFiles(files);
  const advance = wireToCentimes(input.advance_amount)!;
  await assertWithinCeiling(
    deps.db,
    {
      companyId: caller.companyId,
      employeeId: caller.employeeId,
      departureCityId: input.departure_city,
      arrivalCityId: input.arrival_city,
    },
    advance,
    'advance_amount',
  );
  const stored = await storeFiles(deps.storage, checked);
  try {
    return await deps.db.transaction(async (tx) => {
      const [order] = await tx
        .insert(missionOrders)
        .values({
          companyId: caller.companyId,
          employeeId: caller.employeeId,
          number: await nextMissionOrderNumber(tx, caller.companyId, now),
          title: input.title,
          startDate: input.start_date,
          endDate: input.end_date,
          guests: input.guests,
          departureCityId: input.departure_city,
          arrivalCityId: input.arrival_city,
          description: input.description,
          advanceCentimes: advance,
          requestedAdvanceCentimes: advance,
        })
        .returning();
      if (stored.length > 0)
        await tx.insert(missionOrderFiles).values(
          stored.map((file) => ({
            companyId: caller.companyId,
            missionOrderId: order!.id,
            storageKey: file.storageKey,
            fileName: file.fileName,
            contentType: file.contentType,
            sizeBytes: file.data.length,
          })),
        );
      await tx.insert(missionOrderEvents).values({
        companyId: caller.companyId,
        missionOrderId: order!.id,
        type: 'submitted',
        userId: caller.userId,
        amountAfterCentimes: advance,
      });
      await notifyReviewers(tx, order!, await ownerName(tx, caller.companyId, order!.id));
      return order!.id;
    });
  } catch (error) {
    await Promise.allSettled(stored.map((file) => deps.storage.delete(file.storageKey)));
    throw error;
  }
}

/** Locks an order of the company; 404 for a missing one or another company's. */
async function lockOrder(tx: DbOrTx, companyId: number, orderId: number): Promise<MissionOrderRecord> {
  const [order] = await tx
    .select()
    .from(missionOrders)
    .where(and(eq(missionOrders.companyId, companyId), eq(missionOrders.id, orderId)))
    .for('update');
  if (!order) throw notFound();
  return order;
}

/**
 * PUT /expenses/odm/{id}/: the employee edits their returned order and sends it again (pending).
 * Another's order answers 404; a pending, accepted or refused one MISSION_ORDER_NOT_EDITABLE.
 * `removeFileIds` drops files of this order; new files are added (5 at most in all).
 */
export async function updateMissionOrder(
  deps: Deps,
  caller: MissionCaller,
  orderId: number,
  input: MissionOrderInput,
  files: UploadedFile[],
  removeFileIds: number[],
): Promise<void> {
  checkCities(input);
  const advance = wireToCentimes(input.advance_amount)!;
  const removedKeys: string[] = [];
  let stored: Array<CheckedFile & { storageKey: string }> = [];
  try {
    await deps.db.transaction(async (tx) => {
      const order = await lockOrder(tx, caller.companyId, orderId);
      if (order.employeeId !== caller.employeeId) throw notFound();
      if (order.status !== 'returned') throw new AppError('MISSION_ORDER_NOT_EDITABLE', { status: 400 });
      const kept = await tx
        .select({ id: missionOrderFiles.id, storageKey: missionOrderFiles.storageKey })
        .from(missionOrderFiles)
        .where(
          and(
            eq(missionOrderFiles.companyId, caller.companyId),
            eq(missionOrderFiles.missionOrderId, orderId),
          ),
        );
      const removing = kept.filter((file) => removeFileIds.includes(file.id));
      const checked = checkMissionFiles(files, kept.length - removing.length);
      await assertWithinCeiling(
        tx,
        {
          companyId: caller.companyId,
          employeeId: caller.employeeId,
          departureCityId: input.departure_city,
          arrivalCityId: input.arrival_city,
        },
        advance,
        'advance_amount',
      );
      stored = await storeFiles(deps.storage, checked);
      if (removing.length > 0) {
        await tx.delete(missionOrderFiles).where(
          inArray(
            missionOrderFiles.id,
            removing.map((file) => file.id),
          ),
        );
        removedKeys.push(...removing.map((file) => file.storageKey));
      }
      if (stored.length > 0)
        await tx.insert(missionOrderFiles).values(
          stored.map((file) => ({
            companyId: caller.companyId,
            missionOrderId: orderId,
            storageKey: file.storageKey,
            fileName: file.fileName,
            contentType: file.contentType,
            sizeBytes: file.data.length,
          })),
        );
      const [updated] = await tx
        .update(missionOrders)
        .set({
          title: input.title,
          startDate: input.start_date,
          endDate: input.end_date,
          guests: input.guests,
          departureCityId: input.departure_city,
          arrivalCityId: input.arrival_city,
          description: input.description,
          advanceCentimes: advance,
          requestedAdvanceCentimes: advance,
          status: 'pending',
          submittedAt: sql`now()`,
          updatedAt: sql`now()`,
          remindedOn: null,
        })
        .where(and(eq(missionOrders.id, orderId), eq(missionOrders.status, 'returned')))
        .returning();
      await tx.insert(missionOrderEvents).values({
        companyId: caller.companyId,
        missionOrderId: orderId,
        type: 'resubmitted',
        userId: caller.userId,
        amountBeforeCentimes: order.advanceCentimes,
        amountAfterCentimes: advance,
      });
      await notifyReviewers(tx, updated!, await ownerName(tx, caller.companyId, orderId));
    });
  } catch (error) {
    await Promise.allSettled(stored.map((file) => deps.storage.delete(file.storageKey)));
    throw error;
  }
  await Promise.allSettled(removedKeys.map((key) => deps.storage.delete(key)));
}

const REPLY_STATUS: Record<TMissionOrderReply, TMissionOrderStatus> = {
  approve: 'accepted',
  return: 'returned',
  refuse: 'rejected',
};
const REPLY_EVENT = { approve: 'approved', return: 'returned', refuse: 'refused' } as const;

/**
 * The payout method at approval: the active prepaid card when there is one (instant), else a
 * transfer to the RIB (same rule as a confirmed bonus).
 */
const PAYOUT_METHOD_SQL = sql`case when exists (
  select 1 from prepaid_cards c where c.employee_id = ${missionOrders.employeeId} and c.status = 'active'
) then 'card' else 'rib' end`;

/**
 * POST /expenses/odm/{id}/reply/ {reply, comment}: return and refuse need a comment (the reason).
 * Returns whether an advance is now to pay (the route sends the payout job after the commit).
 */
export async function replyToMissionOrder(
  db: Db,
  caller: MissionCaller,
  orderId: number,
  reply: TMissionOrderReply,
  rawComment: string | null | undefined,
): Promise<{ advanceToPay: boolean }> {
  const comment = rawComment?.trim() || null;
  if (reply !== 'approve' && !comment)
    throw fieldError('comment', 'required', 'le champ "Commentaire" est obligatoire');
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, caller.companyId, orderId);
    await assertMayReview(tx, caller, order.employeeId);
    if (order.status !== 'pending') throw new AppError('MISSION_ORDER_NOT_PENDING', { status: 400 });
    const approving = reply === 'approve';
    const withAdvance = approving && order.advanceCentimes > 0n;
    const [updated] = await tx
      .update(missionOrders)
      .set({
        status: REPLY_STATUS[reply],
        repliedAt: sql`now()`,
        repliedBy: caller.userId,
        updatedAt: sql`now()`,
        ...(approving ? { reportStatus: 'draft' as const } : {}),
        ...(withAdvance
          ? { advanceStatus: 'confirmed' as const, payoutMethod: sql`${PAYOUT_METHOD_SQL}` }
          : {}),
      })
      .where(and(eq(missionOrders.id, orderId), eq(missionOrders.status, 'pending')))
      .returning();
    if (!updated) throw new AppError('MISSION_ORDER_NOT_PENDING', { status: 400 });
    const owner = await findMissionOrder(tx, caller.companyId, orderId);
    if (withAdvance) await postMissionAdvanceApproved(tx, updated, owner!.employee, caller.userId);
    await tx.insert(missionOrderEvents).values({
      companyId: caller.companyId,
      missionOrderId: orderId,
      type: REPLY_EVENT[reply],
      comment,
      userId: caller.userId,
      amountAfterCentimes: approving ? updated.advanceCentimes : null,
    });
    await notify(tx, {
      userId: owner!.employee.userId,
      companyId: caller.companyId,
      event: 'odm_replied',
      parameters: {
        odm_id: updated.id,
        number: updated.number,
        title: updated.title,
        status: MISSION_ORDER_STATUS_LABELS_FR[updated.status].toLowerCase(),
        comment,
      },
      target: null,
    });
    return { advanceToPay: withAdvance };
  });
}

/**
 * PUT /expenses/odm/{id}/advance/ {amount}: a reviewer changes the advance of a pending order
 * before approving it, within the same ceiling (the order's employee and route). Recorded in the
 * history with the amounts before and after.
 */
export async function changeMissionAdvance(
  db: Db,
  caller: MissionCaller,
  orderId: number,
  amountWire: string,
): Promise<void> {
  const amount = wireToCentimes(amountWire)!;
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, caller.companyId, orderId);
    await assertMayReview(tx, caller, order.employeeId);
    if (order.status !== 'pending') throw new AppError('MISSION_ORDER_NOT_PENDING', { status: 400 });
    await assertWithinCeiling(
      tx,
      {
        companyId: order.companyId,
        employeeId: order.employeeId,
        departureCityId: order.departureCityId,
        arrivalCityId: order.arrivalCityId,
      },
      amount,
      'amount',
    );
    if (amount === order.advanceCentimes) return;
    await tx
      .update(missionOrders)
      .set({ advanceCentimes: amount, updatedAt: sql`now()` })
      .where(eq(missionOrders.id, orderId));
    await tx.insert(missionOrderEvents).values({
      companyId: caller.companyId,
      missionOrderId: orderId,
      type: 'advance_changed',
      userId: caller.userId,
      amountBeforeCentimes: order.advanceCentimes,
      amountAfterCentimes: amount,
    });
  });
}
