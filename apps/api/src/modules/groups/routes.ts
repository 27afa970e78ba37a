import { ZGroup } from '@tasbiq/contracts/groups';
import { paginated } from '@tasbiq/contracts/wire';
import { z } from 'zod';
import type { AppModule } from '../../context.ts';
import { companyIdOf, requireSession } from '../../lib/auth/access-control.ts';
import { notFound } from '../../lib/errors.ts';
import { pageSize, ZListQuery, zBool, zCsvOf, zDateParam } from '../../lib/list-params.ts';
import { limitOffsetPage } from '../../lib/pagination.ts';
import { objectIdOrNotFound, ZObjectIdParams } from '../../lib/path-id.ts';
import { findGroup, listGroups } from './queries.ts';
import { serializeGroup } from './service.ts';

const zId = z
  .string()
  .regex(/^\d{1,10}$/, { message: 'invalid' })
  .transform(Number);

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

/** HR's reference list of groups. Create, rename and delete come with the HR-people screens. */
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
};
