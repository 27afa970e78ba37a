import type { TExpenseFields, TExpenseStatus, TExpenseUpdateFields } from '@tasbiq/contracts/expenses';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { expenses } from '../../db/schema/expenses.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { wireToCentimes } from '../../lib/money.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { findExpense } from './queries.ts';
import { deleteReceipt, storeReceipt } from './receipts.ts';

/** The employee acting on their own expenses (never HR on someone else's). */
export type ExpenseOwner = { companyId: number; employeeId: number };
export type ExpenseContext = { db: Db; storage: FileStorage };
export type ReceiptUpload = { filename: string; data: Buffer };

/** Spec §4: the employee edits or deletes a draft, or an expense the reviewer returned. */
const EDITABLE: TExpenseStatus[] = ['draft', 'returned'];

function ocrColumns(fields: Partial<TExpenseFields>) {
  return {
    ...(fields.ocr_amount !== undefined ? { ocrAmountCentimes: wireToCentimes(fields.ocr_amount) } : {}),
    ...(fields.ocr_date !== undefined ? { ocrDate: fields.ocr_date } : {}),
    ...(fields.ocr_merchant !== undefined ? { ocrMerchant: fields.ocr_merchant } : {}),
  };
}

/** A draft with its receipt (POST /expenses/): any time, assigned to a report later. */
export async function createExpense(
  ctx: ExpenseContext,
  owner: ExpenseOwner,
  fields: TExpenseFields,
  receipt: ReceiptUpload | null,
): Promise<number> {
  if (!receipt) throw fieldError('receipt', 'RECEIPT_REQUIRED');
  const stored = await storeReceipt(ctx.storage, receipt);
  try {
    const [row] = await ctx.db
      .insert(expenses)
      .values({
        companyId: owner.companyId,
        employeeId: owner.employeeId,
        title: fields.title,
        category: fields.category,
        expenseDate: fields.expense_date,
        amountCentimes: wireToCentimes(fields.amount) as bigint,
        guests: fields.guests,
        receiptKey: stored.key,
        receiptThumbKey: stored.thumbKey,
        receiptName: stored.name,
        receiptType: stored.type,
        ...ocrColumns(fields),
      })
      .returning({ id: expenses.id });
    return row!.id;
  } catch (error) {
    await deleteReceipt(ctx.storage, [stored.key, stored.thumbKey]);
    throw error;
  }
}

async function ownEditable(ctx: ExpenseContext, owner: ExpenseOwner, id: number) {
  const row = await findExpense(ctx.db, owner.companyId, id);
  // Another employee's expense looks missing, like another company's.
  if (!row || row.employeeId !== owner.employeeId) throw notFound();
  if (!EDITABLE.includes(row.status)) throw new AppError('EXPENSE_NOT_EDITABLE', { status: 409 });
  return row;
}

/**
 * PATCH /expenses/{id}/: a draft or returned expense, its fields and optionally a new receipt.
 * The update is conditional on the status, so a send racing the edit has one winner.
 */
export async function updateExpense(
  ctx: ExpenseContext,
  owner: ExpenseOwner,
  id: number,
  fields: TExpenseUpdateFields,
  receipt: ReceiptUpload | null,
): Promise<void> {
  const before = await ownEditable(ctx, owner, id);
  const stored = receipt ? await storeReceipt(ctx.storage, receipt) : null;
  const changes = {
    ...(fields.title !== undefined ? { title: fields.title } : {}),
    ...(fields.category !== undefined ? { category: fields.category } : {}),
    ...(fields.expense_date !== undefined ? { expenseDate: fields.expense_date } : {}),
    ...(fields.amount !== undefined ? { amountCentimes: wireToCentimes(fields.amount) as bigint } : {}),
    ...(fields.guests !== undefined ? { guests: fields.guests } : {}),
    ...ocrColumns(fields),
    ...(stored
      ? {
          receiptKey: stored.key,
          receiptThumbKey: stored.thumbKey,
          receiptName: stored.name,
          receiptType: stored.type,
        }
      : {}),
  };
  const updated = await ctx.db
    .update(expenses)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(
      and(
        eq(expenses.companyId, owner.companyId),
        eq(expenses.id, id),
        eq(expenses.employeeId, owner.employeeId),
        inArray(expenses.status, EDITABLE),
      ),
    )
    .returning({ id: expenses.id });
  if (updated.length === 0) {
    if (stored) await deleteReceipt(ctx.storage, [stored.key, stored.thumbKey]);
    throw new AppError('EXPENSE_NOT_EDITABLE', { status: 409 });
  }
  if (stored) await deleteReceipt(ctx.storage, [before.receiptKey, before.receiptThumbKey]);
}

/** DELETE /expenses/{id}/: a draft or returned expense, and its receipt files. */
export async function deleteExpense(ctx: ExpenseContext, owner: ExpenseOwner, id: number): Promise<void> {
  await ownEditable(ctx, owner, id);
  const deleted = await ctx.db
    .delete(expenses)
    .where(
      and(
        eq(expenses.companyId, owner.companyId),
        eq(expenses.id, id),
        eq(expenses.employeeId, owner.employeeId),
        inArray(expenses.status, EDITABLE),
      ),
    )
    .returning({ key: expenses.receiptKey, thumbKey: expenses.receiptThumbKey });
  if (deleted.length === 0) throw new AppError('EXPENSE_NOT_EDITABLE', { status: 409 });
  await deleteReceipt(
    ctx.storage,
    deleted.flatMap((d) => [d.key, d.thumbKey]),
  );
}

/**
 * DELETE /expenses/bulk_delete/?ids=…: the caller's own drafts, all or none. An id that is not
 * theirs (or missing) is `does_not_exist`; one of theirs that is no longer a draft is
 * EXPENSE_NOT_DRAFT. One conditional delete in a transaction: counted, else rolled back.
 */
export async function bulkDeleteDrafts(
  ctx: ExpenseContext,
  owner: ExpenseOwner,
  ids: number[],
): Promise<number> {
  const unique = [...new Set(ids)];
  const deleted = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .delete(expenses)
      .where(
        and(
          eq(expenses.companyId, owner.companyId),
          eq(expenses.employeeId, owner.employeeId),
          inArray(expenses.id, unique),
          eq(expenses.status, 'draft'),
        ),
      )
      .returning({ id: expenses.id, key: expenses.receiptKey, thumbKey: expenses.receiptThumbKey });
    if (rows.length !== unique.length) {
      const own = await tx
        .select({ id: expenses.id })
        .from(expenses)
        .where(
          and(
            eq(expenses.companyId, owner.companyId),
            eq(expenses.employeeId, owner.employeeId),
            inArray(expenses.id, unique),
          ),
        );
      throw own.length + rows.length < unique.length
        ? fieldError('ids', 'does_not_exist')
        : fieldError('ids', 'EXPENSE_NOT_DRAFT');
    }
    return rows;
  });
  await deleteReceipt(
    ctx.storage,
    deleted.flatMap((d) => [d.key, d.thumbKey]),
  );
  return deleted.length;
}
