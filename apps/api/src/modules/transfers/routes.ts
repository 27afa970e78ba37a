import {
  TRANSFER_STATUSES,
  ZCreateTransferRequest,
  ZTransfer,
  ZTransferRecipient,
  ZTransferRecipientRequest,
} from '@tasbiq/contracts/transfers';
import { paginated } from '@tasbiq/contracts/wire';
import { z } from 'zod';
import type { AppModule } from '../../context.ts';
import { requireSession } from '../../lib/auth/access-control.ts';
import { notFound, permissionDenied } from '../../lib/errors.ts';
import { idempotentReply, readIdempotencyKey } from '../../lib/idempotency.ts';
import { pageSize, ZListQuery, zCsvOf, zDateParam } from '../../lib/list-params.ts';
import { limitOffsetPage } from '../../lib/pagination.ts';
import { objectIdOrNotFound, ZObjectIdParams } from '../../lib/path-id.ts';
import {
  detailScopeOf,
  listScopeOf,
  periodOf,
  zEmployeeParam,
  zMonth,
  zYear,
} from '../recharges/list-scope.ts';
import { cancelTransfer } from './cancel-transfer.ts';
import { createTransfer } from './create-transfer.ts';
import { registerTransferJobs } from './jobs.ts';
import { findTransfer, listRecipients, listTransfers } from './queries.ts';
import { addRecipient, removeRecipient } from './recipients.ts';
import { serializeRecipient, serializeTransfer } from './serialize.ts';

const tags = ['transfers'];
const employeeAccess = { employee: true, feature: 'transfers' as const };

const ZTransfersQuery = ZListQuery.extend({
  status: z.enum(TRANSFER_STATUSES).optional(),
  status_in: zCsvOf(z.enum(TRANSFER_STATUSES)),
  created_after: zDateParam,
  created_before: zDateParam,
  employee: zEmployeeParam,
  month: zMonth,
  year: zYear,
});

function union<T>(one: T | undefined, many: T[] | undefined): T[] | undefined {
  if (one === undefined && many === undefined) return undefined;
  return [...(one === undefined ? [] : [one]), ...(many ?? [])];
}

/** Money transfers for cash pick-up (issue 16, decision 044), saved recipients, and their jobs. */
export const transferRoutes: AppModule = async (app, ctx) => {
  const { db } = ctx;
  const deps = { db, network: ctx.moneyTransfer };
  await registerTransferJobs({ ...deps, jobs: ctx.jobs, log: app.log });

  const ownerOf = (request: Parameters<typeof requireSession>[0]) => {
    const employee = requireSession(request).employee;
    if (!employee) throw permissionDenied();
    return { employeeId: employee.id, companyId: employee.companyId };
  };

  app.get(
    '/transfers/recipients',
    {
      config: employeeAccess,
      schema: {
        tags,
        summary: 'The caller’s saved recipients',
        response: { 200: z.array(ZTransferRecipient) },
      },
    },
    async (request) => (await listRecipients(db, ownerOf(request).employeeId)).map(serializeRecipient),
  );

  app.post(
    '/transfers/recipients',
    {
      config: employeeAccess,
      schema: { tags, body: ZTransferRecipientRequest, response: { 201: ZTransferRecipient } },
    },
    async (request, reply) => reply.code(201).send(await addRecipient(db, ownerOf(request), request.body)),
  );

  app.delete(
    '/transfers/recipients/:id',
    { config: employeeAccess, schema: { tags, params: ZObjectIdParams } },
    async (request, reply) => {
      await removeRecipient(db, ownerOf(request), objectIdOrNotFound(request.params.id));
      return reply.code(204).send();
    },
  );

  app.post(
    '/transfers',
    {
      config: employeeAccess,
      schema: {
        tags,
        summary:
          'Sends money for cash pick-up out of the caller’s available balance (Idempotency-Key honoured)',
        body: ZCreateTransferRequest,
        response: { 201: ZTransfer },
      },
    },
    async (request, reply) => {
      const key = readIdempotencyKey(request.headers);
      const result = await createTransfer(
        { db, jobs: ctx.jobs, log: request.log },
        requireSession(request),
        request.body,
        key,
      );
      return idempotentReply(reply, result);
    },
  );

  app.get(
    '/transfers',
    {
      config: employeeAccess,
      schema: { tags, querystring: ZTransfersQuery, response: { 200: paginated(ZTransfer) } },
    },
    async (request) => {
      const query = request.query;
      const scope = listScopeOf(request, query.employee);
      const limit = pageSize(query.limit, requireSession(request).company?.itemsPerPage);
      const offset = query.offset ?? 0;
      if (scope.empty) return limitOffsetPage(request, { count: 0, limit, offset, results: [] });
      const { count, countIsEstimate, rows } = await listTransfers(
        db,
        scope,
        {
          status: union(query.status, query.status_in),
          createdAfter: query.created_after,
          createdBefore: query.created_before,
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
        results: rows.map((row) => serializeTransfer(row.transfer, row.employee)),
      });
    },
  );

  app.get(
    '/transfers/:id',
    { config: employeeAccess, schema: { tags, params: ZObjectIdParams, response: { 200: ZTransfer } } },
    async (request) => {
      const row = await findTransfer(db, detailScopeOf(request), objectIdOrNotFound(request.params.id));
      if (!row) throw notFound();
      return serializeTransfer(row.transfer, row.employee);
    },
  );

  app.post(
    '/transfers/:id/cancel',
    {
      config: employeeAccess,
      schema: {
        tags,
        summary: 'The sender cancels before collection (refunded)',
        params: ZObjectIdParams,
        response: { 200: ZTransfer },
      },
    },
    async (request) => cancelTransfer(deps, requireSession(request), objectIdOrNotFound(request.params.id)),
  );
};
