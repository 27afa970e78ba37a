import { ZImportReport } from '@tasbiq/contracts/employee-imports';
import {
  ZCreateGroupFields,
  ZCreateGroupRequest,
  ZGroup,
  ZUpdateGroupRequest,
} from '@tasbiq/contracts/groups';
import { paginated, ZErrorBody } from '@tasbiq/contracts/wire';
import type { AppModule } from '../../context.ts';
import { companyIdOf, requireSession } from '../../lib/auth/access-control.ts';
import { readCsvForm } from '../../lib/csv-form.ts';
import { notFound } from '../../lib/errors.ts';
import { pageSize, ZListQuery, zBool, zCsvOf, zDateParam, zId } from '../../lib/list-params.ts';
import { limitOffsetPage } from '../../lib/pagination.ts';
import { objectIdOrNotFound, ZObjectIdParams } from '../../lib/path-id.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import { reportBody } from '../employee-imports/report.ts';
import { readMembersFile } from './members-file.ts';
import { findGroup, listGroups } from './queries.ts';
import {
  createGroupWithMembers,
  deleteGroup,
  type GroupMembers,
  GroupUploadRejected,
  renameGroup,
  serializeGroup,
} from './service.ts';

/**
 * The query string every DRF list understands, on groups:
 * `limit/offset`, `search` (name, every term), `ordering` (name, created, employee_count, `-` for
 * descending), `id_in=1,2`, `has_employees=true|false|1|0`, `created_after/created_before`
 * (inclusive days in Africa/Casablanca).
 */
const ZGroupListQuery = ZListQuery.extend({
  id_in: zCsvOf(zId),
  has_employees: zBool,
  created_after: zDateParam,
  created_before: zDateParam,
});

/** Any 400 of POST /groups/: the wire error, with the row report when the members file was refused. */
const ZGroupUploadError = ZErrorBody.extend({ report: ZImportReport.optional() });

/** HR's groups: list, create (with a members file), rename, delete. */
export const groupRoutes: AppModule = async (app, { db }) => {
  app.get(
    '/groups',
    {
      config: { roles: ['RH'] },
      schema: { tags: ['groups'], querystring: ZGroupListQuery, response: { 200: paginated(ZGroup) } },
    },
    async (request) => {
      const companyId = companyIdOf(request);
      const query = request.query;
      const limit = pageSize(query.limit, requireSession(request).company?.itemsPerPage);
      const offset = query.offset ?? 0;
      const { count, rows } = await listGroups(db, companyId, {
        search: query.search,
        ordering: query.ordering,
        idIn: query.id_in,
        hasEmployees: query.has_employees,
        createdAfter: query.created_after,
        createdBefore: query.created_before,
        limit,
        offset,
      });
      return limitOffsetPage(request, { count, limit, offset, results: rows.map(serializeGroup) });
    },
  );

  app.get(
    '/groups/:id',
    {
      config: { roles: ['RH'] },
      schema: { tags: ['groups'], params: ZObjectIdParams, response: { 200: ZGroup } },
    },
    async (request) => {
      const group = await findGroup(db, companyIdOf(request), objectIdOrNotFound(request.params.id));
      if (!group) throw notFound();
      return serializeGroup(group);
    },
  );

  const detail = async (companyId: number, id: number) => {
    const group = await findGroup(db, companyId, id);
    if (!group) throw notFound();
    return serializeGroup(group);
  };

  app.post(
    '/groups',
    {
      config: { roles: ['RH'] },
      schema: {
        tags: ['groups'],
        summary: 'Creates a group; its members move into it (all or none)',
        description:
          'multipart/form-data with `name` and an optional `file` (CSV of CINs, one per line, header optional), ' +
          'or JSON `{name, employees?: [ids]}`. Unknown CINs answer 400 GROUP_UPLOAD_FAILED with `report`.',
        response: { 201: ZGroup, 400: ZGroupUploadError },
      },
    },
    async (request, reply) => {
      const companyId = companyIdOf(request);
      let name: string;
      let members: GroupMembers = { kind: 'none' };
      if (request.isMultipart()) {
        const form = await readCsvForm(request, ['file']);
        name = parseOrThrow(ZCreateGroupFields, form.fields).name;
        if (form.file) members = { kind: 'file', ...readMembersFile(form.file, form.file.fieldName) };
      } else {
        const body = parseOrThrow(ZCreateGroupRequest, request.body ?? {});
        name = body.name;
        if (body.employees) members = { kind: 'ids', ids: body.employees };
      }
      try {
        const id = await createGroupWithMembers(db, companyId, { name, members });
        return reply.status(201).send(await detail(companyId, id));
      } catch (error) {
        if (error instanceof GroupUploadRejected)
          return reply.status(400).send(reportBody('GROUP_UPLOAD_FAILED', error.report));
        throw error;
      }
    },
  );

  app.put(
    '/groups/:id',
    {
      config: { roles: ['RH'] },
      schema: {
        tags: ['groups'],
        params: ZObjectIdParams,
        body: ZUpdateGroupRequest,
        response: { 200: ZGroup },
      },
    },
    async (request) => {
      const companyId = companyIdOf(request);
      const id = objectIdOrNotFound(request.params.id);
      await renameGroup(db, companyId, id, request.body.name);
      return detail(companyId, id);
    },
  );

  app.delete(
    '/groups/:id',
    { config: { roles: ['RH'] }, schema: { tags: ['groups'], params: ZObjectIdParams } },
    async (request, reply) => {
      await deleteGroup(db, companyIdOf(request), objectIdOrNotFound(request.params.id));
      return reply.status(204).send();
    },
  );
};
