import {
  PAYSLIP_STATUSES,
  PAYSLIP_UPLOAD_MAX_BYTES,
  ZPayslip,
  ZPayslipJob,
} from '@tasbiq/contracts/payslips';
import { paginated } from '@tasbiq/contracts/wire';
import { z } from 'zod';
import type { AppModule } from '../../context.ts';
import { companyIdOf, requireSession } from '../../lib/auth/access-control.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { pageSize, ZListQuery, zBool, zCsvOf, zIdParam } from '../../lib/list-params.ts';
import { readMultipartForm } from '../../lib/multipart-form.ts';
import { limitOffsetPage } from '../../lib/pagination.ts';
import { objectIdOrNotFound, ZObjectIdParams } from '../../lib/path-id.ts';
import { findPayslipJob, listPayslipJobs, listPayslips } from './queries.ts';
import { serializePayslip, serializePayslipJob } from './serialize.ts';
import { createExtractionJob } from './upload.ts';

const zMonth = z.coerce.number().int().min(1).max(12).optional();
const zYear = z.coerce.number().int().min(2000).max(2100).optional();

/** GET /fiches filters (spec §7): month, year, search, approved, employee; `status_in` beyond the spec. */
export const ZPayslipListQuery = ZListQuery.extend({
  month: zMonth,
  year: zYear,
  approved: zBool,
  employee: zIdParam,
  status_in: zCsvOf(z.enum(PAYSLIP_STATUSES)),
});

export const payslipRoutes: AppModule = async (app, { db, storage, jobs }) => {
  const jobDetail = async (companyId: number, id: number) => {
    const view = await findPayslipJob(db, companyId, id);
    if (!view) throw notFound();
    return serializePayslipJob(view);
  };

  app.post(
    '/fiches/jobs',
    {
      config: { roles: ['RH'], feature: 'fiches' },
      schema: { tags: ['fiches'], response: { 201: ZPayslipJob } },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw fieldError('file', 'required', 'le champ "Fichier" est obligatoire');
      const form = await readMultipartForm(request, {
        maxFiles: 1,
        maxFileBytes: PAYSLIP_UPLOAD_MAX_BYTES,
        tooManyFiles: () => fieldError('file', 'FICHES_TOO_MANY_FILES'),
        fileTooLarge: () => fieldError('file', 'FICHES_FILE_TOO_LARGE'),
      });
      const companyId = companyIdOf(request);
      const id = await createExtractionJob(
        { db, storage, jobs },
        {
          companyId,
          createdBy: requireSession(request).user.id,
          file: form.files.find((f) => f.fieldname === 'file') ?? form.files[0],
        },
      );
      return reply.status(201).send(await jobDetail(companyId, id));
    },
  );

  app.get(
    '/fiches/jobs',
    {
      config: { roles: ['RH'], feature: 'fiches' },
      schema: { tags: ['fiches'], querystring: ZListQuery, response: { 200: paginated(ZPayslipJob) } },
    },
    async (request) => {
      const companyId = companyIdOf(request);
      const limit = pageSize(request.query.limit, requireSession(request).company?.itemsPerPage);
      const offset = request.query.offset ?? 0;
      const { count, rows } = await listPayslipJobs(db, companyId, { limit, offset });
      return limitOffsetPage(request, { count, limit, offset, results: rows.map(serializePayslipJob) });
    },
  );

  app.get(
    '/fiches/jobs/:id',
    {
      config: { roles: ['RH'], feature: 'fiches' },
      schema: { tags: ['fiches'], params: ZObjectIdParams, response: { 200: ZPayslipJob } },
    },
    async (request) => jobDetail(companyIdOf(request), objectIdOrNotFound(request.params.id)),
  );

  app.get(
    '/fiches/jobs/:id/fiches',
    {
      config: { roles: ['RH'], feature: 'fiches' },
      schema: {
        tags: ['fiches'],
        params: ZObjectIdParams,
        querystring: ZPayslipListQuery,
        response: { 200: paginated(ZPayslip) },
      },
    },
    async (request) => {
      const companyId = companyIdOf(request);
      const jobId = objectIdOrNotFound(request.params.id);
      if (!(await findPayslipJob(db, companyId, jobId))) throw notFound();
      const q = request.query;
      const limit = pageSize(q.limit, requireSession(request).company?.itemsPerPage);
      const offset = q.offset ?? 0;
      const { count, rows } = await listPayslips(db, companyId, {
        jobId,
        status: q.status_in,
        approved: q.approved,
        search: q.search,
        limit,
        offset,
      });
      return limitOffsetPage(request, { count, limit, offset, results: rows.map(serializePayslip) });
    },
  );

  app.get(
    '/fiches',
    {
      config: { roles: ['RH'] },
      schema: { tags: ['fiches'], querystring: ZPayslipListQuery, response: { 200: paginated(ZPayslip) } },
    },
    async (request) => {
      const companyId = companyIdOf(request);
      const q = request.query;
      const limit = pageSize(q.limit, requireSession(request).company?.itemsPerPage);
      const offset = q.offset ?? 0;
      const { count, rows } = await listPayslips(db, companyId, {
        month: q.month,
        year: q.year,
        approved: q.approved,
        employeeId: q.employee,
        status: q.status_in,
        search: q.search,
        limit,
        offset,
      });
      return limitOffsetPage(request, { count, limit, offset, results: rows.map(serializePayslip) });
    },
  );
};
