import { z } from 'zod';
import { ZEmployeeRef } from './advances.ts';
import { ZMoney } from './wire.ts';

/**
 * Payroll deduction statement (issue 3, beyond the spec): for one Casablanca month, per employee,
 * what payroll must deduct from the salary: advances executed that month, their fees, and top-ups
 * executed that month. GET /payroll/deductions/?month=&year= (JSON, paginated with limit/offset,
 * search) and GET /payroll/deductions/export?month=&year= (CSV for French Excel: `;`, UTF-8 BOM).
 */
export const ZPayrollDeductionsQuery = z.object({
  month: z.coerce.number().int().min(1).max(12),
  year: z.coerce.number().int().min(2000).max(2100),
});

export const ZPayrollDeduction = z.object({
  employee: ZEmployeeRef.extend({ cin: z.string().nullable() }),
  advances_count: z.number().int(),
  advances_amount: ZMoney,
  fees_amount: ZMoney,
  recharges_count: z.number().int(),
  recharges_amount: ZMoney,
  total: ZMoney,
});
export type TPayrollDeduction = z.infer<typeof ZPayrollDeduction>;

export const ZPayrollDeductionTotals = z.object({
  employees: z.number().int(),
  advances_amount: ZMoney,
  fees_amount: ZMoney,
  recharges_amount: ZMoney,
  total: ZMoney,
});
export type TPayrollDeductionTotals = z.infer<typeof ZPayrollDeductionTotals>;
