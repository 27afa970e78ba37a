import type { AppModule } from '../context.ts';
import { advanceRoutes } from './advances/routes.ts';
import { announcementRoutes } from './announcements/routes.ts';
import { passwordResetJobs } from './auth/password-reset-jobs.ts';
import { authRoutes } from './auth/routes.ts';
import { billRoutes } from './bills/routes.ts';
import { bonusJobs } from './bonuses/jobs.ts';
import { bonusRoutes } from './bonuses/routes.ts';
import { cinCheckJobs } from './cards/check-job.ts';
import { onboardingRoutes } from './cards/onboarding/onboarding-routes.ts';
import { cinRetentionJobs } from './cards/retention.ts';
import { cardRoutes } from './cards/routes.ts';
import { changeRequestRoutes } from './change-requests/routes.ts';
import { cityRoutes } from './cities/routes.ts';
import { companyWalletRoutes } from './company-wallet/routes.ts';
import { devOutboxRoutes } from './dev/outbox-routes.ts';
import { devTransferSandboxRoutes } from './dev/transfer-sandbox-routes.ts';
import { employeeImportRoutes } from './employee-imports/routes.ts';
import { employeeRoutes } from './employees/routes.ts';
import { expensePolicyRoutes } from './expense-policy/routes.ts';
import { expenseValidatorRoutes } from './expense-validators/routes.ts';
import { expenseRoutes } from './expenses/routes.ts';
import { expenseSettlementJobs } from './expenses/settlement-jobs.ts';
import { groupRoutes } from './groups/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { hrStatsRoutes } from './hr-stats/routes.ts';
import { missionOrderJobs } from './mission-orders/jobs.ts';
import { missionOrderRoutes } from './mission-orders/routes.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { payoutJobs } from './payouts/payout-jobs.ts';
import { payrollDeductionRoutes } from './payroll-deductions/routes.ts';
import { payslipExtractionJobs } from './payslips/extraction-jobs.ts';
import { payslipRoutes } from './payslips/routes.ts';
import { rechargeRoutes } from './recharges/routes.ts';
import { settingsRoutes } from './settings/routes.ts';
import { signupRoutes } from './signup/routes.ts';
import { termsRoutes } from './terms/routes.ts';
import { transactionRoutes } from './transactions/routes.ts';
import { transferRoutes } from './transfers/routes.ts';

/** Every feature module mounted under /api. A new feature adds its routes here. */
export const API_MODULES: AppModule[] = [
  healthRoutes,
  authRoutes,
  passwordResetJobs,
  settingsRoutes,
  termsRoutes,
  announcementRoutes,
  cityRoutes,
  groupRoutes,
  changeRequestRoutes,
  signupRoutes,
  employeeRoutes,
  employeeImportRoutes,
  companyWalletRoutes,
  notificationRoutes,
  advanceRoutes,
  payoutJobs,
  rechargeRoutes,
  transferRoutes,
  billRoutes,
  transactionRoutes,
  hrStatsRoutes,
  payrollDeductionRoutes,
  cardRoutes,
  bonusRoutes,
  bonusJobs,
  payslipRoutes,
  payslipExtractionJobs,
  onboardingRoutes,
  cinCheckJobs,
  cinRetentionJobs,
  missionOrderRoutes,
  missionOrderJobs,
  expensePolicyRoutes,
  expenseValidatorRoutes,
  expenseRoutes,
  expenseSettlementJobs,
];

/** Mounted only outside production. */
export const DEV_MODULES: AppModule[] = [devOutboxRoutes, devTransferSandboxRoutes];
