import { DAILY_STATS_DEFAULT_DAYS, DAILY_STATS_MAX_DAYS, ZDailyStat } from '@tasbiq/contracts/advances';
import { RECHARGE_PRODUCTS, RECHARGE_STATUSES, TELECOM_OPERATORS } from '@tasbiq/contracts/money';
import {
  ZCreateRechargeRequest,
  ZRecharge,
  ZRechargeProductsQuery,
  ZRechargeProductWire,
} from '@tasbiq/contracts/recharges';
import { paginated } from '@tasbiq/contracts/wire';
import { z } from 'zod';
import type { AppModule } from '../../context.ts';
import { companyIdOf, requireSession } from '../../lib/auth/access-control.ts';
import { notFound } from '../../lib/errors.ts';
import { idempotentReply, readIdempotencyKey } from '../../lib/idempotency.ts';
import { pageSize, ZListQuery, zCsvOf, zDateParam } from '../../lib/list-params.ts';
import { limitOffsetPage } from '../../lib/pagination.ts';
import { objectIdOrNotFound, ZObjectIdParams } from '../../lib/path-id.ts';
import { lastCasablancaDays } from '../../lib/time.ts';
import { createRecharge } from './create-recharge.ts';
import { fillDays } from './daily-stats.ts';
import { registerRechargeJobs } from './jobs.ts';
import { detailScopeOf, listScopeOf, periodOf, zEmployeeParam, zMonth, zYear } from './list-scope.ts';
import { findRecharge, listRecharges, rechargesPerDay } from './queries.ts';
import { serializeRecharge } from './serialize.ts';

const tags = ['recharges'];
const employeeAccess = { employee: true, feature: 'recharges' as const };

/** GET /recharges/ filters (spec §7 "filters", aligned on GET /advances/). */
const ZRechargesQuery = ZListQuery.extend({
  status: z.enum(RECHARGE_STATUSES).optional(),
  status_in: zCsvOf(z.enum(RECHARGE_STATUSES)),
  operator: z.enum(TELECOM_OPERATORS).optional(),
  operator_in: zCsvOf(z.enum(TELECOM_OPERATORS)),
  created_after: zDateParam,
  created_before: zDateParam,
  employee: zEmployeeParam,
  month: zMonth,
  year: zYear,
});

const ZDailyStatsQuery = z.object({
  days: z.coerce.number().int().min(1).max(DAILY_STATS_MAX_DAYS).optional(),
});

function union<T>(one: T | undefined, many: T[] | undefined): T[] | undefined {
  if (one === undefined && many === undefined) return undefined;
  return [...(one === undefined ? [] : [one]), ...(many ?? [])];
}

/** Phone top-ups (spec §7 Recharges; decision 020), and their worker. */
export const rechargeRoutes: AppModule = async (app, ctx) => {
  const { db } = ctx;
  await registerRechargeJobs(ctx);

  app.get(
    '/recharge/products',
    {
      config: employeeAccess,
      schema: {
        tags,
        summary: 'The top-up catalogue, optionally for one operator',
        querystring: ZRechargeProductsQuery,
        response: { 200: z.array(ZRechargeProductWire) },
      },
    },
    async (request) => {
      const { operator } = request.query;
      return RECHARGE_PRODUCTS.filter((p) => operator === undefined || p.operator === operator);
    },
  );

  app.post(
    '/recharges',
    {
      config: employeeAccess,
      schema: {
        tags,
        summary: 'Tops up a Moroccan mobile out of the caller’s available balance (Idempotency-Key honoured)',
        body: ZCreateRechargeRequest,
        response: { 201: ZRecharge },
      },
    },
    async (request, reply) => {
      const key = readIdempotencyKey(request.headers);
      const result = await createRecharge(
        { db, jobs: ctx.jobs, log: request.log },
        requireSession(request),
        request.body,
        key,
      );
      return idempotentReply(reply, result);
    },
  );

  app.get(
    '/recharges',
    {
      config: employeeAccess,
      schema: { tags, querystring: ZRechargesQuery, response: { 200: paginated(ZRecharge) } },
    },
    async (request) => {
      const query = request.query;
      const scope = listScopeOf(request, query.employee);
      const limit = pageSize(query.limit, requireSession(request).company?.itemsPerPage);
      const offset = query.offset ?? 0;
      if (scope.empty) return limitOffsetPage(request, { count: 0, limit, offset, results: [] });
      const { count, countIsEstimate, rows } = await listRecharges(
        db,
        scope,
        {
          status: union(query.status, query.status_in),
          operator: union(query.operator, query.operator_in),
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
        results: rows.map((row) => serializeRecharge(row.recharge, row.employee)),
      });
    },
  );

  app.get(
    '/recharges/stats/daily',
    {
      config: { roles: ['RH'], feature: 'recharges' },
      schema: {
        tags: ['recharges', 'stats'],
        summary: 'Top-ups per Casablanca day over the last `days` days (default 30), zeros filled',
        querystring: ZDailyStatsQuery,
        response: { 200: z.array(ZDailyStat) },
      },
    },
    async (request) => {
      const window = lastCasablancaDays(request.query.days ?? DAILY_STATS_DEFAULT_DAYS);
      const rows = await rechargesPerDay(db, companyIdOf(request), window);
      return fillDays(window.days, rows);
    },
  );

  app.get(
    '/recharges/:id',
    {
      config: employeeAccess,
      schema: {
        tags,
        summary: 'One top-up (its status after the request)',
        params: ZObjectIdParams,
        response: { 200: ZRecharge },
      },
    },
    async (request) => {
      const row = await findRecharge(db, detailScopeOf(request), objectIdOrNotFound(request.params.id));
      if (!row) throw notFound();
      return serializeRecharge(row.recharge, row.employee);
    },
  );
};
