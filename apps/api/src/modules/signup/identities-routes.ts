import {
  ZIdentityBulkRequest,
  ZIdentityBulkResponse,
  ZIdentityParseResponse,
  ZSignupIdentity,
} from '@tasbiq/contracts/signup';
import { paginated } from '@tasbiq/contracts/wire';
import type { AppModule } from '../../context.ts';
import { companyIdOf, requireSession } from '../../lib/auth/access-control.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { pageSize, ZListQuery, zBool } from '../../lib/list-params.ts';
import { readMultipartForm } from '../../lib/multipart-form.ts';
import { limitOffsetPage } from '../../lib/pagination.ts';
import { objectIdOrNotFound, ZObjectIdParams } from '../../lib/path-id.ts';
import { listIdentities } from './identities-queries.ts';
import {
  createIdentities,
  previewIdentityFile,
  removeIdentity,
  serializeIdentity,
} from './identities-service.ts';

const tags = ['signup identities'];
/** An identities file is a few hundred kilobytes; more is not one. */
const MAX_IDENTITY_FILE_BYTES = 2 * 1024 * 1024;

/** `search` (matricule, every term), `is_used`, `ordering` (serial, birthday, created). */
const ZIdentityListQuery = ZListQuery.extend({ is_used: zBool });

/** Spec §7 Company: the identities people sign up with (matricule + birthday), per company. */
export const identityRoutes: AppModule = async (app, ctx) => {
  const hr = { roles: ['RH' as const] };

  app.get(
    '/company/identities',
    {
      config: hr,
      schema: { tags, querystring: ZIdentityListQuery, response: { 200: paginated(ZSignupIdentity) } },
    },
    async (request) => {
      const companyId = companyIdOf(request);
      const { query } = request;
      const limit = pageSize(query.limit, requireSession(request).company?.itemsPerPage);
      const offset = query.offset ?? 0;
      const { count, rows } = await listIdentities(ctx.db, companyId, {
        search: query.search,
        isUsed: query.is_used,
        ordering: query.ordering,
        limit,
        offset,
      });
      return limitOffsetPage(request, { count, limit, offset, results: rows.map(serializeIdentity) });
    },
  );

  app.post(
    '/company/identities/parse_file',
    {
      config: hr,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: { 200: ZIdentityParseResponse },
      },
    },
    async (request) => {
      const companyId = companyIdOf(request);
      if (!request.isMultipart()) throw fieldError('file', 'required');
      const form = await readMultipartForm(request, {
        maxFiles: 1,
        maxFileBytes: MAX_IDENTITY_FILE_BYTES,
        tooManyFiles: () => fieldError('file', 'INVALID_FILE', 'Envoyez un seul fichier.'),
        fileTooLarge: () => new AppError('payload_too_large', { status: 413, attr: 'file' }),
      });
      const file = form.files.find((f) => f.fieldname === 'file');
      return previewIdentityFile(ctx.db, companyId, file);
    },
  );

  app.post(
    '/company/identities/bulk',
    {
      config: hr,
      schema: { tags, body: ZIdentityBulkRequest, response: { 201: ZIdentityBulkResponse } },
    },
    async (request, reply) => {
      const { identities } = request.body;
      const result = await createIdentities(
        ctx.db,
        companyIdOf(request),
        requireSession(request).user.id,
        identities,
      );
      return reply.status(201).send(result);
    },
  );

  app.delete(
    '/company/identities/:id',
    {
      config: hr,
      schema: { tags, params: ZObjectIdParams },
    },
    async (request, reply) => {
      await removeIdentity(ctx.db, companyIdOf(request), objectIdOrNotFound(request.params.id));
      return reply.status(204).send();
    },
  );
};
