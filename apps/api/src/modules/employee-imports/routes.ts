import {
  EMPLOYEE_IMPORT_TEMPLATE_NAME,
  WORKED_DAYS_TEMPLATE_NAME,
  ZEmployeeImportFields,
  ZEmployeeImportResponse,
  ZImportReport,
  ZWorkedDaysFields,
  ZWorkedDaysUploadResponse,
} from '@tasbiq/contracts/employee-imports';
import { ZErrorBody } from '@tasbiq/contracts/wire';
import type { FastifyReply } from 'fastify';
import type { AppModule } from '../../context.ts';
import { companyIdOf, requireSession } from '../../lib/auth/access-control.ts';
import { csvAttachmentHeaders } from '../../lib/csv.ts';
import { readCsvForm } from '../../lib/csv-form.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import { importEmployees } from './employee-import-service.ts';
import { settleActivationSms } from './invitations.ts';
import { ImportRejected, reportBody } from './report.ts';
import { employeeImportTemplate, workedDaysTemplate } from './templates.ts';
import { uploadWorkedDays } from './worked-days-service.ts';

/** Any 400 of these routes: the wire error, with the row report when a file was refused. */
const ZUploadError = ZErrorBody.extend({ report: ZImportReport.optional() });

const multipartNote =
  'multipart/form-data. A refused file answers 400 with `report` (row-by-row errors) beside `errors`; nothing is written.';

async function answeringReport<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ImportRejected) return reply.status(400).send(reportBody(error.code, error.report));
    throw error;
  }
}

/** CSV uploads of HR people: bulk employee import and monthly worked days (docs/decisions/012). */
export const employeeImportRoutes: AppModule = async (app, ctx) => {
  // Activation SMS still being sent when the server stops get their chance to finish.
  app.addHook('onClose', async () => settleActivationSms());

  app.get(
    '/employees/import/template',
    {
      config: { roles: ['RH'] },
      schema: { tags: ['employees'], summary: 'CSV template of the employee import' },
    },
    async (_request, reply) =>
      reply.headers(csvAttachmentHeaders(EMPLOYEE_IMPORT_TEMPLATE_NAME)).send(employeeImportTemplate()),
  );

  app.post(
    '/employees/import',
    {
      config: { roles: ['RH'] },
      schema: {
        tags: ['employees'],
        summary: 'Bulk import of employees from a CSV file (`csvfile`, `send_sms`), all rows or none',
        description: multipartNote,
        response: { 200: ZEmployeeImportResponse, 400: ZUploadError },
      },
    },
    async (request, reply) => {
      const form = await readCsvForm(request, ['csvfile']);
      const fields = parseOrThrow(ZEmployeeImportFields, form.fields);
      return answeringReport(reply, () =>
        importEmployees(ctx, {
          companyId: companyIdOf(request),
          file: form.file,
          sendSms: fields.send_sms,
          log: request.log,
        }),
      );
    },
  );

  app.get(
    '/employees/wd/template',
    {
      config: { roles: ['RH'] },
      schema: { tags: ['employees'], summary: 'CSV template of the worked days' },
    },
    async (_request, reply) =>
      reply.headers(csvAttachmentHeaders(WORKED_DAYS_TEMPLATE_NAME)).send(workedDaysTemplate()),
  );

  app.post(
    '/employees/wd',
    {
      config: { roles: ['RH'] },
      schema: {
        tags: ['employees'],
        summary:
          'Worked days and hours of a month from a CSV file (`file`, `month`, `year`), all rows or none',
        description: multipartNote,
        response: { 200: ZWorkedDaysUploadResponse, 400: ZUploadError },
      },
    },
    async (request, reply) => {
      const form = await readCsvForm(request, ['file', 'csvfile']);
      const fields = parseOrThrow(ZWorkedDaysFields, form.fields);
      return answeringReport(reply, () =>
        uploadWorkedDays(ctx, {
          companyId: companyIdOf(request),
          uploadedBy: requireSession(request).user.id,
          uploaderRoles: requireSession(request).user.roles,
          file: form.file,
          month: fields.month,
          year: fields.year,
        }),
      );
    },
  );
};
