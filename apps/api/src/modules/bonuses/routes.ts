import {
  BONUS_ORDERING_FIELDS,
  BONUS_PAYMENT_STATUSES,
  BONUS_RECURRENCES,
  BONUS_STATUSES,
  BONUS_TITLES,
  BONUS_TYPES,
  ZBonus,
  ZBonusBeneficiary,
  ZBonusFileParse,
  ZBonusReplyRequest,
  ZBonusTransaction,
  ZBonusWriteRequest,
} from '@tasbiq/contracts/bonuses';
import { DASHBOARD_LAST_BONUSES } from '@tasbiq/contracts/constants';
import { paginated } from '@tasbiq/contracts/wire';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppModule } from '../../context.ts';
import { companyIdOf, requireSession } from '../../lib/auth/access-control.ts';
import { readCsvForm } from '../../lib/csv-form.ts';
import { fieldError, notFound, permissionDenied } from '../../lib/errors.ts';
import { pageSize, ZListQuery, zBool, zCsvOf, zDateParam, zIdParam } from '../../lib/list-params.ts';
import { limitOffsetPage } from '../../lib/pagination.ts';
import { objectIdOrNotFound, ZObjectIdParams } from '../../lib/path-id.ts';
import type { BonusWriteBody } from './beneficiaries.ts';
import { sendBonusPayout } from './jobs.ts';
import { parseBonusFile } from './parse-service.ts';
import { findBonusRow, listBeneficiaries, listBonuses, listOwnPayments, paymentCountsOf } from './queries.ts';
import { replyToBonus } from './reply-service.ts';
import { serializeBeneficiary, serializeBonus, serializeBonusTransaction } from './serialize.ts';
import {
  type BonusCaller,
  createBonus,
  loadBonus,
  markBonusPaymentSeen,
  unsaveBonus,
  updateBonus,
} from './service.ts';

const tags = ['bonuses'];
const hr = { roles: ['RH' as const], feature: 'bonuses' as const };
const drh = { roles: ['DRH' as const], feature: 'bonuses' as const };
const employeeOnly = { employee: true, feature: 'bonuses' as const };

/** GET /bonuses/ filters (issue 13: status, type, title, recurrence, created dates, search, employee). */
const ZBonusListQuery = ZListQuery.extend({
  status: z.enum(BONUS_STATUSES).optional(),
  status_in: zCsvOf(z.enum(BONUS_STATUSES)),
  type: z.enum(BONUS_TYPES).optional(),
  title: z.enum(BONUS_TITLES).optional(),
  title_in: zCsvOf(z.enum(BONUS_TITLES)),
  recurrence_type: z.enum(BONUS_RECURRENCES).optional(),
  recurrence_type_in: zCsvOf(z.enum(BONUS_RECURRENCES)),
  is_saved: zBool,
  created_after: zDateParam,
  created_before: zDateParam,
  employee: zIdParam,
});

const ZBeneficiaryQuery = ZListQuery.extend({
  status: z.enum(BONUS_PAYMENT_STATUSES).optional(),
  status_in: zCsvOf(z.enum(BONUS_PAYMENT_STATUSES)),
});

const ZPageQuery = ZListQuery.pick({ limit: true, offset: true });

function union<T>(one: T | undefined, many: T[] | undefined): T[] | undefined {
  if (one === undefined && many === undefined) return undefined;
  return [...(one === undefined ? [] : [one]), ...(many ?? [])];
}

function callerOf(request: FastifyRequest): BonusCaller {
  const session = requireSession(request);
  return {
    userId: session.user.id,
    companyId: companyIdOf(request),
    employeeId: session.employee?.id ?? null,
  };
}

function ownEmployeeOf(request: FastifyRequest) {
  const session = requireSession(request);
  if (!session.employee) throw permissionDenied();
  return { companyId: companyIdOf(request), employeeId: session.employee.id };
}

/** Bonuses (spec §7 Bonuses; issue 13): HR's twelve calls plus edit and beneficiaries, the employee's side. */
export const bonusRoutes: AppModule = async (app, ctx) => {
  const { db } = ctx;

  async function page(
    request: FastifyRequest,
    query: z.infer<typeof ZBonusListQuery>,
    extra: { isSaved?: boolean } = {},
  ) {
    const session = requireSession(request);
    const companyId = companyIdOf(request);
    const limit = pageSize(query.limit, session.company?.itemsPerPage);
    const offset = query.offset ?? 0;
    const { count, rows } = await listBonuses(
      db,
      companyId,
      {
        status: union(query.status, query.status_in),
        type: query.type,
        title: union(query.title, query.title_in),
        recurrenceType: union(query.recurrence_type, query.recurrence_type_in),
        isSaved: extra.isSaved ?? query.is_saved,
        createdAfter: query.created_after,
        createdBefore: query.created_before,
        employeeId: query.employee,
        search: query.search,
        ordering: query.ordering,
      },
      { limit, offset },
    );
    const counts = await paymentCountsOf(
      db,
      rows.map((r) => r.bonus.id),
    );
    return limitOffsetPage(request, {
      count,
      limit,
      offset,
      results: rows.map((row) => serializeBonus(row, counts.get(row.bonus.id)!)),
    });
  }

  app.post(
    '/bonuses',
    {
      config: hr,
      schema: {
        tags,
        summary: 'Creates a bonus, pending until a DRH other than its author replies',
        body: ZBonusWriteRequest,
        response: { 201: ZBonus },
      },
    },
    async (request, reply) => {
      const bonus = await createBonus(db, callerOf(request), request.body as BonusWriteBody);
      reply.status(201);
      return bonus;
    },
  );

  app.put(
    '/bonuses/:id',
    {
      config: hr,
      schema: {
        tags,
        summary: 'Edits a pending bonus (BONUS_NOT_PENDING once replied to)',
        params: ZObjectIdParams,
        body: ZBonusWriteRequest,
        response: { 200: ZBonus },
      },
    },
    async (request) =>
      updateBonus(
        db,
        callerOf(request),
        objectIdOrNotFound(request.params.id),
        request.body as BonusWriteBody,
      ),
  );

  app.get(
    '/bonuses',
    {
      config: hr,
      schema: {
        tags,
        summary: `The company's bonuses, newest first. Ordering: ${BONUS_ORDERING_FIELDS.join(', ')}`,
        querystring: ZBonusListQuery,
        response: { 200: paginated(ZBonus) },
      },
    },
    async (request) => page(request, request.query),
  );

  app.get(
    '/bonuses/saved',
    {
      config: hr,
      schema: {
        tags,
        summary: 'Saved bonuses (models to reuse), newest first',
        querystring: ZBonusListQuery,
        response: { 200: paginated(ZBonus) },
      },
    },
    async (request) => page(request, request.query, { isSaved: true }),
  );

  app.get(
    '/bonuses/latest',
    {
      config: hr,
      schema: {
        tags,
        summary: `The ${DASHBOARD_LAST_BONUSES} latest bonuses (HR dashboard)`,
        response: { 200: z.array(ZBonus) },
      },
    },
    async (request) => {
      const companyId = companyIdOf(request);
      const { rows } = await listBonuses(db, companyId, {}, { limit: DASHBOARD_LAST_BONUSES, offset: 0 });
      const counts = await paymentCountsOf(
        db,
        rows.map((r) => r.bonus.id),
      );
      return rows.map((row) => serializeBonus(row, counts.get(row.bonus.id)!));
    },
  );

  app.post(
    '/bonuses/parse',
    {
      config: hr,
      schema: {
        tags,
        summary:
          'Reads a CSV or .xlsx of `CIN or matricule; amount` (multipart `file`): matched employees and a row report; saves nothing',
        response: { 200: ZBonusFileParse },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw fieldError('file', 'required');
      const form = await readCsvForm(request, ['file', 'csvfile']);
      if (!form.file) throw fieldError('file', 'required');
      return parseBonusFile(db, companyIdOf(request), form.file.data);
    },
  );

  app.get(
    '/bonuses/transactions',
    {
      config: employeeOnly,
      schema: {
        tags,
        summary: 'The caller’s bonuses (confirmed, paid or failed), newest first',
        querystring: ZPageQuery,
        response: { 200: paginated(ZBonusTransaction) },
      },
    },
    async (request) => {
      const own = ownEmployeeOf(request);
      const limit = pageSize(request.query.limit, requireSession(request).company?.itemsPerPage);
      const offset = request.query.offset ?? 0;
      const { count, rows } = await listOwnPayments(db, own.companyId, own.employeeId, { limit, offset });
      return limitOffsetPage(request, { count, limit, offset, results: rows.map(serializeBonusTransaction) });
    },
  );

  app.get(
    '/bonuses/transactions/latest',
    {
      config: employeeOnly,
      schema: {
        tags,
        summary: 'The caller’s 3 latest bonuses (home tile)',
        response: { 200: z.array(ZBonusTransaction) },
      },
    },
    async (request) => {
      const own = ownEmployeeOf(request);
      const { rows } = await listOwnPayments(db, own.companyId, own.employeeId, { limit: 3, offset: 0 });
      return rows.map(serializeBonusTransaction);
    },
  );

  app.get(
    '/bonuses/transactions/unseen',
    {
      config: employeeOnly,
      schema: {
        tags,
        summary: 'The caller’s paid bonuses not yet celebrated (seen = false)',
        response: { 200: z.array(ZBonusTransaction) },
      },
    },
    async (request) => {
      const own = ownEmployeeOf(request);
      const { rows } = await listOwnPayments(db, own.companyId, own.employeeId, {
        unseenOnly: true,
        limit: 50,
        offset: 0,
      });
      return rows.map(serializeBonusTransaction);
    },
  );

  app.post(
    '/bonuses/transactions/:id/seen',
    {
      config: employeeOnly,
      schema: {
        tags,
        summary: 'Marks one of the caller’s bonuses as seen (celebrated)',
        params: ZObjectIdParams,
        response: { 200: z.object({ id: z.number().int(), is_seen: z.literal(true) }) },
      },
    },
    async (request) => {
      const id = await markBonusPaymentSeen(
        db,
        ownEmployeeOf(request),
        objectIdOrNotFound(request.params.id),
      );
      return { id, is_seen: true as const };
    },
  );

  app.get(
    '/bonuses/:id',
    {
      config: hr,
      schema: {
        tags,
        summary: 'One bonus with its payment progress',
        params: ZObjectIdParams,
        response: { 200: ZBonus },
      },
    },
    async (request) => loadBonus(db, companyIdOf(request), objectIdOrNotFound(request.params.id)),
  );

  app.get(
    '/bonuses/:id/beneficiaries',
    {
      config: hr,
      schema: {
        tags,
        summary: 'The beneficiaries of one bonus, with their amount and payment status',
        params: ZObjectIdParams,
        querystring: ZBeneficiaryQuery,
        response: { 200: paginated(ZBonusBeneficiary) },
      },
    },
    async (request) => {
      const companyId = companyIdOf(request);
      const bonusId = objectIdOrNotFound(request.params.id);
      const row = await findBonusRow(db, companyId, bonusId);
      if (!row) throw notFound();
      const limit = pageSize(request.query.limit, requireSession(request).company?.itemsPerPage);
      const offset = request.query.offset ?? 0;
      const { count, rows } = await listBeneficiaries(
        db,
        companyId,
        bonusId,
        { status: union(request.query.status, request.query.status_in), search: request.query.search },
        { limit, offset },
      );
      return limitOffsetPage(request, { count, limit, offset, results: rows.map(serializeBeneficiary) });
    },
  );

  app.post(
    '/bonuses/:id/reply',
    {
      config: drh,
      schema: {
        tags,
        summary:
          'A DRH other than the author confirms all, refuses all, or confirms some (partial); confirmation debits the wallet and queues the payouts',
        params: ZObjectIdParams,
        body: ZBonusReplyRequest,
        response: { 200: ZBonus },
      },
    },
    async (request) => {
      const bonusId = objectIdOrNotFound(request.params.id);
      const result = await replyToBonus(db, callerOf(request), bonusId, request.body);
      if (result.confirmedCount > 0) {
        // After the commit; a lost send is caught up by the sweeper.
        await sendBonusPayout(ctx.jobs, bonusId).catch((error) =>
          request.log.error({ err: error, bonusId }, 'bonus payout job not queued'),
        );
      }
      return result.bonus;
    },
  );

  app.post(
    '/bonuses/:id/unsave',
    {
      config: hr,
      schema: {
        tags,
        summary: 'No longer a saved model; stops its recurrence (on an occurrence: its series)',
        params: ZObjectIdParams,
        response: { 200: ZBonus },
      },
    },
    async (request) => unsaveBonus(db, callerOf(request), objectIdOrNotFound(request.params.id)),
  );
};
