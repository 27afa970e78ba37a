import { SETTLEMENT_PAYOUT_STATUSES } from '@tasbiq/contracts/expenses';
import { ADVANCE_STATUSES } from '@tasbiq/contracts/money';
import { TRANSACTION_TYPES, ZTransaction } from '@tasbiq/contracts/transactions';
import { TRANSFER_STATUSES } from '@tasbiq/contracts/transfers';
import { paginated } from '@tasbiq/contracts/wire';
import { z } from 'zod';
import type { AppModule } from '../../context.ts';
import { isFeatureEnabled, requireSession } from '../../lib/auth/access-control.ts';
import { permissionDenied } from '../../lib/errors.ts';
import { pageSize, zCsvOf, zDateParam, zLimit, zOffset, zSearch } from '../../lib/list-params.ts';
import { limitOffsetPage } from '../../lib/pagination.ts';
import { listScopeOf, periodOf, zEmployeeParam, zMonth, zYear } from '../recharges/list-scope.ts';
import { listTransactions } from './queries.ts';
import { serializeTransaction } from './serialize.ts';

/** Advance statuses include every top-up status; transfers add theirs (issue 16), settlements theirs (issue 15). */
const zStatus = z.enum([
  ...new Set([...ADVANCE_STATUSES, ...TRANSFER_STATUSES, ...SETTLEMENT_PAYOUT_STATUSES, 'owed']),
] as [string, ...string[]]);
const zType = z.enum(TRANSACTION_TYPES);

/** Spec §7 (limit, employee, type_in) plus offset, type, status(_in), month/year, dates, search. */
const ZTransactionsQuery = z.object({
  limit: zLimit,
  offset: zOffset,
  employee: zEmployeeParam,
  type: zType.optional(),
  type_in: zCsvOf(zType),
  status: zStatus.optional(),
  status_in: zCsvOf(zStatus),
  month: zMonth,
  year: zYear,
  created_after: zDateParam,
  created_before: zDateParam,
  search: zSearch,
});

function union<T>(one: T | undefined, many: T[] | undefined): T[] | undefined {
  if (one === undefined && many === undefined) return undefined;
  return [...(one === undefined ? [] : [one]), ...(many ?? [])];
}

/**
 * GET /transactions/: the history screen (employee: their own) and the HR dashboard's last
 * transactions and transactions screen (the company's; `employee=<id>|me` narrows it).
 */
export const transactionRoutes: AppModule = async (app, { db, config }) => {
  app.get(
    '/transactions',
    {
      config: { employee: true },
      schema: {
        tags: ['transactions'],
        summary: 'Advances, top-ups and bills in one list, newest first (transfers: none yet)',
        querystring: ZTransactionsQuery,
        response: { 200: paginated(ZTransaction) },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const company = session.company!;
      // Spec §2: the history needs the advances or the recharges feature (or transfers or bills,
      // issue 16, or expenses, issue 15: the settlements of expense reports).
      if (
        !isFeatureEnabled(company, 'advances') &&
        !isFeatureEnabled(company, 'recharges') &&
        !isFeatureEnabled(company, 'transfers') &&
        !isFeatureEnabled(company, 'bills') &&
        !isFeatureEnabled(company, 'expenses')
      )
        throw permissionDenied();
      const query = request.query;
      const scope = listScopeOf(request, query.employee);
      const limit = pageSize(query.limit, company.itemsPerPage);
      const offset = query.offset ?? 0;
      if (scope.empty) return limitOffsetPage(request, { count: 0, limit, offset, results: [] });
      const { count, countIsEstimate, rows } = await listTransactions(
        db,
        {
          companyId: scope.companyId,
          employeeId: scope.employeeId,
          types: union(query.type, query.type_in),
          status: union(query.status, query.status_in),
          period: periodOf(query),
          createdAfter: query.created_after,
          createdBefore: query.created_before,
          search: query.search,
        },
        { limit, offset },
        config.LIST_EXACT_COUNT_LIMIT,
      );
      return limitOffsetPage(request, {
        count,
        countIsEstimate,
        limit,
        offset,
        results: rows.map(serializeTransaction),
      });
    },
  );
};
