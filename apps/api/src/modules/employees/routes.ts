import {
  ACCOUNT_TYPES,
  EMPLOYEE_STATUSES,
  ZCreateEmployeeRequest,
  ZCreateEmployeeResponse,
  ZEmployeeAuditEntry,
  ZEmployeeDetail,
  ZEmployeeListItem,
  ZEmployeeProfileUpdate,
  ZEmployeeStats,
  ZSendLinkRequest,
  ZSendLinkResponse,
  ZUpdateEmployeeRequest,
} from '@tasbiq/contracts/employees';
import { paginated } from '@tasbiq/contracts/wire';
import { z } from 'zod';
import type { AppModule } from '../../context.ts';
import { companyIdOf, requireSession } from '../../lib/auth/access-control.ts';
import { listAudit } from '../../lib/employee-audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { pageSize, ZListQuery, zBool, zCsvOf, zIdParam } from '../../lib/list-params.ts';
import { limitOffsetPage } from '../../lib/pagination.ts';
import { objectIdOrNotFound, ZObjectIdParams } from '../../lib/path-id.ts';
import { RequestValidationError } from '../../lib/validation.ts';
import { activationRoutes } from './activation-routes.ts';
import { employeesCsv, exportFileName } from './export-csv.ts';
import {
  type EmployeeFilters,
  employeeStats,
  findEmployeeIdIn,
  listEmployees,
  listEmployeesForExport,
} from './queries.ts';
import { serializeListItem } from './serialize.ts';
import {
  getEmployeeDetail,
  inviteEmployee,
  sendEmployeeLink,
  updateEmployee,
  updateOwnProfile,
} from './service.ts';

const tags = ['employees'];

/**
 * Spec §7 filters of GET /employees/ (and the export): `search` (names, CIN, phone, e-mail,
 * matricule; every term), `is_active`, `group` (id), `grouped` (has a group or not),
 * `account_type` / `account_type_in` (employee, rh, drh), plus `status` / `status_in` for the
 * list screen, `has_card` (a live prepaid card or not: the card-order links' screen), and
 * `ordering` (last_name, first_name, created, salary, status).
 */
const ZEmployeeFilterQuery = ZListQuery.extend({
  is_active: zBool,
  group: zIdParam,
  grouped: zBool,
  status: z.enum(EMPLOYEE_STATUSES).optional(),
  status_in: zCsvOf(z.enum(EMPLOYEE_STATUSES)),
  account_type: z.enum(ACCOUNT_TYPES).optional(),
  account_type_in: zCsvOf(z.enum(ACCOUNT_TYPES)),
  has_card: zBool,
});
type FilterQuery = z.infer<typeof ZEmployeeFilterQuery>;

const ZExportQuery = ZEmployeeFilterQuery.omit({ limit: true, offset: true }).extend({
  export_format: z.enum(['csv']).default('csv'),
});

/** `status` and `status_in` (or the account types) together mean "any of them". */
function union<T>(one: T | undefined, many: T[] | undefined): T[] | undefined {
  if (one === undefined && many === undefined) return undefined;
  return [...(one === undefined ? [] : [one]), ...(many ?? [])];
}

function filtersOf(query: Omit<FilterQuery, 'limit' | 'offset'>): EmployeeFilters {
  return {
    search: query.search,
    isActive: query.is_active,
    groupId: query.group,
    grouped: query.grouped,
    status: union(query.status, query.status_in),
    accountTypes: union(query.account_type, query.account_type_in),
    hasCard: query.has_card,
    ordering: query.ordering,
  };
}

/** HR's employee screens (RH or DRH of the caller's company), the employee's profile, the stats. */
export const employeeRoutes: AppModule = async (app, ctx) => {
  const { db } = ctx;
  const hr = { roles: ['RH' as const] };

  app.get(
    '/employees',
    {
      config: hr,
      schema: { tags, querystring: ZEmployeeFilterQuery, response: { 200: paginated(ZEmployeeListItem) } },
    },
    async (request) => {
      const companyId = companyIdOf(request);
      const limit = pageSize(request.query.limit, requireSession(request).company?.itemsPerPage);
      const offset = request.query.offset ?? 0;
      const { rows, ...total } = await listEmployees(db, companyId, {
        ...filtersOf(request.query),
        limit,
        offset,
      });
      return limitOffsetPage(request, { ...total, limit, offset, results: rows.map(serializeListItem) });
    },
  );

  app.get(
    '/employees/export',
    { config: hr, schema: { tags, querystring: ZExportQuery } },
    async (request, reply) => {
      const rows = await listEmployeesForExport(db, companyIdOf(request), filtersOf(request.query));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName()}"`)
        .header('cache-control', 'no-store')
        .send(employeesCsv(rows));
    },
  );

  app.post(
    '/employees',
    {
      config: hr,
      schema: { tags, body: ZCreateEmployeeRequest, response: { 201: ZCreateEmployeeResponse } },
    },
    async (request, reply) => {
      const created = await inviteEmployee(ctx, companyIdOf(request), request.body);
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/employees/profile',
    {
      config: { employee: true },
      schema: { tags, body: ZEmployeeProfileUpdate, response: { 200: ZEmployeeDetail } },
    },
    (request) => updateOwnProfile(ctx, requireSession(request), request.body),
  );

  app.get(
    '/employees/:id',
    { config: hr, schema: { tags, params: ZObjectIdParams, response: { 200: ZEmployeeDetail } } },
    (request) => getEmployeeDetail(db, companyIdOf(request), objectIdOrNotFound(request.params.id)),
  );

  /** The audit trail of the employee's money fields and RIB, newest first (decision 025). */
  app.get(
    '/employees/:id/audit',
    {
      config: hr,
      schema: {
        tags,
        params: ZObjectIdParams,
        querystring: ZListQuery.pick({ limit: true, offset: true }),
        response: { 200: paginated(ZEmployeeAuditEntry) },
      },
    },
    async (request) => {
      const companyId = companyIdOf(request);
      const employeeId = objectIdOrNotFound(request.params.id);
      if ((await findEmployeeIdIn(db, companyId, employeeId)) === null) throw notFound();
      const limit = pageSize(request.query.limit, requireSession(request).company?.itemsPerPage);
      const offset = request.query.offset ?? 0;
      const page = await listAudit(db, companyId, employeeId, { limit, offset });
      return limitOffsetPage(request, { ...page, limit, offset });
    },
  );

  app.put(
    '/employees/:id',
    {
      config: hr,
      schema: {
        tags,
        params: ZObjectIdParams,
        body: ZUpdateEmployeeRequest,
        response: { 200: ZEmployeeDetail },
      },
    },
    async (request) => {
      const id = objectIdOrNotFound(request.params.id);
      try {
        return await updateEmployee(ctx, requireSession(request), id, request.body);
      } catch (error) {
        if (error instanceof AppError || error instanceof RequestValidationError) throw error;
        // Spec §8: the screen shows "La mise à jour du salarié n'a pas pu être effectuée."
        request.log.error({ err: error }, 'employee update failed');
        throw new AppError('EMPLOYEE_UPDATE_DEFAULT_ERROR', { status: 500 });
      }
    },
  );

  for (const [path, purpose] of [
    ['send_activation_link', 'activation'],
    ['reset_password', 'reset'],
  ] as const) {
    app.post(
      `/employees/:id/${path}`,
      {
        config: hr,
        schema: {
          tags,
          params: ZObjectIdParams,
          // No body at all means the default: by SMS (and e-mail when there is an address).
          body: ZSendLinkRequest.nullish(),
          response: { 200: ZSendLinkResponse },
        },
      },
      (request) =>
        sendEmployeeLink(
          ctx,
          requireSession(request),
          objectIdOrNotFound(request.params.id),
          purpose,
          request.body?.send_sms ?? true,
        ),
    );
  }

  app.get(
    '/stats/rh/employees',
    { config: hr, schema: { tags: ['stats'], response: { 200: ZEmployeeStats } } },
    async (request) => {
      const { totals, byGroup } = await employeeStats(db, companyIdOf(request));
      return {
        total: totals.total,
        by_status: { activated: totals.activated, invited: totals.invited, deactivated: totals.deactivated },
        by_group: byGroup.map((g) => ({ group_id: g.groupId, name: g.name, count: g.count })),
        ungrouped: totals.ungrouped,
      };
    },
  );

  await activationRoutes(app, ctx);
};
