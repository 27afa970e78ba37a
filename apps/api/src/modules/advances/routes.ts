import {
  ADVANCE_ORDERING_FIELDS,
  DAILY_STATS_DEFAULT_DAYS,
  DAILY_STATS_MAX_DAYS,
  ZAdvance,
  ZAdvanceSimulation,
  ZCancelAdvanceRequest,
  ZCreateAdvanceRequest,
  ZDailyStat,
  ZEmployeeSolde,
  ZSimulateAdvanceRequest,
} from '@tasbiq/contracts/advances';
import { ADVANCE_STATUSES } from '@tasbiq/contracts/money';
import { isHr } from '@tasbiq/contracts/roles';
import { paginated } from '@tasbiq/contracts/wire';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppModule } from '../../context.ts';
import { companyIdOf, isFeatureEnabled, requireSession } from '../../lib/auth/access-control.ts';
import { notFound, permissionDenied } from '../../lib/errors.ts';
import { idempotentReply, readIdempotencyKey } from '../../lib/idempotency.ts';
import { pageSize, ZListQuery, zBool, zCsvOf, zDateParam } from '../../lib/list-params.ts';
import { centimesToWire, wireToCentimes } from '../../lib/money.ts';
import { limitOffsetPage } from '../../lib/pagination.ts';
import { objectIdOrNotFound, ZObjectIdParams } from '../../lib/path-id.ts';
import { casablancaMonth, casablancaMonthRange, casablancaYearRange } from '../../lib/time.ts';
import { ribDelaySeconds, sendAdvancePayout } from '../payouts/payout-jobs.ts';
import { type AdvanceFilters, dailyAdvanceStats, listAdvances, loadEmployeeSolde } from './queries.ts';
import { serializeAdvance } from './serialize.ts';
import { type AdvanceCaller, cancelAdvance, createAdvance, simulateEmployeeAdvance } from './service.ts';

const tags = ['advances'];
const zStatus = z.enum(ADVANCE_STATUSES);
const zInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, { message: 'invalid' })
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .optional();

/**
 * GET /advances/ filters (spec §7: limit, offset, status, status_in, free, created_after,
 * created_before, employee, search) plus `month`/`year` (history screen) and `ordering`
 * (created, amount, status). `employee` is an employee id, or `me` for the caller's own.
 */
const ZAdvanceListQuery = ZListQuery.extend({
  status: zStatus.optional(),
  status_in: zCsvOf(zStatus),
  free: zBool,
  created_after: zDateParam,
  created_before: zDateParam,
  employee: z
    .union([
      z.literal('me'),
      z
        .string()
        .regex(/^\d{1,9}$/, { message: 'invalid' })
        .transform(Number),
    ])
    .optional(),
  month: zInt(1, 12),
  year: zInt(2000, 2100),
});

const ZDailyStatsQuery = z.object({ days: zInt(1, DAILY_STATS_MAX_DAYS) });

/** The caller as an employee: the session's account and employment record (403 without one). */
function callerOf(request: FastifyRequest): AdvanceCaller {
  const session = requireSession(request);
  if (!session.employee) throw permissionDenied();
  return {
    userId: session.user.id,
    companyId: companyIdOf(request),
    employee: {
      id: session.employee.id,
      firstName: session.user.firstName,
      lastName: session.user.lastName,
      serial: session.employee.serial,
    },
  };
}

/** `month` (and `year`, default the current Casablanca year) → [first day, first day of next month). */
function monthRange(month: number | undefined, year: number | undefined, now = new Date()) {
  if (month === undefined && year === undefined) return {};
  const y = year ?? casablancaMonth(now).year;
  const { start, end } = month === undefined ? casablancaYearRange(y) : casablancaMonthRange(y, month);
  return { createdFrom: start, createdUntil: end };
}

function union<T>(one: T | undefined, many: T[] | undefined): T[] | undefined {
  if (one === undefined && many === undefined) return undefined;
  return [...(one === undefined ? [] : [one]), ...(many ?? [])];
}

/** Salary advances (spec §7 Advances) and the employee's balance (GET /employees/solde). */
export const advanceRoutes: AppModule = async (app, ctx) => {
  const { db } = ctx;
  const employeeOnly = { employee: true, feature: 'advances' as const };

  app.get(
    '/employees/solde',
    {
      config: { employee: true },
      schema: {
        tags,
        summary: 'What the employee may still draw this month',
        response: { 200: ZEmployeeSolde },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const company = requireSession(request).company!;
      // Advances and top-ups draw on the same balance: either feature shows it.
      if (!isFeatureEnabled(company, 'advances') && !isFeatureEnabled(company, 'recharges'))
        throw permissionDenied();
      const solde = await loadEmployeeSolde(db, {
        employeeId: caller.employee.id,
        companyId: caller.companyId,
      });
      if (!solde) throw notFound();
      return solde;
    },
  );

  app.post(
    '/advances/simulate',
    {
      config: { ...employeeOnly, readOnly: true },
      schema: {
        tags,
        summary: 'Cost of an advance and whether it may go ahead (200 even when refused: error_code)',
        body: ZSimulateAdvanceRequest,
        response: { 200: ZAdvanceSimulation },
      },
    },
    async (request) =>
      simulateEmployeeAdvance(db, callerOf(request), wireToCentimes(request.body.amount as string)!),
  );

  app.post(
    '/advances',
    {
      config: employeeOnly,
      schema: {
        tags,
        summary: 'Requests an advance (honours Idempotency-Key)',
        body: ZCreateAdvanceRequest,
        response: { 201: ZAdvance },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const idempotencyKey = readIdempotencyKey(request.headers);
      const body = request.body;
      const created = await createAdvance(db, caller, {
        amountCentimes: wireToCentimes(body.amount as string)!,
        payoutMethod: body.payout_method,
        ribDelaySeconds: ribDelaySeconds(ctx.config),
        idempotencyKey,
        body,
      });
      if (created.payoutDelaySeconds !== null) {
        // After the commit. A lost send is not an error for the employee: the sweeper re-sends it.
        await sendAdvancePayout(ctx.jobs, created.body.id, created.payoutDelaySeconds).catch((error) =>
          request.log.error({ err: error, advanceId: created.body.id }, 'payout job not queued'),
        );
      }
      return idempotentReply(reply, created);
    },
  );

  app.post(
    '/advances/:id/cancel',
    {
      config: employeeOnly,
      schema: {
        tags,
        summary: 'Cancels one of the caller’s pending advances',
        params: ZObjectIdParams,
        body: ZCancelAdvanceRequest,
        response: { 200: ZAdvance },
      },
    },
    async (request) =>
      cancelAdvance(db, callerOf(request), objectIdOrNotFound(request.params.id), request.body.reason),
  );

  app.get(
    '/advances',
    {
      config: employeeOnly,
      schema: {
        tags,
        summary: `Advances: an employee's own; RH/DRH the company's (employee=me for their own). Ordering: ${ADVANCE_ORDERING_FIELDS.join(', ')}`,
        querystring: ZAdvanceListQuery,
        response: { 200: paginated(ZAdvance) },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const caller = callerOf(request);
      const query = request.query;
      const limit = pageSize(query.limit, session.company?.itemsPerPage);
      const offset = query.offset ?? 0;
      const asked = query.employee === 'me' ? caller.employee.id : query.employee;
      // Plain employees only ever see their own advances; HR sees the company's.
      const employeeId = isHr(session.user.roles) ? asked : caller.employee.id;
      if (employeeId !== asked && asked !== undefined) {
        return limitOffsetPage(request, { count: 0, limit, offset, results: [] });
      }
      const filters: AdvanceFilters & { limit: number; offset: number } = {
        employeeId,
        status: union(query.status, query.status_in),
        free: query.free,
        createdAfter: query.created_after,
        createdBefore: query.created_before,
        ...monthRange(query.month, query.year),
        search: query.search,
        ordering: query.ordering,
        limit,
        offset,
      };
      const { count, countIsEstimate, rows } = await listAdvances(
        db,
        caller.companyId,
        filters,
        ctx.config.LIST_EXACT_COUNT_LIMIT,
      );
      return limitOffsetPage(request, {
        count,
        countIsEstimate,
        limit,
        offset,
        results: rows.map((row) => serializeAdvance(row.advance, row.employee)),
      });
    },
  );

  app.get(
    '/advances/stats/daily',
    {
      config: { roles: ['RH'], feature: 'advances' },
      schema: {
        tags,
        summary: 'Advances per Casablanca day (not canceled, rejected or failed), zeros filled, oldest first',
        querystring: ZDailyStatsQuery,
        response: { 200: z.array(ZDailyStat) },
      },
    },
    async (request) => {
      const days = request.query.days ?? DAILY_STATS_DEFAULT_DAYS;
      const stats = await dailyAdvanceStats(db, companyIdOf(request), days);
      return stats.map((s) => ({ date: s.date, count: s.count, amount: centimesToWire(s.amountCentimes) }));
    },
  );
};
