import { type THrStats, ZHrStats } from '@tasbiq/contracts/stats';
import type { AppModule } from '../../context.ts';
import { companyIdOf } from '../../lib/auth/access-control.ts';
import { centimesToWire } from '../../lib/money.ts';
import { hrStats } from './queries.ts';

/**
 * GET /stats/rh (spec §7 General): the HR dashboard's key figures for the current Casablanca
 * month. `/stats/rh/employees` lives with the employees module; the paths do not overlap.
 */
export const hrStatsRoutes: AppModule = async (app, { db }) => {
  app.get(
    '/stats/rh',
    {
      config: { roles: ['RH'] },
      schema: {
        tags: ['stats'],
        summary: 'Key figures of the current Casablanca month (wallet, advances, fees, top-ups, employees)',
        response: { 200: ZHrStats },
      },
    },
    async (request): Promise<THrStats> => {
      const stats = await hrStats(db, companyIdOf(request));
      return {
        month: stats.month,
        year: stats.year,
        wallet_balance: centimesToWire(stats.walletBalanceCentimes),
        active_employees: stats.activeEmployees,
        employees_with_advance: stats.employeesWithAdvance,
        advances_count: stats.advancesCount,
        advances_amount: centimesToWire(stats.advancesCentimes),
        fees_amount: centimesToWire(stats.feesCentimes),
        recharges_count: stats.rechargesCount,
        recharges_amount: centimesToWire(stats.rechargesCentimes),
        bills_count: stats.billsCount,
        bills_amount: centimesToWire(stats.billsCentimes),
        transfers_count: stats.transfersCount,
        transfers_amount: centimesToWire(stats.transfersCentimes),
        pending_advances: stats.pendingAdvances,
      };
    },
  );
};
