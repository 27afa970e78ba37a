import type { TAdvance, TAdvanceSimulation, TEmployeeSolde } from '@tasbiq/contracts/advances';
import { UNLIMITED } from '@tasbiq/contracts/constants';
import { centimesToWire } from '../../lib/money.ts';
import { toWireDateTime, toWireDateTimeOrNull } from '../../lib/time.ts';
import type { SpendingState } from '../spending/state.ts';
import { availableBalance } from './available.ts';
import { earnedThisMonth } from './earned.ts';
import { advanceFee } from './fees.ts';
import { isPastCutoff } from './limits.ts';
import type { AdvanceRecord } from './postings.ts';
import type { AdvanceSimulation } from './simulate.ts';

export type AdvanceEmployee = { id: number; firstName: string; lastName: string; serial: string | null };

export function serializeAdvance(row: AdvanceRecord, employee: AdvanceEmployee): TAdvance {
  return {
    id: row.id,
    employee: {
      id: employee.id,
      first_name: employee.firstName,
      last_name: employee.lastName,
      serial: employee.serial,
    },
    amount: centimesToWire(row.amountCentimes),
    fees: centimesToWire(row.feeCentimes),
    free: row.isFree,
    status: row.status,
    payout_method: row.payoutMethod,
    created: toWireDateTime(row.createdAt),
    executed: toWireDateTimeOrNull(row.executedAt),
    canceled: toWireDateTimeOrNull(row.canceledAt),
    failed: toWireDateTimeOrNull(row.failedAt),
    cancel_reason: row.cancelReason,
    failure_reason: row.failureReason,
  };
}

export function serializeSimulation(simulation: AdvanceSimulation): TAdvanceSimulation {
  return {
    amount: centimesToWire(simulation.amount),
    fees: centimesToWire(simulation.fee),
    total: centimesToWire(simulation.total),
    free: simulation.is_free,
    earned: centimesToWire(simulation.earned),
    available: centimesToWire(simulation.available),
    available_after: centimesToWire(simulation.available_after),
    error_code: simulation.error_code,
  };
}

const left = (max: number, used: number) => (max === UNLIMITED ? null : Math.max(0, max - used));

/**
 * GET /employees/solde from the spending state, through the same pure rules as the simulation:
 * `balance` is what may still be drawn now; `requests_left` / `free_advances_left` are null when
 * unlimited; `is_restricted` is true when HR restricted the employee OR the company's cut-off day
 * has passed (either way requests answer ACCESS_RESTRICTED; `cutoff_day` tells which).
 */
export function soldeOf(state: SpendingState): TEmployeeSolde {
  const earned = earnedThisMonth({
    method: state.balanceMethod,
    salaryCentimes: state.salaryCentimes,
    hourlyRateCentimes: state.hourlyRateCentimes,
    netPayableCentimes: state.netPayableCentimes,
    workedDays: state.workedDays,
    workedHours: state.workedHours,
    at: state.at,
  });
  const balance = availableBalance({
    earned,
    advancePercentage: state.advancePercentage,
    totalMaxPerMonthCentimes: state.totalMaxAdvancePerMonthCentimes,
    alreadyDrawnCentimes: state.drawnCentimes,
  });
  const nextFee = advanceFee({
    advancesThisMonth: state.advancesThisMonth,
    maxFreeAdvancesPerMonth: state.maxFreeAdvancesPerMonth,
    companyFeeCentimes: state.companyFeeCentimes,
  });
  return {
    balance: centimesToWire(balance),
    earned: centimesToWire(earned),
    drawn: centimesToWire(state.drawnCentimes),
    advance_percentage: state.advancePercentage,
    total_max_advance_per_month: centimesToWire(state.totalMaxAdvancePerMonthCentimes),
    requests_this_month: state.advancesThisMonth,
    max_advances_per_month: state.maxAdvancesPerMonth,
    requests_left: left(state.maxAdvancesPerMonth, state.advancesThisMonth),
    free_advances_left: left(state.maxFreeAdvancesPerMonth, state.advancesThisMonth),
    next_fee: centimesToWire(nextFee.feeCentimes),
    is_restricted: state.isRestricted || isPastCutoff(state.cutoffDay, state.at),
    cutoff_day: state.cutoffDay,
    has_active_card: state.hasActiveCard,
    has_rib: Boolean(state.rib),
    month: state.month.month,
    year: state.month.year,
  };
}
