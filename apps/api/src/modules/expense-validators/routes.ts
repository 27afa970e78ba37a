import { ZCreateExpenseValidatorRequest, ZExpenseValidator } from '@tasbiq/contracts/expense-validators';
import { paginated } from '@tasbiq/contracts/wire';
import type { FastifyRequest } from 'fastify';
import type { AppModule } from '../../context.ts';
import { companyIdOf, requireSession } from '../../lib/auth/access-control.ts';
import { pageSize, ZListQuery } from '../../lib/list-params.ts';
import { limitOffsetPage } from '../../lib/pagination.ts';
import { objectIdOrNotFound, ZObjectIdParams } from '../../lib/path-id.ts';
import type { PolicyWriter } from '../expense-policy/service.ts';
import { listValidators } from './queries.ts';
import { addValidator, removeValidator, serializeValidator } from './service.ts';

/** RH and DRH manage the validators (spec §2 /rh/validators, §6). */
const hr = { roles: ['RH' as const], feature: 'expenses' as const };
const tags = ['expenses'];
const ZPageQuery = ZListQuery.pick({ limit: true, offset: true });

function writerOf(request: FastifyRequest): PolicyWriter {
  return { companyId: companyIdOf(request), userId: requireSession(request).user.id, now: new Date() };
}

/** Expense validators (spec §7: GET, POST /expenses/validators/, DELETE /expenses/validators/{id}/). */
export const expenseValidatorRoutes: AppModule = async (app, { db }) => {
  app.get(
    '/expenses/validators',
    {
      config: hr,
      schema: { tags, querystring: ZPageQuery, response: { 200: paginated(ZExpenseValidator) } },
    },
    async (request) => {
      const limit = pageSize(request.query.limit, requireSession(request).company?.itemsPerPage);
      const offset = request.query.offset ?? 0;
      const { count, rows } = await listValidators(db, companyIdOf(request), { limit, offset });
      return limitOffsetPage(request, { count, limit, offset, results: rows.map(serializeValidator) });
    },
  );

  app.post(
    '/expenses/validators',
    {
      config: hr,
      schema: {
        tags,
        summary: 'Makes an active employee a validator; EXPENSE_VALIDATOR_DEFINED when already one',
        body: ZCreateExpenseValidatorRequest,
        response: { 201: ZExpenseValidator },
      },
    },
    async (request, reply) => {
      const row = await addValidator(db, writerOf(request), request.body.employee);
      return reply.status(201).send(serializeValidator(row));
    },
  );

  app.delete(
    '/expenses/validators/:id',
    { config: hr, schema: { tags, params: ZObjectIdParams } },
    async (request, reply) => {
      await removeValidator(db, writerOf(request), objectIdOrNotFound(request.params.id));
      return reply.status(204).send();
    },
  );
};
