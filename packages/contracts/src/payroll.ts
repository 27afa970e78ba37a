import { z } from 'zod';
import { ZEmployeeRef } from './advances.ts';
import { paginated, ZMoney } from './wire.ts';

/**
 * Payroll deduction statement (issue 3, beyond the spec): for one Casablanca month, per employee,
 * what payroll must deduct from the salary: advances executed that month, their fees, top-ups
 * executed that month and bills paid that month (issue 16). GET /payroll/deductions/?month=&year= (JSON, paginated with limit/offset,
 * search) and GET /payroll/deductions/export?month=&year=&search= (CSV for French Excel: `;`, UTF-8 BOM).
 */

/** A whole number from a query string ("10"); a missing one is `required`, "dix" is `invalid`. */
const zQueryInt = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z
      .string()
      .regex(/^\d{1,4}$/, { message: 'invalid' })
      .transform(Number)
      .pipe(z.number().int().min(min).max(max)),
  );

export const ZPayrollDeductionsQuery = z.object({
  month: zQueryInt(1, 12),
  year: zQueryInt(2000, 2100),
});

export const ZPayrollDeduction = z.object({
  employee: ZEmployeeRef.extend({ cin: z.string().nullable() }),
  advances_count: z.number().int(),
  advances_amount: ZMoney,
  fees_amount: ZMoney,
  recharges_count: z.number().int(),
  recharges_amount: ZMoney,
  bills_count: z.number().int(),
  bills_amount: ZMoney,
  /** Transfers collected that month (issue 16): amount + fee. */
  transfers_count: z.number().int(),
  transfers_amount: ZMoney,
  /** Expense settlements owed by the employee, by Casablanca month of the report's acceptance (issue 15). */
  mission_expenses_count: z.number().int(),
  mission_expenses_amount: ZMoney,
  total: ZMoney,
});
export type TPayrollDeduction = z.infer<typeof ZPayrollDeduction>;

/**
 * The totals of the employees listed: every page, but only those the search keeps (with no search,
 * the whole month). The CSV export takes the same `search` and ends with the same totals.
 */
export const ZPayrollDeductionTotals = z.object({
  employees: z.number().int(),
  advances_count: z.number().int(),
  advances_amount: ZMoney,
  fees_amount: ZMoney,
  recharges_count: z.number().int(),
  recharges_amount: ZMoney,
  bills_count: z.number().int(),
  bills_amount: ZMoney,
  /** Transfers collected that month (issue 16): amount + fee. */
  transfers_count: z.number().int(),
  transfers_amount: ZMoney,
  /** Expense settlements owed by the employee, by Casablanca month of the report's acceptance (issue 15). */
  mission_expenses_count: z.number().int(),
  mission_expenses_amount: ZMoney,
  total: ZMoney,
});
export type TPayrollDeductionTotals = z.infer<typeof ZPayrollDeductionTotals>;

/** GET /payroll/deductions/: DRF's limit/offset page plus the month's `totals`. */
export const ZPayrollDeductionsPage = paginated(ZPayrollDeduction).extend({
  totals: ZPayrollDeductionTotals,
});
export type TPayrollDeductionsPage = z.infer<typeof ZPayrollDeductionsPage>;

/** The CSV's column headers, in order (French Excel, `;`). */
export const PAYROLL_DEDUCTIONS_CSV_HEADERS = [
  'Matricule',
  'Nom',
  'Prénom',
  'CIN',
  "Nombre d'avances",
  'Avances (DH)',
  'Frais (DH)',
  'Recharges (DH)',
  'Factures (DH)',
  'Transferts (DH)',
  'Frais de mission (DH)',
  'Total à retenir (DH)',
] as const;

/**
 * The month's « Primes » (issue 13): bonuses are taxable salary, so payroll needs, beside the
 * deductions, every bonus that reached an employee in the month (by payment date, Casablanca time;
 * refused, failed and unpaid lines are not listed). One line per bonus paid, because payroll codes
 * each kind of bonus on its own line of the pay slip.
 * GET /payroll/bonuses/?month=&year= (paginated, search) and GET /payroll/bonuses/export (CSV).
 */
export const ZPayrollBonus = z.object({
  /** The bonus-employee transaction's id. */
  id: z.number().int(),
  employee: ZEmployeeRef.extend({ cin: z.string().nullable() }),
  bonus: z.object({ id: z.number().int(), display_title: z.string() }),
  paid: z.string(),
  amount: ZMoney,
});
export type TPayrollBonus = z.infer<typeof ZPayrollBonus>;

/** The totals of what is listed (every page, what the search keeps); the CSV ends with them. */
export const ZPayrollBonusTotals = z.object({
  bonuses: z.number().int(),
  employees: z.number().int(),
  amount: ZMoney,
});
export type TPayrollBonusTotals = z.infer<typeof ZPayrollBonusTotals>;

export const ZPayrollBonusesPage = paginated(ZPayrollBonus).extend({ totals: ZPayrollBonusTotals });
export type TPayrollBonusesPage = z.infer<typeof ZPayrollBonusesPage>;

/** The « Primes » CSV's column headers, in order (French Excel, `;`). */
export const PAYROLL_BONUSES_CSV_HEADERS = [
  'Matricule',
  'Nom',
  'Prénom',
  'CIN',
  'Prime',
  'Date de versement',
  'Montant (DH)',
] as const;
