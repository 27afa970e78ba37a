/** Maps the loaded spending state onto the pure balance rules (modules/advances/balance-rules.ts). */
import type { SimulateAdvanceInput } from '../advances/simulate.ts';
import type { SpendingState } from './state.ts';

export function simulationInput(state: SpendingState, amountCentimes: bigint): SimulateAdvanceInput {
  return {
    method: state.balanceMethod,
    salaryCentimes: state.salaryCentimes,
    hourlyRateCentimes: state.hourlyRateCentimes,
    netPayableCentimes: state.netPayableCentimes,
    workedDays: state.workedDays,
    workedHours: state.workedHours,
    at: state.at,
    amountCentimes,
    advancePercentage: state.advancePercentage,
    totalMaxPerMonthCentimes: state.totalMaxAdvancePerMonthCentimes,
    alreadyDrawnCentimes: state.drawnCentimes,
    advancesThisMonth: state.advancesThisMonth,
    maxAdvancesPerMonth: state.maxAdvancesPerMonth,
    maxFreeAdvancesPerMonth: state.maxFreeAdvancesPerMonth,
    companyFeeCentimes: state.companyFeeCentimes,
    isRestricted: state.isRestricted,
    cutoffDay: state.cutoffDay,
    walletBalanceCentimes: state.walletBalanceCentimes,
  };
}
