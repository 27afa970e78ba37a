import {
  BILL_STATUSES,
  BILLER_IDS,
  BILLERS,
  ZBill,
  ZBillLookup,
  ZBillLookupRequest,
  ZPayBillRequest,
} from '@tasbiq/contracts/bills';
import { paginated } from '@tasbiq/contracts/wire';
import { z } from 'zod';
import type { AppModule } from '../../context.ts';
import { requireSession } from '../../lib/auth/access-control.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { idempotentReply, readIdempotencyKey } from '../../lib/idempotency.ts';
import { pageSize, ZListQuery, zCsvOf, zDateParam } from '../../lib/list-params.ts';
import { limitOffsetPage } from '../../lib/pagination.ts';
import { objectIdOrNotFound, ZObjectIdParams } from '../../lib/path-id.ts';
import { sendPrivateFile } from '../../lib/private-file.ts';
import {
  detailScopeOf,
  listScopeOf,
  periodOf,
  zEmployeeParam,
  zMonth,
  zYear,
} from '../recharges/list-scope.ts';
import { registerBillJobs } from './jobs.ts';
import { lookupBill, serializeLookup } from './lookup-bill.ts';
import { createBillPayment } from './pay-bill.ts';
import { findBill, listBills } from './queries.ts';
import { buildBillReceipt } from './receipt-pdf.ts';
import { serializeBill } from './serialize.ts';

const tags = ['bills'];
const employeeAccess = { employee: true, feature: 'bills' as const };

const ZBillsQuery = ZListQuery.extend({
  status: z.enum(BILL_STATUSES).optional(),
  status_in: zCsvOf(z.enum(BILL_STATUSES)),
  biller: z.enum(BILLER_IDS).optional(),
  biller_in: zCsvOf(z.enum(BILLER_IDS)),
  created_after: zDateParam,
  created_before: zDateParam,
  employee: zEmployeeParam,
  month: zMonth,
  year: zYear,
});

const ZBillerWire = z.object({
  id: z.enum(BILLER_IDS),
  name: z.string(),
  category: z.string(),
  reference_label: z.string(),
  reference_hint: z.string(),
  reference_pattern: z.string(),
  partial: z.boolean(),
});

function union<T>(one: T | undefined, many: T[] | undefined): T[] | undefined {
  if (one === undefined && many === undefined) return undefined;
  return [...(one === undefined ? [] : [one]), ...(many ?? [])];
}

/** Bills paid out of the earned balance (issue 16, decision 042), and their worker. */
export const billRoutes: AppModule = async (app, ctx) => {
  const { db } = ctx;
  await registerBillJobs(ctx);

  app.get(
    '/bills/billers',
    {
      config: employeeAccess,
      schema: {
        tags,
        summary: 'The billers and the reference format each checks',
        response: { 200: z.array(ZBillerWire) },
      },
    },
    async () => [...BILLERS],
  );

  app.post(
    '/bills/lookup',
    {
      config: employeeAccess,
      schema: {
        tags,
        summary: 'Looks a bill up on the bill-payment platform: amount due, due date, masked holder',
        body: ZBillLookupRequest,
        response: { 200: ZBillLookup },
      },
    },
    async (request) => serializeLookup(await lookupBill(ctx.billPayment, request.body)),
  );

  app.post(
    '/bills',
    {
      config: employeeAccess,
      schema: {
        tags,
        summary: 'Pays a bill out of the caller’s available balance (Idempotency-Key honoured)',
        body: ZPayBillRequest,
        response: { 201: ZBill },
      },
    },
    async (request, reply) => {
      const key = readIdempotencyKey(request.headers);
      const result = await createBillPayment(
        { db, jobs: ctx.jobs, billPayment: ctx.billPayment, log: request.log },
        requireSession(request),
        request.body,
        key,
      );
      return idempotentReply(reply, result);
    },
  );

  app.get(
    '/bills',
    {
      config: employeeAccess,
      schema: { tags, querystring: ZBillsQuery, response: { 200: paginated(ZBill) } },
    },
    async (request) => {
      const query = request.query;
      const scope = listScopeOf(request, query.employee);
      const limit = pageSize(query.limit, requireSession(request).company?.itemsPerPage);
      const offset = query.offset ?? 0;
      if (scope.empty) return limitOffsetPage(request, { count: 0, limit, offset, results: [] });
      const { count, countIsEstimate, rows } = await listBills(
        db,
        scope,
        {
          status: union(query.status, query.status_in),
          biller: union(query.biller, query.biller_in),
          createdAfter: query.created_after,
          createdBefore: query.created_before,
          search: query.search,
          period: periodOf(query),
          ordering: query.ordering,
        },
        { limit, offset },
        ctx.config.LIST_EXACT_COUNT_LIMIT,
      );
      return limitOffsetPage(request, {
        count,
        countIsEstimate,
        limit,
        offset,
        results: rows.map((row) => serializeBill(row.bill, row.employee)),
      });
    },
  );

  app.get(
    '/bills/:id',
    {
      config: employeeAccess,
      schema: {
        tags,
        summary: 'One bill (its status after the payment)',
        params: ZObjectIdParams,
        response: { 200: ZBill },
      },
    },
    async (request) => {
      const row = await findBill(db, detailScopeOf(request), objectIdOrNotFound(request.params.id));
      if (!row) throw notFound();
      return serializeBill(row.bill, row.employee);
    },
  );

  app.get(
    '/bills/:id/receipt',
    {
      config: employeeAccess,
      schema: {
        tags,
        summary: 'The payment receipt (PDF download) once the biller confirmed; the payer and their HR only',
        params: ZObjectIdParams,
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const row = await findBill(db, detailScopeOf(request), objectIdOrNotFound(request.params.id));
      if (!row) throw notFound();
      if (row.bill.status !== 'executed') throw new AppError('BILL_RECEIPT_NOT_READY', { status: 409 });
      const pdf = await buildBillReceipt(row.bill, {
        firstName: row.employee.firstName,
        lastName: row.employee.lastName,
        company: session.company?.name ?? '',
      });
      // Personal data (law 09-08): who downloaded which receipt is logged.
      request.log.info({ billId: row.bill.id, downloadedBy: session.user.id }, 'bill receipt downloaded');
      return sendPrivateFile(reply, pdf, 'application/pdf', `recu-facture-${row.bill.id}.pdf`);
    },
  );
};
