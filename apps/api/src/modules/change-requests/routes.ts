import {
  CHANGE_REQUEST_ATTACHMENT_MAX_BYTES,
  CHANGE_REQUEST_FIELDS,
  CHANGE_REQUEST_MAX_ATTACHMENTS,
  CHANGE_REQUEST_STATUSES,
  ZApproveChangeRequest,
  ZChangeRequest,
  ZCreateChangeRequestFields,
  ZRefuseChangeRequest,
} from '@tasbiq/contracts/change-requests';
import { paginated } from '@tasbiq/contracts/wire';
import { z } from 'zod';
import type { AppModule } from '../../context.ts';
import { companyIdOf, requireSession } from '../../lib/auth/access-control.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { pageSize, ZListQuery, zCsvOf, zDateParam, zIdParam } from '../../lib/list-params.ts';
import { attachmentDisposition, readMultipartForm, type UploadedFile } from '../../lib/multipart-form.ts';
import { limitOffsetPage } from '../../lib/pagination.ts';
import { objectIdOrNotFound, ZObjectIdParams } from '../../lib/path-id.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import { attachmentsOf, findAttachment, findChangeRequest, listChangeRequests } from './queries.ts';
import { createChangeRequest, decideChangeRequest, serializeChangeRequest } from './service.ts';

/**
 * `status=pending`, `status_in=approved,refused`, `employee=12`, `field=rib`, `field_in=cin,rib`,
 * `search` (employee's names, matricule, CIN), `created_after/created_before` (inclusive days in
 * Africa/Casablanca), `ordering` (created, decided_at, status, field; `-` for descending).
 */
const ZChangeRequestListQuery = ZListQuery.extend({
  status: z.enum(CHANGE_REQUEST_STATUSES).optional(),
  status_in: zCsvOf(z.enum(CHANGE_REQUEST_STATUSES)),
  field: z.enum(CHANGE_REQUEST_FIELDS).optional(),
  field_in: zCsvOf(z.enum(CHANGE_REQUEST_FIELDS)),
  employee: zIdParam,
  created_after: zDateParam,
  created_before: zDateParam,
});

const ZAttachmentParams = z.object({ id: z.string(), attachmentId: z.string() });

/** Both filters given: a request must match both (DRF filters are ANDed). */
function intersect<T>(single: T | undefined, many: T[] | undefined): T[] | undefined {
  if (single === undefined) return many;
  if (many === undefined) return [single];
  return many.includes(single) ? [single] : [];
}

export const changeRequestRoutes: AppModule = async (app, { db, storage }) => {
  const detail = async (companyId: number, id: number) => {
    const view = await findChangeRequest(db, companyId, id);
    if (!view) throw notFound();
    const attachments = await attachmentsOf(db, companyId, [id]);
    return serializeChangeRequest(view, attachments.get(id) ?? []);
  };

  /**
   * Multipart (field, new_value, description, attachments × 0..5) as the web form sends it;
   * a JSON body without attachments is accepted too.
   */
  app.post(
    '/employees/:id/change_request',
    {
      config: { roles: ['RH'] },
      schema: { tags: ['change-requests'], params: ZObjectIdParams, response: { 201: ZChangeRequest } },
    },
    async (request, reply) => {
      const companyId = companyIdOf(request);
      const employeeId = objectIdOrNotFound(request.params.id);
      let fields: unknown = request.body ?? {};
      let files: UploadedFile[] = [];
      if (request.isMultipart()) {
        const form = await readMultipartForm(request, {
          maxFiles: CHANGE_REQUEST_MAX_ATTACHMENTS,
          maxFileBytes: CHANGE_REQUEST_ATTACHMENT_MAX_BYTES,
          tooManyFiles: () => fieldError('attachments', 'TOO_MANY_ATTACHMENTS'),
          fileTooLarge: () => fieldError('attachments', 'ATTACHMENT_TOO_LARGE'),
        });
        fields = form.fields;
        files = form.files.filter((file) => file.fieldname === 'attachments');
      }
      const input = parseOrThrow(ZCreateChangeRequestFields, fields);
      const id = await createChangeRequest(
        { db, storage },
        {
          companyId,
          employeeId,
          requestedBy: requireSession(request).user.id,
          field: input.field,
          newValue: input.new_value,
          description: input.description,
          attachments: files,
        },
      );
      return reply.status(201).send(await detail(companyId, id));
    },
  );

  app.get(
    '/change_requests',
    {
      config: { roles: ['RH'] },
      schema: {
        tags: ['change-requests'],
        querystring: ZChangeRequestListQuery,
        response: { 200: paginated(ZChangeRequest) },
      },
    },
    async (request) => {
      const companyId = companyIdOf(request);
      const query = request.query;
      const limit = pageSize(query.limit, requireSession(request).company?.itemsPerPage);
      const offset = query.offset ?? 0;
      const { count, rows } = await listChangeRequests(db, companyId, {
        status: intersect(query.status, query.status_in),
        field: intersect(query.field, query.field_in),
        employeeId: query.employee,
        search: query.search,
        createdAfter: query.created_after,
        createdBefore: query.created_before,
        ordering: query.ordering,
        limit,
        offset,
      });
      const attachments = await attachmentsOf(
        db,
        companyId,
        rows.map((row) => row.id),
      );
      return limitOffsetPage(request, {
        count,
        limit,
        offset,
        results: rows.map((row) => serializeChangeRequest(row, attachments.get(row.id) ?? [])),
      });
    },
  );

  app.get(
    '/change_requests/:id',
    {
      config: { roles: ['RH'] },
      schema: { tags: ['change-requests'], params: ZObjectIdParams, response: { 200: ZChangeRequest } },
    },
    async (request) => detail(companyIdOf(request), objectIdOrNotFound(request.params.id)),
  );

  /** The stored file as a download, whatever it is: never rendered by the browser (no inline HTML). */
  app.get(
    '/change_requests/:id/attachments/:attachmentId',
    { config: { roles: ['RH'] }, schema: { tags: ['change-requests'], params: ZAttachmentParams } },
    async (request, reply) => {
      const attachment = await findAttachment(
        db,
        companyIdOf(request),
        objectIdOrNotFound(request.params.id),
        objectIdOrNotFound(request.params.attachmentId),
      );
      if (!attachment) throw notFound();
      const data = await storage.get(attachment.storageKey);
      return reply
        .header('Content-Type', attachment.contentType)
        .header('Content-Disposition', attachmentDisposition(attachment.fileName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'private, no-store')
        .send(data);
    },
  );

  app.post(
    '/change_requests/:id/approve',
    {
      config: { roles: ['DRH'] },
      schema: {
        tags: ['change-requests'],
        params: ZObjectIdParams,
        body: ZApproveChangeRequest.nullish(),
        response: { 200: ZChangeRequest },
      },
    },
    async (request) => {
      const companyId = companyIdOf(request);
      const id = objectIdOrNotFound(request.params.id);
      const comment = request.body?.comment || null;
      await decideChangeRequest(
        db,
        { companyId, id, deciderId: requireSession(request).user.id, comment },
        'approved',
      );
      return detail(companyId, id);
    },
  );

  app.post(
    '/change_requests/:id/refuse',
    {
      config: { roles: ['DRH'] },
      schema: {
        tags: ['change-requests'],
        params: ZObjectIdParams,
        body: ZRefuseChangeRequest,
        response: { 200: ZChangeRequest },
      },
    },
    async (request) => {
      const companyId = companyIdOf(request);
      const id = objectIdOrNotFound(request.params.id);
      await decideChangeRequest(
        db,
        { companyId, id, deciderId: requireSession(request).user.id, comment: request.body.comment },
        'refused',
      );
      return detail(companyId, id);
    },
  );
};
