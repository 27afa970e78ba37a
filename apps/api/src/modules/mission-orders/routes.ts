/**
 * Mission orders (spec §7 `odm` calls; issue 14). Every route is for a company's employees with
 * the expenses feature on; what each may do comes from the session: their own orders, or —
 * as HR (RH, DRH) or an expense validator — the company's (never replying to their own).
 */
import {
  MISSION_FILE_MAX_BYTES,
  MISSION_MAX_FILES,
  MISSION_ORDER_STATUSES,
  MISSION_ORDER_VIEWS,
  MISSION_REMINDER_DEFAULT_WORKING_DAYS,
  REPORT_STATUSES,
  ZMissionAdvanceCeiling,
  ZMissionAdvanceRequest,
  ZMissionOrder,
  ZMissionOrderDetails,
  ZMissionOrderReplyRequest,
  ZMissionOrderWriteRequest,
} from '@tasbiq/contracts/mission-orders';
import { MAX_DB_INTEGER, paginated } from '@tasbiq/contracts/wire';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppModule } from '../../context.ts';
import { companyIdOf, requireSession } from '../../lib/auth/access-control.ts';
import { fieldError, notFound, permissionDenied } from '../../lib/errors.ts';
import { pageSize, ZListQuery, zCsvOf, zDateParam, zIdParam } from '../../lib/list-params.ts';
import { attachmentDisposition, readMultipartForm, type UploadedFile } from '../../lib/multipart-form.ts';
import { limitOffsetPage } from '../../lib/pagination.ts';
import { objectIdOrNotFound, ZObjectIdParams } from '../../lib/path-id.ts';
import { startOfDayInCasablanca } from '../../lib/time.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import { missionAdvanceCeiling } from '../expense-policy/ceiling.ts';
import { sendMissionAdvancePayout } from './jobs.ts';
import { filesOf, findFile, findMissionOrder, historyOf, listMissionOrders } from './queries.ts';
import { isMissionReviewer, type MissionCaller, mayView } from './reviewers.ts';
import { serializeCeiling, serializeDetails, serializeMissionOrder } from './serialize.ts';
import {
  changeMissionAdvance,
  createMissionOrder,
  replyToMissionOrder,
  updateMissionOrder,
} from './service.ts';
import { overdueSentBeforeDay } from './working-days.ts';

const tags = ['mission-orders'];
const access = { employee: true, feature: 'expenses' as const };

function union<T>(one: T | undefined, many: T[] | undefined): T[] | undefined {
  if (one === undefined && many === undefined) return undefined;
  return [...(one === undefined ? [] : [one]), ...(many ?? [])];
}

/**
 * GET /expenses/odm/: `view=mine` (default: the caller's own) or `view=review` (HR: every order of
 * the company, overdue ones first; a validator: everyone's but their own; others 403). Filters:
 * status(_in), report_status(_in), employee, created_after/before, start_after/before (mission
 * start day), search (number, title, employee's names and matricule), ordering.
 */
const ZMissionOrderListQuery = ZListQuery.extend({
  view: z.enum(MISSION_ORDER_VIEWS).optional(),
  status: z.enum(MISSION_ORDER_STATUSES).optional(),
  status_in: zCsvOf(z.enum(MISSION_ORDER_STATUSES)),
  report_status: z.enum(REPORT_STATUSES).optional(),
  report_status_in: zCsvOf(z.enum(REPORT_STATUSES)),
  employee: zIdParam,
  created_after: zDateParam,
  created_before: zDateParam,
  start_after: zDateParam,
  start_before: zDateParam,
});

const zCityQuery = z
  .string()
  .regex(/^\d{1,10}$/, { message: 'invalid' })
  .transform(Number)
  .pipe(z.number().int().positive().max(MAX_DB_INTEGER))
  .optional();
const ZCeilingQuery = z.object({ departure_city: zCityQuery, arrival_city: zCityQuery });
const ZFileParams = z.object({ id: z.string(), fileId: z.string() });

function callerOf(request: FastifyRequest): MissionCaller {
  const session = requireSession(request);
  if (!session.employee) throw permissionDenied();
  return {
    userId: session.user.id,
    companyId: companyIdOf(request),
    employeeId: session.employee.id,
    roles: session.user.roles,
  };
}

const reminderDaysOf = (request: FastifyRequest) =>
  requireSession(request).company?.missionReminderWorkingDays ?? MISSION_REMINDER_DEFAULT_WORKING_DAYS;

/** `remove_files=3,4` in a form (or an array in JSON): files of the order to drop when editing. */
function removeFileIdsOf(raw: unknown): number[] {
  const items = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [];
  const ids: number[] = [];
  for (const item of items) {
    const text = String(item).trim();
    if (text === '') continue;
    if (!/^\d{1,10}$/.test(text) || Number(text) > MAX_DB_INTEGER)
      throw fieldError('remove_files', 'invalid');
    ids.push(Number(text));
  }
  return ids;
}

export const missionOrderRoutes: AppModule = async (app, ctx) => {
  const { db, storage } = ctx;

  async function readForm(
    request: FastifyRequest,
  ): Promise<{ fields: Record<string, unknown>; files: UploadedFile[] }> {
    if (!request.isMultipart()) {
      const body = request.body;
      return { fields: body && typeof body === 'object' ? (body as Record<string, unknown>) : {}, files: [] };
    }
    const form = await readMultipartForm(request, {
      maxFiles: MISSION_MAX_FILES,
      maxFileBytes: MISSION_FILE_MAX_BYTES,
      tooManyFiles: () => fieldError('files', 'TOO_MANY_ATTACHMENTS'),
      fileTooLarge: () => fieldError('files', 'ATTACHMENT_TOO_LARGE'),
    });
    return { fields: form.fields, files: form.files.filter((file) => file.fieldname === 'files') };
  }

  async function details(request: FastifyRequest, caller: MissionCaller, orderId: number) {
    const row = await findMissionOrder(db, caller.companyId, orderId);
    if (!row || !(await mayView(db, caller, row.order.employeeId))) throw notFound();
    const [files, history, ceiling, canReview] = [
      await filesOf(db, caller.companyId, [orderId]),
      await historyOf(db, caller.companyId, orderId),
      await missionAdvanceCeiling(db, {
        companyId: caller.companyId,
        employeeId: row.order.employeeId,
        departureCityId: row.order.departureCityId,
        arrivalCityId: row.order.arrivalCityId,
      }),
      await isMissionReviewer(db, caller),
    ];
    return serializeDetails(row, files.get(orderId) ?? [], history, serializeCeiling(ceiling), {
      now: new Date(),
      reminderWorkingDays: reminderDaysOf(request),
      canReview,
      callerEmployeeId: caller.employeeId,
    });
  }

  app.get(
    '/expenses/odm',
    {
      config: access,
      schema: {
        tags,
        summary: 'Mission orders: the caller’s own, or the ones they review',
        querystring: ZMissionOrderListQuery,
        response: { 200: paginated(ZMissionOrder) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const query = request.query;
      const view = query.view ?? 'mine';
      const reviewer = await isMissionReviewer(db, caller);
      if (view === 'review' && !reviewer) throw permissionDenied();
      const hr = caller.roles.includes('RH') || caller.roles.includes('DRH');
      const now = new Date();
      const reminderDays = reminderDaysOf(request);
      const limit = pageSize(query.limit, requireSession(request).company?.itemsPerPage);
      const offset = query.offset ?? 0;
      const { count, rows } = await listMissionOrders(
        db,
        caller.companyId,
        {
          ownerId: view === 'mine' ? caller.employeeId : undefined,
          excludeEmployeeId: view === 'review' && !hr ? caller.employeeId : undefined,
          status: union(query.status, query.status_in),
          reportStatus: union(query.report_status, query.report_status_in),
          employeeId: query.employee,
          createdAfter: query.created_after,
          createdBefore: query.created_before,
          startAfter: query.start_after?.slice(0, 10),
          startBefore: query.start_before?.slice(0, 10),
          search: query.search,
          ordering: query.ordering,
          overdueBefore:
            view === 'review' ? startOfDayInCasablanca(overdueSentBeforeDay(now, reminderDays)) : undefined,
        },
        { limit, offset },
      );
      const files = await filesOf(
        db,
        caller.companyId,
        rows.map((row) => row.order.id),
      );
      return limitOffsetPage(request, {
        count,
        limit,
        offset,
        results: rows.map((row) =>
          serializeMissionOrder(row, files.get(row.order.id) ?? [], {
            now,
            reminderWorkingDays: reminderDays,
            canReview: reviewer,
            callerEmployeeId: caller.employeeId,
          }),
        ),
      });
    },
  );

  app.get(
    '/expenses/odm/ceiling',
    {
      config: access,
      schema: {
        tags,
        summary: 'The advance ceiling for the caller on a route (the form shows it as the person types)',
        querystring: ZCeilingQuery,
        response: { 200: ZMissionAdvanceCeiling },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return serializeCeiling(
        await missionAdvanceCeiling(db, {
          companyId: caller.companyId,
          employeeId: caller.employeeId,
          departureCityId: request.query.departure_city ?? null,
          arrivalCityId: request.query.arrival_city ?? null,
        }),
      );
    },
  );

  app.get(
    '/expenses/odm/:id',
    {
      config: access,
      schema: { tags, params: ZObjectIdParams, response: { 200: ZMissionOrderDetails } },
    },
    async (request) => details(request, callerOf(request), objectIdOrNotFound(request.params.id)),
  );

  app.post(
    '/expenses/odm',
    {
      config: access,
      schema: {
        tags,
        summary: 'Files and sends a mission order (multipart: fields and `files`, or JSON)',
        response: { 201: ZMissionOrderDetails },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const form = await readForm(request);
      const input = parseOrThrow(ZMissionOrderWriteRequest, form.fields);
      const id = await createMissionOrder({ db, storage }, caller, input, form.files);
      return reply.status(201).send(await details(request, caller, id));
    },
  );

  app.put(
    '/expenses/odm/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'Edits a returned order and sends it again (multipart or JSON; `remove_files`)',
        params: ZObjectIdParams,
        response: { 200: ZMissionOrderDetails },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const id = objectIdOrNotFound(request.params.id);
      const form = await readForm(request);
      const input = parseOrThrow(ZMissionOrderWriteRequest, form.fields);
      await updateMissionOrder(
        { db, storage },
        caller,
        id,
        input,
        form.files,
        removeFileIdsOf(form.fields.remove_files),
      );
      return details(request, caller, id);
    },
  );

  app.post(
    '/expenses/odm/:id/reply',
    {
      config: access,
      schema: {
        tags,
        summary: 'approve, return (with a comment) or refuse (with a reason) a pending order',
        params: ZObjectIdParams,
        body: ZMissionOrderReplyRequest,
        response: { 200: ZMissionOrderDetails },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const id = objectIdOrNotFound(request.params.id);
      const { advanceToPay } = await replyToMissionOrder(
        db,
        caller,
        id,
        request.body.reply,
        request.body.comment,
      );
      if (advanceToPay) await sendMissionAdvancePayout(ctx.jobs, id);
      return details(request, caller, id);
    },
  );

  app.put(
    '/expenses/odm/:id/advance',
    {
      config: access,
      schema: {
        tags,
        summary: 'Changes the advance of a pending order before approving it, within the ceiling',
        params: ZObjectIdParams,
        body: ZMissionAdvanceRequest,
        response: { 200: ZMissionOrderDetails },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const id = objectIdOrNotFound(request.params.id);
      await changeMissionAdvance(db, caller, id, request.body.amount);
      return details(request, caller, id);
    },
  );

  /** An attached file as a download, never rendered by the browser. */
  app.get(
    '/expenses/odm/:id/files/:fileId',
    { config: access, schema: { tags, params: ZFileParams } },
    async (request, reply) => {
      const caller = callerOf(request);
      const id = objectIdOrNotFound(request.params.id);
      const row = await findMissionOrder(db, caller.companyId, id);
      if (!row || !(await mayView(db, caller, row.order.employeeId))) throw notFound();
      const file = await findFile(db, caller.companyId, id, objectIdOrNotFound(request.params.fileId));
      if (!file) throw notFound();
      const data = await storage.get(file.storageKey);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', attachmentDisposition(file.fileName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'private, no-store')
        .send(data);
    },
  );
};
