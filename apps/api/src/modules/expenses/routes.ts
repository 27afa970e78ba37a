import {
  EXPENSES_BULK_DELETE_MAX,
  POLICY_ITEMS_PAGE_SIZE,
  RECEIPT_MAX_BYTES,
  ZApproveExpensesRequest,
  ZAssignExpensesRequest,
  ZExpense,
  ZExpenseCategory,
  ZExpenseCategoryItem,
  ZExpenseFields,
  ZExpenseReport,
  ZExpenseStatus,
  ZExpenseUpdateFields,
  ZPolicyItem,
  ZPolicyItemsBulkSaveRequest,
  ZReceiptReading,
  ZReplyAllExpensesRequest,
} from '@tasbiq/contracts/expenses';
import { isHr } from '@tasbiq/contracts/roles';
import { paginated } from '@tasbiq/contracts/wire';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppModule } from '../../context.ts';
import { companyIdOf, requireSession } from '../../lib/auth/access-control.ts';
import { fieldError, notFound, permissionDenied } from '../../lib/errors.ts';
import { acceptableImageType } from '../../lib/image-files.ts';
import { pageSize, ZListQuery, zBool, zCsvOf, zId, zIdParam } from '../../lib/list-params.ts';
import { centimesToWire, wireToCentimes } from '../../lib/money.ts';
import { attachmentDisposition, readMultipartForm, type UploadedFile } from '../../lib/multipart-form.ts';
import { limitOffsetPage } from '../../lib/pagination.ts';
import { objectIdOrNotFound, ZObjectIdParams } from '../../lib/path-id.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import { findMissionOrder } from '../mission-orders/queries.ts';
import { isMissionReviewer, type MissionCaller, mayView } from '../mission-orders/reviewers.ts';
import { ceilingsOfGroup, groupsOfCompany, listPolicyItems } from './policy-queries.ts';
import { saveCeilings } from './policy-service.ts';
import { type ExpenseRow, findExpense, listExpenses } from './queries.ts';
import { refundLinesOf } from './refund-preview.ts';
import { assignExpenses, reviewReport, sendReport } from './report-service.ts';
import { scanReceipt } from './scan-receipt.ts';
import {
  serializeCategories,
  serializeExpense,
  serializePolicyItem,
  serializeSettlement,
} from './serialize.ts';
import {
  bulkDeleteDrafts,
  createExpense,
  deleteExpense,
  type ExpenseOwner,
  updateExpense,
} from './service.ts';
import { findSettlement } from './settlement.ts';
import { sendSettlementPayout } from './settlement-jobs.ts';

const tags = ['expenses'];
const feature = 'expenses' as const;
const hr = { roles: ['RH' as const], feature };
const drh = { roles: ['DRH' as const], feature };
const employee = { employee: true, feature };

const ZPolicyItemsQuery = ZListQuery.pick({ limit: true, offset: true }).extend({
  group: zIdParam,
  /** true: only the items of the employees in no group. */
  ungrouped: zBool,
  category: ZExpenseCategory.optional(),
  category_in: zCsvOf(ZExpenseCategory),
});

const ZExpenseListQuery = ZListQuery.pick({ limit: true, offset: true }).extend({
  status: ZExpenseStatus.optional(),
  status_in: zCsvOf(ZExpenseStatus),
  report: zIdParam,
  /** true: the expenses in no report yet. */
  unassigned: zBool,
});
const ZBulkDeleteQuery = z.object({ ids: zCsvOf(zId) });
const ZReceiptQuery = z.object({ size: z.enum(['full', 'thumbnail']).optional() });

function reviewerOf(request: FastifyRequest): MissionCaller {
  const session = requireSession(request);
  if (!session.employee) throw permissionDenied();
  return {
    userId: session.user.id,
    companyId: companyIdOf(request),
    employeeId: session.employee.id,
    roles: session.user.roles,
  };
}

function ownerOf(request: FastifyRequest): ExpenseOwner {
  const session = requireSession(request);
  if (!session.employee) throw permissionDenied();
  return { companyId: companyIdOf(request), employeeId: session.employee.id };
}

/** The expense form: multipart with its `receipt` (the web's FormData), or JSON without one. */
async function readExpenseForm(
  request: FastifyRequest,
): Promise<{ fields: unknown; receipt: UploadedFile | null }> {
  if (!request.isMultipart()) return { fields: request.body ?? {}, receipt: null };
  const form = await readMultipartForm(request, {
    maxFiles: 1,
    maxFileBytes: RECEIPT_MAX_BYTES,
    tooManyFiles: () => fieldError('receipt', 'INVALID_RECEIPT'),
    fileTooLarge: () => fieldError('receipt', 'INVALID_RECEIPT'),
  });
  return { fields: form.fields, receipt: form.files.find((f) => f.fieldname === 'receipt') ?? null };
}

/** Expenses and their category ceilings (spec §7 Expenses; issue 15). */
export const expenseRoutes: AppModule = async (app, ctx) => {
  const { db, storage } = ctx;

  app.get(
    '/expenses/categories',
    {
      config: employee,
      schema: {
        tags,
        summary:
          'The expense categories with the caller’s group’s ceiling per day; policy_defined=true keeps those the DRH defined for the group',
        querystring: z.object({ policy_defined: zBool }),
        response: { 200: z.array(ZExpenseCategoryItem) },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const ceilings = await ceilingsOfGroup(db, companyIdOf(request), session.employee?.groupId ?? null);
      return serializeCategories(ceilings, request.query.policy_defined === true);
    },
  );

  app.get(
    '/expenses/policy_items',
    {
      config: hr,
      schema: {
        tags,
        summary: `Category ceilings per day by group (${POLICY_ITEMS_PAGE_SIZE} a page by default): ungrouped first, then groups by name`,
        querystring: ZPolicyItemsQuery,
        response: { 200: paginated(ZPolicyItem) },
      },
    },
    async (request) => {
      const companyId = companyIdOf(request);
      const { query } = request;
      const limit = query.limit ?? POLICY_ITEMS_PAGE_SIZE;
      const offset = query.offset ?? 0;
      if (query.group !== undefined && (await groupsOfCompany(db, companyId, [query.group])).length === 0)
        return limitOffsetPage(request, { count: 0, limit, offset, results: [] });
      const categories =
        query.category || query.category_in
          ? [...(query.category ? [query.category] : []), ...(query.category_in ?? [])]
          : undefined;
      const { count, rows } = await listPolicyItems(
        db,
        companyId,
        { groupId: query.ungrouped ? null : query.group, categories },
        { limit, offset },
      );
      return limitOffsetPage(request, { count, limit, offset, results: rows.map(serializePolicyItem) });
    },
  );

  app.post(
    '/expenses/policy_items/bulk_save',
    {
      config: drh,
      schema: {
        tags,
        summary: 'Creates or replaces category ceilings per day (DRH); an empty ceiling is unlimited',
        body: ZPolicyItemsBulkSaveRequest,
        response: { 200: z.array(ZPolicyItem) },
      },
    },
    async (request) => {
      const companyId = companyIdOf(request);
      const ids = await saveCeilings(
        db,
        { companyId, userId: requireSession(request).user.id, now: new Date() },
        request.body,
      );
      const { rows } = await listPolicyItems(db, companyId, { ids }, { limit: ids.length, offset: 0 });
      return rows.map(serializePolicyItem);
    },
  );

  async function serializeRows(companyId: number, rows: ExpenseRow[]) {
    const lines = await refundLinesOf(db, companyId, rows);
    return rows.map((row) => serializeExpense(row, lines.get(row.id) ?? null));
  }

  /** The owner, or HR of the company; anyone else finds nothing. */
  /**
   * The owner, HR of the company, or an expense validator once the expense is in a report (they
   * review it, receipt included); anyone else finds nothing.
   */
  async function readableExpense(request: FastifyRequest, id: number): Promise<ExpenseRow> {
    const session = requireSession(request);
    const row = await findExpense(db, companyIdOf(request), id);
    if (!row) throw notFound();
    if (row.employeeId === session.employee?.id || isHr(session.user.roles)) return row;
    if (row.missionOrderId !== null && session.employee && (await isMissionReviewer(db, reviewerOf(request))))
      return row;
    throw notFound();
  }

  app.post(
    '/expenses/receipts/scan',
    {
      config: employee,
      schema: {
        tags,
        summary:
          'Reads a receipt photo (multipart `receipt`, PNG or JPEG ≤ 10 MB) offline for the form: total, date, merchant; stores nothing',
        response: { 200: ZReceiptReading },
      },
    },
    async (request) => {
      const { receipt } = await readExpenseForm(request);
      if (!receipt) throw fieldError('receipt', 'RECEIPT_REQUIRED');
      if (!(await acceptableImageType(receipt.data, RECEIPT_MAX_BYTES)))
        throw fieldError('receipt', 'INVALID_RECEIPT');
      const controller = new AbortController();
      request.raw.once('close', () => {
        if (!request.raw.complete) controller.abort();
      });
      const scan = await scanReceipt(receipt.data, { signal: controller.signal });
      if (!scan.ok) return { read: false, amount: null, date: null, merchant: null };
      const { reading } = scan;
      return {
        read: true,
        amount: reading.amountCentimes === null ? null : centimesToWire(reading.amountCentimes),
        date: reading.date,
        merchant: reading.merchant,
      };
    },
  );

  app.post(
    '/expenses',
    {
      config: employee,
      schema: {
        tags,
        summary:
          'Creates a draft expense: multipart title, category, expense_date, amount, guests and the `receipt` photo (PNG, JPG or JPEG ≤ 10 MB)',
        response: { 201: ZExpense },
      },
    },
    async (request, reply) => {
      const owner = ownerOf(request);
      const { fields, receipt } = await readExpenseForm(request);
      const input = parseOrThrow(ZExpenseFields, fields);
      const id = await createExpense(ctx, owner, input, receipt);
      const [expense] = await serializeRows(owner.companyId, [(await findExpense(db, owner.companyId, id))!]);
      return reply.status(201).send(expense!);
    },
  );

  app.get(
    '/expenses',
    {
      config: employee,
      schema: {
        tags,
        summary: 'The caller’s own expenses, newest first, with the ceiling and the refund as things stand',
        querystring: ZExpenseListQuery,
        response: { 200: paginated(ZExpense) },
      },
    },
    async (request) => {
      const owner = ownerOf(request);
      const { query } = request;
      const limit = pageSize(query.limit, requireSession(request).company?.itemsPerPage);
      const offset = query.offset ?? 0;
      const status =
        query.status || query.status_in
          ? [...(query.status ? [query.status] : []), ...(query.status_in ?? [])]
          : undefined;
      const { count, rows } = await listExpenses(
        db,
        owner.companyId,
        { employeeId: owner.employeeId, status, missionOrderId: query.report, unassigned: query.unassigned },
        { limit, offset },
      );
      return limitOffsetPage(request, {
        count,
        limit,
        offset,
        results: await serializeRows(owner.companyId, rows),
      });
    },
  );

  app.delete(
    '/expenses/bulk_delete',
    {
      config: employee,
      schema: {
        tags,
        summary: 'Deletes the caller’s own drafts (?ids=1,2; at least one), all or none',
        querystring: ZBulkDeleteQuery,
        response: { 200: z.object({ deleted: z.number().int() }) },
      },
    },
    async (request) => {
      const ids = request.query.ids ?? [];
      if (ids.length === 0) throw fieldError('ids', 'min_length', 'Sélectionnez au moins une dépense.');
      if (ids.length > EXPENSES_BULK_DELETE_MAX) throw fieldError('ids', 'max_length');
      return { deleted: await bulkDeleteDrafts(ctx, ownerOf(request), ids) };
    },
  );

  app.get(
    '/expenses/:id',
    {
      config: { feature },
      schema: {
        tags,
        summary: 'One expense: its owner’s, or any of the company’s for HR',
        params: ZObjectIdParams,
        response: { 200: ZExpense },
      },
    },
    async (request) => {
      const row = await readableExpense(request, objectIdOrNotFound(request.params.id));
      const [expense] = await serializeRows(companyIdOf(request), [row]);
      return expense;
    },
  );

  app.patch(
    '/expenses/:id',
    {
      config: employee,
      schema: {
        tags,
        summary: 'Edits an own draft or returned expense (JSON, or multipart with a new `receipt`)',
        params: ZObjectIdParams,
        response: { 200: ZExpense },
      },
    },
    async (request) => {
      const owner = ownerOf(request);
      const id = objectIdOrNotFound(request.params.id);
      const { fields, receipt } = await readExpenseForm(request);
      await updateExpense(ctx, owner, id, parseOrThrow(ZExpenseUpdateFields, fields), receipt);
      const [expense] = await serializeRows(owner.companyId, [(await findExpense(db, owner.companyId, id))!]);
      return expense;
    },
  );

  app.delete(
    '/expenses/:id',
    {
      config: employee,
      schema: {
        tags,
        summary: 'Deletes an own draft or returned expense and its receipt',
        params: ZObjectIdParams,
      },
    },
    async (request, reply) => {
      await deleteExpense(ctx, ownerOf(request), objectIdOrNotFound(request.params.id));
      return reply.status(204).send();
    },
  );

  /** The receipt as a download (never rendered as a page): the photo or its 320 px thumbnail. */
  app.get(
    '/expenses/:id/receipt',
    {
      config: { feature },
      schema: {
        tags,
        summary: 'The receipt photo (?size=thumbnail for the small one)',
        params: ZObjectIdParams,
        querystring: ZReceiptQuery,
      },
    },
    async (request, reply) => {
      const row = await readableExpense(request, objectIdOrNotFound(request.params.id));
      const thumbnail = request.query.size === 'thumbnail';
      const key = thumbnail ? row.receiptThumbKey : row.receiptKey;
      if (!key) throw notFound();
      const data = await storage.get(key);
      request.log.info({ expense: row.id, thumbnail }, 'receipt downloaded');
      return reply
        .header('Content-Type', thumbnail ? 'image/jpeg' : (row.receiptType ?? 'image/jpeg'))
        .header('Content-Disposition', attachmentDisposition(row.receiptName ?? 'justificatif.jpg'))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'private, no-store')
        .send(data);
    },
  );

  /** The report of an order as its owner or a reviewer sees it (another's: 404). */
  async function report(caller: MissionCaller, orderId: number) {
    const order = await findMissionOrder(db, caller.companyId, orderId);
    if (!order || !(await mayView(db, caller, order.order.employeeId))) throw notFound();
    const { rows } = await listExpenses(
      db,
      caller.companyId,
      { missionOrderId: orderId },
      { limit: 1000, offset: 0 },
    );
    rows.sort((a, b) =>
      a.expenseDate < b.expenseDate ? -1 : a.expenseDate > b.expenseDate ? 1 : a.id - b.id,
    );
    const results = await serializeRows(caller.companyId, rows);
    const sum = (pick: (e: (typeof results)[number]) => string | null) =>
      results.reduce((total, e) => total + (wireToCentimes(pick(e) ?? '0') ?? 0n), 0n);
    return {
      odm: orderId,
      report_status: order.order.reportStatus,
      expenses: results,
      total_amount: centimesToWire(sum((e) => (e.status === 'rejected' ? null : e.amount))),
      refundable_total: centimesToWire(sum((e) => e.refundable_amount)),
      settlement: serializeSettlement(await findSettlement(db, caller.companyId, orderId)),
    };
  }

  app.get(
    '/expenses/odm/:id/expenses',
    {
      config: employee,
      schema: {
        tags,
        summary: 'The report of an order: its expenses with ceiling and refund (owner, validators, HR)',
        params: ZObjectIdParams,
        response: { 200: ZExpenseReport },
      },
    },
    async (request) => report(reviewerOf(request), objectIdOrNotFound(request.params.id)),
  );

  app.post(
    '/expenses/odm/:id/assign',
    {
      config: employee,
      schema: {
        tags,
        summary:
          'Adds own draft or returned expenses to the report of an approved order (dates within the mission)',
        params: ZObjectIdParams,
        body: ZAssignExpensesRequest,
        response: { 200: ZExpenseReport },
      },
    },
    async (request) => {
      const orderId = objectIdOrNotFound(request.params.id);
      await assignExpenses(db, ownerOf(request), orderId, request.body.expenses);
      return report(reviewerOf(request), orderId);
    },
  );

  app.post(
    '/expenses/odm/:id/send',
    {
      config: employee,
      schema: {
        tags,
        summary: 'Sends the report of an approved order: pending, its expenses sent',
        params: ZObjectIdParams,
        response: { 200: ZExpenseReport },
      },
    },
    async (request) => {
      const orderId = objectIdOrNotFound(request.params.id);
      await sendReport(db, ownerOf(request), orderId);
      return report(reviewerOf(request), orderId);
    },
  );

  app.post(
    '/expenses/odm/:id/approve',
    {
      config: employee,
      schema: {
        tags,
        summary: 'Approves a selection of the sent expenses (validator or HR, never on one’s own report)',
        params: ZObjectIdParams,
        body: ZApproveExpensesRequest,
        response: { 200: ZExpenseReport },
      },
    },
    async (request) => {
      const caller = reviewerOf(request);
      const orderId = objectIdOrNotFound(request.params.id);
      const { settlementToPay } = await reviewReport(db, caller, orderId, {
        kind: 'selection',
        ...request.body,
      });
      if (settlementToPay !== null) await sendSettlementPayout(ctx.jobs, settlementToPay);
      return report(caller, orderId);
    },
  );

  app.post(
    '/expenses/odm/:id/reply/expenses/all',
    {
      config: employee,
      schema: {
        tags,
        summary: 'Approves, rejects or returns every sent expense of the report, with a comment',
        params: ZObjectIdParams,
        body: ZReplyAllExpensesRequest,
        response: { 200: ZExpenseReport },
      },
    },
    async (request) => {
      const caller = reviewerOf(request);
      const orderId = objectIdOrNotFound(request.params.id);
      const { settlementToPay } = await reviewReport(db, caller, orderId, { kind: 'all', ...request.body });
      if (settlementToPay !== null) await sendSettlementPayout(ctx.jobs, settlementToPay);
      return report(caller, orderId);
    },
  );
};
