import {
  PAYSLIP_STATUSES,
  PAYSLIP_UPLOAD_MAX_BYTES,
  ZConfirmPayslipJob,
  ZConfirmPayslipJobResult,
  ZDecidePayslip,
  ZMatchPayslip,
  ZMyPayslip,
  ZPayslip,
  ZPayslipJob,
  ZPayslipStats,
} from '@tasbiq/contracts/payslips';
import { isHr } from '@tasbiq/contracts/roles';
import { paginated } from '@tasbiq/contracts/wire';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppModule } from '../../context.ts';
import { companyIdOf, isFeatureEnabled, requireSession } from '../../lib/auth/access-control.ts';
import { fieldError, notFound, permissionDenied } from '../../lib/errors.ts';
import { pageSize, ZListQuery, zBool, zCsvOf, zIdParam } from '../../lib/list-params.ts';
import { attachmentDisposition, readMultipartForm } from '../../lib/multipart-form.ts';
import { limitOffsetPage } from '../../lib/pagination.ts';
import { objectIdOrNotFound, ZObjectIdParams } from '../../lib/path-id.ts';
import { casablancaMonth } from '../../lib/time.ts';
import { confirmPayslipJob, decidePayslip, matchPayslip } from './approval.ts';
import {
  confirmReceipt,
  findReadablePayslip,
  listOwnPayslips,
  logDownload,
  payslipStats,
  type Reader,
} from './employee-access.ts';
import { findPayslip, findPayslipJob, listPayslipJobs, listPayslips } from './queries.ts';
import { downloadNameOf, serializeMyPayslip, serializePayslip, serializePayslipJob } from './serialize.ts';
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
  /** An HR person's own slips, as any employee sees theirs (the "mode Employé" screen). */
  mine: zBool,
});

const ZStatsQuery = z.object({ month: zMonth, year: zYear });

function readerOf(request: FastifyRequest): Reader {
  const session = requireSession(request);
  if (!session.company) throw permissionDenied();
  return {
    userId: session.user.id,
    companyId: session.company.id,
    employeeId: session.employee?.id ?? null,
    isHr: isHr(session.user.roles),
  };
}

/** The employee side needs the company's fiches feature (spec §2: employee `fiches` route). */
function requireFichesFeature(request: FastifyRequest) {
  const company = requireSession(request).company;
  if (!company || !isFeatureEnabled(company, 'fiches')) throw permissionDenied();
}

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

  /**
   * HR: every slip of the company with the spec's filters. An employee (or HR with `mine=true`):
   * their own approved slips, by year and month.
   */
  app.get(
    '/fiches',
    {
      config: { employee: true },
      schema: {
        tags: ['fiches'],
        querystring: ZPayslipListQuery,
        response: { 200: z.union([paginated(ZPayslip), paginated(ZMyPayslip)]) },
      },
    },
    async (request) => {
      const reader = readerOf(request);
      const q = request.query;
      const limit = pageSize(q.limit, requireSession(request).company?.itemsPerPage);
      const offset = q.offset ?? 0;
      if (!reader.isHr || q.mine === true) {
        requireFichesFeature(request);
        const { count, rows } = await listOwnPayslips(db, reader, {
          month: q.month,
          year: q.year,
          limit,
          offset,
        });
        return limitOffsetPage(request, { count, limit, offset, results: rows.map(serializeMyPayslip) });
      }
      const { count, rows } = await listPayslips(db, reader.companyId, {
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

  /** The slip's PDF as a download: its employee once approved, HR of the company always (preview). Logged. */
  app.get(
    '/fiches/:id/download',
    { config: { employee: true }, schema: { tags: ['fiches'], params: ZObjectIdParams } },
    async (request, reply) => {
      const reader = readerOf(request);
      const { view, audience } = await findReadablePayslip(db, reader, objectIdOrNotFound(request.params.id));
      if (audience === 'employee') requireFichesFeature(request);
      const data = await storage.get(view.slip.fileKey);
      await logDownload(db, reader, view.slip.id, audience);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', attachmentDisposition(downloadNameOf(view)))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'private, no-store')
        .send(data);
    },
  );

  /** The employee confirms they received their slip; HR sees it as `received_at`. */
  app.get(
    '/fiches/:id/confirm',
    {
      config: { employee: true, feature: 'fiches' },
      schema: { tags: ['fiches'], params: ZObjectIdParams, response: { 200: ZMyPayslip } },
    },
    async (request) =>
      serializeMyPayslip(await confirmReceipt(db, readerOf(request), objectIdOrNotFound(request.params.id))),
  );

  app.post(
    '/fiches/:id/approve',
    {
      config: { roles: ['RH'], feature: 'fiches' },
      schema: {
        tags: ['fiches'],
        params: ZObjectIdParams,
        body: ZDecidePayslip,
        response: { 200: ZPayslip },
      },
    },
    async (request) => {
      const companyId = companyIdOf(request);
      const id = objectIdOrNotFound(request.params.id);
      const session = requireSession(request);
      await decidePayslip(db, {
        companyId,
        id,
        actor: { userId: session.user.id, roles: session.user.roles },
        approve: request.body.approve,
      });
      const view = await findPayslip(db, companyId, id);
      if (!view) throw notFound();
      return serializePayslip(view);
    },
  );

  app.post(
    '/fiches/:id/match',
    {
      config: { roles: ['RH'], feature: 'fiches' },
      schema: { tags: ['fiches'], params: ZObjectIdParams, body: ZMatchPayslip, response: { 200: ZPayslip } },
    },
    async (request) => {
      const companyId = companyIdOf(request);
      const id = objectIdOrNotFound(request.params.id);
      const session = requireSession(request);
      await matchPayslip(db, {
        companyId,
        id,
        employeeId: request.body.employee,
        actor: { userId: session.user.id, roles: session.user.roles },
      });
      const view = await findPayslip(db, companyId, id);
      if (!view) throw notFound();
      return serializePayslip(view);
    },
  );

  app.post(
    '/fiches/jobs/:id/confirm',
    {
      config: { roles: ['RH'], feature: 'fiches' },
      schema: {
        tags: ['fiches'],
        params: ZObjectIdParams,
        body: ZConfirmPayslipJob,
        response: { 200: ZConfirmPayslipJobResult },
      },
    },
    async (request) => {
      const session = requireSession(request);
      return confirmPayslipJob(db, {
        companyId: companyIdOf(request),
        jobId: objectIdOrNotFound(request.params.id),
        actor: { userId: session.user.id, roles: session.user.roles },
        approve: request.body.approve,
        fiches: request.body.fiches,
      });
    },
  );

  /** The month's slips (default: this Casablanca month): published, awaiting, unmatched, received. */
  app.get(
    '/stats/rh/fiches',
    {
      // Like the other features' figures (advances, top-ups): not computed when the feature is off.
      config: { roles: ['RH'], feature: 'fiches' },
      schema: { tags: ['fiches'], querystring: ZStatsQuery, response: { 200: ZPayslipStats } },
    },
    async (request) => {
      const now = casablancaMonth(new Date());
      return payslipStats(
        db,
        companyIdOf(request),
        request.query.month ?? now.month,
        request.query.year ?? now.year,
      );
    },
  );
};
