import {
  WALLET_TRANSACTION_TYPES,
  ZWalletBalance,
  ZWalletExport,
  ZWalletExportRequest,
  ZWalletTransaction,
} from '@tasbiq/contracts/company-wallet';
import { paginated } from '@tasbiq/contracts/wire';
import { z } from 'zod';
import type { AppModule } from '../../context.ts';
import { companyIdOf, requireSession } from '../../lib/auth/access-control.ts';
import { csvAttachmentHeaders } from '../../lib/csv.ts';
import { notFound } from '../../lib/errors.ts';
import { pageSize, zCsvOf, zDateParam, zLimit, zOffset, zPage, zSearch } from '../../lib/list-params.ts';
import { centimesToWire } from '../../lib/money.ts';
import { limitOffsetPage, pageNumberPage } from '../../lib/pagination.ts';
import { objectIdOrNotFound, ZObjectIdParams } from '../../lib/path-id.ts';
import { casablancaDate } from '../../lib/time.ts';
import { findWalletExport, listWalletExports, listWalletTransactions, walletTotals } from './queries.ts';
import { createWalletExport, serializeWalletExport, serializeWalletTransaction } from './service.ts';

const zType = z.enum(WALLET_TRANSACTION_TYPES);

/** `limit` + `page` (DRF PageNumberPagination), `transaction_type(_in)`, `search`, `created_after/before`. */
const ZWalletTransactionsQuery = z.object({
  limit: zLimit,
  page: zPage,
  transaction_type: zType.optional(),
  transaction_type_in: zCsvOf(zType),
  search: zSearch,
  created_after: zDateParam,
  created_before: zDateParam,
});

const ZExportBody = ZWalletExportRequest.extend({
  created_after: zDateParam,
  created_before: zDateParam,
});

const splitSearch = (search: string | undefined) => search?.split(/\s+/).filter(Boolean);

/** HR's company wallet: balance, movements, CSV exports (spec §7 Company wallet). */
export const companyWalletRoutes: AppModule = async (app, { db, storage }) => {
  app.get(
    '/company/wallet/balance',
    { config: { roles: ['RH'] }, schema: { tags: ['company-wallet'], response: { 200: ZWalletBalance } } },
    async (request) => {
      const totals = await walletTotals(db, companyIdOf(request));
      return {
        balance: centimesToWire(totals.balance),
        total_credit: centimesToWire(totals.credit),
        total_debit: centimesToWire(totals.debit),
      };
    },
  );

  app.get(
    '/company/wallet/transactions',
    {
      config: { roles: ['RH'] },
      schema: {
        tags: ['company-wallet'],
        querystring: ZWalletTransactionsQuery,
        response: { 200: paginated(ZWalletTransaction) },
      },
    },
    async (request) => {
      const companyId = companyIdOf(request);
      const query = request.query;
      const limit = pageSize(query.limit, requireSession(request).company?.itemsPerPage);
      const page = query.page ?? 1;
      const { count, rows } = await listWalletTransactions(
        db,
        companyId,
        {
          transactionType: query.transaction_type,
          transactionTypeIn: query.transaction_type_in,
          search: query.search,
          createdAfter: query.created_after,
          createdBefore: query.created_before,
        },
        { limit, offset: (page - 1) * limit },
      );
      return pageNumberPage(request, { count, limit, page, results: rows.map(serializeWalletTransaction) });
    },
  );

  app.post(
    '/company/wallet/export',
    {
      config: { roles: ['RH'] },
      schema: {
        tags: ['company-wallet'],
        summary: 'Exports the filtered wallet movements as a CSV (French Excel), now',
        body: ZExportBody.nullish(),
        response: { 201: ZWalletExport },
      },
    },
    async (request, reply) => {
      const companyId = companyIdOf(request);
      const body = request.body ?? {};
      const row = await createWalletExport(db, storage, {
        log: request.log,
        companyId,
        createdBy: requireSession(request).user.id,
        filters: {
          transactionType: body.transaction_type,
          transactionTypeIn: body.transaction_type_in,
          search: splitSearch(body.search),
          createdAfter: body.created_after,
          createdBefore: body.created_before,
        },
        rawFilters: body,
      });
      reply.status(201);
      return serializeWalletExport(row);
    },
  );

  app.get(
    '/company/wallet/export',
    {
      config: { roles: ['RH'] },
      schema: {
        tags: ['company-wallet'],
        querystring: z.object({ limit: zLimit, offset: zOffset }),
        response: { 200: paginated(ZWalletExport) },
      },
    },
    async (request) => {
      const companyId = companyIdOf(request);
      const limit = pageSize(request.query.limit, requireSession(request).company?.itemsPerPage);
      const offset = request.query.offset ?? 0;
      const { count, rows } = await listWalletExports(db, companyId, { limit, offset });
      return limitOffsetPage(request, { count, limit, offset, results: rows.map(serializeWalletExport) });
    },
  );

  app.get(
    '/company/wallet/export/:id/download',
    { config: { roles: ['RH'] }, schema: { tags: ['company-wallet'], params: ZObjectIdParams } },
    async (request, reply) => {
      const row = await findWalletExport(db, companyIdOf(request), objectIdOrNotFound(request.params.id));
      if (row?.status !== 'finished' || !row.fileKey) throw notFound();
      const data = await storage.get(row.fileKey);
      return reply
        .headers(csvAttachmentHeaders(`portefeuille-${casablancaDate(row.createdAt)}-${row.id}.csv`))
        .send(data);
    },
  );
};
