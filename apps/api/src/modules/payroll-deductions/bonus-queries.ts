/**
 * The month's « Primes » for payroll (issue 13): every bonus payment EXECUTED in the Casablanca
 * month (money that reached the employee, by its payment date), one line each. Refused, failed and
 * still unpaid lines are not salary yet. Scoped to the company like every other query.
 */

import type { TBonusTitle } from '@tasbiq/contracts/bonuses';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { casablancaMonthRange } from '../../lib/time.ts';
import type { DeductionPeriod } from './queries.ts';

export type PayrollBonusRow = {
  paymentId: number;
  employeeId: number;
  firstName: string;
  lastName: string;
  serial: string | null;
  cin: string | null;
  bonusId: number;
  title: TBonusTitle;
  customTitle: string | null;
  paidAt: Date;
  amountCentimes: bigint;
};

export type PayrollBonusTotals = { bonuses: number; employees: number; amountCentimes: bigint };

function paidInMonth(companyId: number, period: DeductionPeriod): SQL {
  const { start, end } = casablancaMonthRange(period.year, period.month);
  return sql`
    with paid as (
      select p.id as payment_id, p.employee_id, u.first_name, u.last_name, e.serial, u.cin,
        b.id as bonus_id, b.title, b.custom_title, p.executed_at, p.amount_centimes
      from bonus_payments p
      join bonuses b on b.id = p.bonus_id and b.company_id = ${companyId}
      join employees e on e.id = p.employee_id and e.company_id = ${companyId}
      join users u on u.id = e.user_id
      where p.company_id = ${companyId} and p.status = 'executed'
        and p.executed_at >= ${start.toISOString()}::timestamptz
        and p.executed_at < ${end.toISOString()}::timestamptz)`;
}

/** Every term must match the first name, last name, matricule or CIN (like the deductions). */
function searchOf(terms: string[] | undefined): SQL {
  if (!terms || terms.length === 0) return sql`true`;
  return sql.join(
    terms.map((term) => {
      const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return sql`(paid.first_name ilike ${pattern} or paid.last_name ilike ${pattern}
        or paid.serial ilike ${pattern} or paid.cin ilike ${pattern})`;
    }),
    sql` and `,
  );
}

type Raw = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Raw[] }).rows;

function toRow(r: Raw): PayrollBonusRow {
  return {
    paymentId: Number(r.payment_id),
    employeeId: Number(r.employee_id),
    firstName: String(r.first_name ?? ''),
    lastName: String(r.last_name ?? ''),
    serial: (r.serial as string | null) ?? null,
    cin: (r.cin as string | null) ?? null,
    bonusId: Number(r.bonus_id),
    title: r.title as TBonusTitle,
    customTitle: (r.custom_title as string | null) ?? null,
    paidAt: new Date(r.executed_at as string | Date),
    amountCentimes: BigInt((r.amount_centimes as string | number | null) ?? 0),
  };
}

const ORDER = sql`order by paid.last_name, paid.first_name, paid.employee_id, paid.executed_at, paid.payment_id`;

/** A page of the month's bonuses, their count and the totals of everything the search keeps. */
export async function listPayrollBonuses(
  db: DbOrTx,
  companyId: number,
  period: DeductionPeriod,
  options: { search?: string[]; limit: number; offset: number },
): Promise<{ count: number; rows: PayrollBonusRow[]; totals: PayrollBonusTotals }> {
  const base = paidInMonth(companyId, period);
  const where = searchOf(options.search);
  const [page, totals] = await Promise.all([
    db.execute(
      sql`${base} select paid.* from paid where ${where} ${ORDER} limit ${options.limit} offset ${options.offset}`,
    ),
    db.execute(sql`${base} select count(*)::int as bonuses, count(distinct paid.employee_id)::int as employees,
        coalesce(sum(paid.amount_centimes), 0)::text as amount
      from paid where ${where}`),
  ]);
  const t = rowsOf(totals)[0] ?? {};
  const bonuses = Number(t.bonuses ?? 0);
  return {
    count: bonuses,
    rows: rowsOf(page).map(toRow),
    totals: {
      bonuses,
      employees: Number(t.employees ?? 0),
      amountCentimes: BigInt((t.amount as string | null) ?? 0),
    },
  };
}

/** The whole month for the CSV, or the employees a search keeps (the same lines as the screen). */
export async function allPayrollBonuses(
  db: DbOrTx,
  companyId: number,
  period: DeductionPeriod,
  search?: string[],
) {
  const result = await db.execute(
    sql`${paidInMonth(companyId, period)} select paid.* from paid where ${searchOf(search)} ${ORDER}`,
  );
  return rowsOf(result).map(toRow);
}
