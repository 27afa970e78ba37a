import {
  type TPayrollBonus,
  type TPayrollDeduction,
  ZPayrollBonusesPage,
  ZPayrollDeductionsPage,
  ZPayrollDeductionsQuery,
} from '@tasbiq/contracts/payroll';
import type { AppModule } from '../../context.ts';
import { companyIdOf, requireSession } from '../../lib/auth/access-control.ts';
import { csvAttachmentHeaders } from '../../lib/csv.ts';
import { pageSize, zLimit, zOffset, zSearch } from '../../lib/list-params.ts';
import { centimesToWire } from '../../lib/money.ts';
import { limitOffsetPage } from '../../lib/pagination.ts';
import { toWireDateTime } from '../../lib/time.ts';
import { displayTitle } from '../bonuses/serialize.ts';
import { payrollBonusesCsv, payrollBonusesFileName } from './bonus-csv.ts';
import { allPayrollBonuses, listPayrollBonuses, type PayrollBonusRow } from './bonus-queries.ts';
import { deductionsCsv, deductionsFileName } from './export-csv.ts';
import { allDeductions, type DeductionRow, listDeductions } from './queries.ts';

const tags = ['payroll'];
const hr = { roles: ['RH' as const], feature: 'advances' as const };
const hrBonuses = { roles: ['RH' as const], feature: 'bonuses' as const };
const ZListQuery = ZPayrollDeductionsQuery.extend({ limit: zLimit, offset: zOffset, search: zSearch });
const ZExportQuery = ZPayrollDeductionsQuery.extend({ search: zSearch });

function serializeDeduction(row: DeductionRow): TPayrollDeduction {
  return {
    employee: {
      id: row.employeeId,
      first_name: row.firstName,
      last_name: row.lastName,
      serial: row.serial,
      cin: row.cin,
    },
    advances_count: row.advancesCount,
    advances_amount: centimesToWire(row.advancesCentimes),
    fees_amount: centimesToWire(row.feesCentimes),
    recharges_count: row.rechargesCount,
    recharges_amount: centimesToWire(row.rechargesCentimes),
    bills_count: row.billsCount,
    bills_amount: centimesToWire(row.billsCentimes),
    transfers_count: row.transfersCount,
    transfers_amount: centimesToWire(row.transfersCentimes),
    mission_expenses_count: row.missionExpensesCount,
    mission_expenses_amount: centimesToWire(row.missionExpensesCentimes),
    total: centimesToWire(row.totalCentimes),
  };
}

function serializePayrollBonus(row: PayrollBonusRow): TPayrollBonus {
  return {
    id: row.paymentId,
    employee: {
      id: row.employeeId,
      first_name: row.firstName,
      last_name: row.lastName,
      serial: row.serial,
      cin: row.cin,
    },
    bonus: { id: row.bonusId, display_title: displayTitle(row.title, row.customTitle) },
    paid: toWireDateTime(row.paidAt),
    amount: centimesToWire(row.amountCentimes),
  };
}

/** What payroll deducts from salaries for a month: the screen and the CSV for French Excel. */
export const payrollDeductionRoutes: AppModule = async (app, { db }) => {
  app.get(
    '/payroll/deductions',
    {
      config: hr,
      schema: {
        tags,
        summary:
          'Per employee: advances executed in the month, fees, top-ups, total to deduct; with the totals of what `search` keeps',
        querystring: ZListQuery,
        response: { 200: ZPayrollDeductionsPage },
      },
    },
    async (request) => {
      const { month, year, search } = request.query;
      const limit = pageSize(request.query.limit, requireSession(request).company?.itemsPerPage);
      const offset = request.query.offset ?? 0;
      const { count, rows, totals } = await listDeductions(
        db,
        companyIdOf(request),
        { month, year },
        {
          search,
          limit,
          offset,
        },
      );
      return {
        ...limitOffsetPage(request, { count, limit, offset, results: rows.map(serializeDeduction) }),
        totals: {
          employees: totals.employees,
          advances_count: totals.advancesCount,
          advances_amount: centimesToWire(totals.advancesCentimes),
          fees_amount: centimesToWire(totals.feesCentimes),
          recharges_count: totals.rechargesCount,
          recharges_amount: centimesToWire(totals.rechargesCentimes),
          bills_count: totals.billsCount,
          bills_amount: centimesToWire(totals.billsCentimes),
          transfers_count: totals.transfersCount,
          transfers_amount: centimesToWire(totals.transfersCentimes),
          mission_expenses_count: totals.missionExpensesCount,
          mission_expenses_amount: centimesToWire(totals.missionExpensesCentimes),
          total: centimesToWire(totals.totalCentimes),
        },
      };
    },
  );

  app.get(
    '/payroll/deductions/export',
    {
      config: hr,
      schema: {
        tags,
        summary:
          'The month’s statement as a CSV for French Excel (retenues-paie-YYYY-MM.csv), limited by `search` like the list',
        querystring: ZExportQuery,
      },
    },
    async (request, reply) => {
      const period = { month: request.query.month, year: request.query.year };
      const { search } = request.query;
      const rows = await allDeductions(db, companyIdOf(request), period, search);
      const fileName = deductionsFileName(period, (search?.length ?? 0) > 0);
      return reply
        .headers({ ...csvAttachmentHeaders(fileName), 'cache-control': 'no-store' })
        .send(deductionsCsv(rows));
    },
  );

  app.get(
    '/payroll/bonuses',
    {
      config: hrBonuses,
      schema: {
        tags,
        summary:
          'The « Primes » of the month for payroll: every bonus paid to an employee in the month, with the totals of what `search` keeps',
        querystring: ZListQuery,
        response: { 200: ZPayrollBonusesPage },
      },
    },
    async (request) => {
      const { month, year, search } = request.query;
      const limit = pageSize(request.query.limit, requireSession(request).company?.itemsPerPage);
      const offset = request.query.offset ?? 0;
      const { count, rows, totals } = await listPayrollBonuses(
        db,
        companyIdOf(request),
        { month, year },
        { search, limit, offset },
      );
      return {
        ...limitOffsetPage(request, { count, limit, offset, results: rows.map(serializePayrollBonus) }),
        totals: {
          bonuses: totals.bonuses,
          employees: totals.employees,
          amount: centimesToWire(totals.amountCentimes),
        },
      };
    },
  );

  app.get(
    '/payroll/bonuses/export',
    {
      config: hrBonuses,
      schema: {
        tags,
        summary:
          'The month’s « Primes » as a CSV for French Excel (primes-paie-YYYY-MM.csv), limited by `search` like the list',
        querystring: ZExportQuery,
      },
    },
    async (request, reply) => {
      const period = { month: request.query.month, year: request.query.year };
      const { search } = request.query;
      const rows = await allPayrollBonuses(db, companyIdOf(request), period, search);
      const fileName = payrollBonusesFileName(period, (search?.length ?? 0) > 0);
      return reply
        .headers({ ...csvAttachmentHeaders(fileName), 'cache-control': 'no-store' })
        .send(payrollBonusesCsv(rows));
    },
  );
};
