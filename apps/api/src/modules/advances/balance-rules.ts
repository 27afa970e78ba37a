/**
 * Issue 3, "Business rules": the pure, database-free salary-advance rules (earned, available, limits,
 * fees, simulation), in bigint centimes and always rounded DOWN so that an employee can never draw
 * more than they have earned. The advances endpoints import from here.
 */
export { type AvailableInput, advanceCeiling, availableBalance } from './available.ts';
export {
  BALANCE_METHOD,
  type BalanceMethod,
  type DecimalInput,
  type EarnedInput,
  earnedThisMonth,
  parseHundredths,
  WORKED_DAYS_PER_MONTH,
} from './earned.ts';
export { type AdvanceFee, type AdvanceFeeInput, advanceFee, DEMO_ADVANCE_FEE_CENTIMES } from './fees.ts';
export {
  ADVANCE_ERROR_CODES,
  type AdvanceCheckResult,
  type AdvanceErrorCode,
  type AdvanceRequestCheckInput,
  checkAdvanceRequest,
  isPastCutoff,
} from './limits.ts';
export { type AdvanceSimulation, type SimulateAdvanceInput, simulateAdvance } from './simulate.ts';
