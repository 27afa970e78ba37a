/**
 * The payroll deduction statement of one Casablanca month (issue 3): per employee of the company
 * with anything to deduct, the advances EXECUTED that month (by execution date: money that reached
 * the employee), their fees, and the top-ups executed that month (at their discounted amount, what
 * the employee drew), and the bills the biller confirmed that month (issue 16), and what the
 * employee owes back on an expense report accepted that month (issue 15: expenses below the
 * mission advance; `deduction_month` is the Casablanca month of acceptance). Canceled, failed
 * and still pending items are not deducted.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { casablancaMonthRange } from '../../lib/time.ts';

export type DeductionRow = {
  employeeId: number;
  firstName: string;
  lastName: string;
  serial: string | null;
  cin: string | null;
  advancesCount: number;
  advancesCentimes: bigint;
  feesCentimes: bigint;
  rechargesCount: number;
  rechargesCentimes: bigint;
  billsCount: number;
  billsCentimes: bigint;
  /** Transfers collected that month: amount + fee. */
  transfersCount: number;
  transfersCentimes: bigint;
  /** Expense settlements owed by the employee, accepted that month (issue 15). */
  missionExpensesCount: number;
  missionExpensesCentimes: bigint;
  totalCentimes: bigint;
};

export type DeductionTotals = {
  employees: number;
  advancesCount: number;
  advancesCentimes: bigint;
  feesCentimes: bigint;
  rechargesCount: number;
  rechargesCentimes: bigint;
  billsCount: number;
  billsCentimes: bigint;
  /** Transfers collected that month: amount + fee. */
  transfersCount: number;
  transfersCentimes: bigint;
  /** Expense settlements owed by the employee, accepted that month (issue 15). */
  missionExpensesCount: number;
  missionExpensesCentimes: bigint;
  totalCentimes: bigint;
};

export type DeductionPeriod = { month: number; year: number };

/** One row per employee with a deduction that month (a CTE the page, the count and the totals share). */
function statement(companyId: number, period: DeductionPeriod): SQL {
  const { start, end } = casablancaMonthRange(period.year, period.month);
  const from = sql`${start.toISOString()}::timestamptz`;
  const until = sql`${end.toISOString()}::timestamptz`;
  const firstDay = `${period.year}-${String(period.month).padStart(2, '0')}-01`;
  // `created_at < until` is implied by the execution date; it lets the (company_id, created_at)
  // index bound the scan.
  return sql`
    with adv as (
      select a.employee_id, count(*)::int as n, sum(a.amount_centimes) as amount, sum(a.fee_centimes) as fees
      from advances a
      where a.company_id = ${companyId} and a.status = 'executed' and a.created_at < ${until}
        and a.executed_at >= ${from} and a.executed_at < ${until}
      group by a.employee_id),
    rch as (
      select r.employee_id, count(*)::int as n, sum(r.discounted_amount_centimes) as amount
      from recharges r
      where r.company_id = ${companyId} and r.status = 'executed' and r.created_at < ${until}
        and r.executed_at >= ${from} and r.executed_at < ${until}
      group by r.employee_id),
    bil as (
      select b.employee_id, count(*)::int as n, sum(b.amount_centimes) as amount
      from bills b
      where b.company_id = ${companyId} and b.status = 'executed' and b.created_at < ${until}
        and b.executed_at >= ${from} and b.executed_at < ${until}
      group by b.employee_id),
    trf as (
      select tr.employee_id, count(*)::int as n, sum(tr.amount_centimes + tr.fee_centimes) as amount
      from transfers tr
      where tr.company_id = ${companyId} and tr.status = 'collected' and tr.created_at < ${until}
        and tr.collected_at >= ${from} and tr.collected_at < ${until}
      group by tr.employee_id),
    mis as (
      select es.employee_id, count(*)::int as n, sum(-es.balance_centimes) as amount
      from expense_settlements es
      where es.company_id = ${companyId} and es.direction = 'owed_by_employee'
        and es.deduction_month = ${firstDay}::date
      group by es.employee_id),
    per as (
      select e.id as employee_id, u.first_name, u.last_name, e.serial, u.cin,
        coalesce(adv.n, 0) as advances_count, coalesce(adv.amount, 0) as advances_amount,
        coalesce(adv.fees, 0) as fees_amount, coalesce(rch.n, 0) as recharges_count,
        coalesce(rch.amount, 0) as recharges_amount,
        coalesce(bil.n, 0) as bills_count, coalesce(bil.amount, 0) as bills_amount,
        coalesce(trf.n, 0) as transfers_count, coalesce(trf.amount, 0) as transfers_amount,
        coalesce(mis.n, 0) as mission_expenses_count, coalesce(mis.amount, 0) as mission_expenses_amount,
        coalesce(adv.amount, 0) + coalesce(adv.fees, 0) + coalesce(rch.amount, 0)
          + coalesce(bil.amount, 0) + coalesce(trf.amount, 0) + coalesce(mis.amount, 0) as total
      from employees e
      join users u on u.id = e.user_id
      left join adv on adv.employee_id = e.id
      left join rch on rch.employee_id = e.id
      left join bil on bil.employee_id = e.id
      left join trf on trf.employee_id = e.id
      left join mis on mis.employee_id = e.id
      where e.company_id = ${companyId}
        and (adv.employee_id is not null or rch.employee_id is not null or bil.employee_id is not null
          or trf.employee_id is not null or mis.employee_id is not null))`;
}

/** Every term must match the first name, last name, matricule or CIN (DRF SearchFilter). */
function searchOf(terms: string[] | undefined): SQL {
  if (!terms || terms.length === 0) return sql`true`;
  return sql.join(
    terms.map((term) => {
      const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return sql`(per.first_name ilike ${pattern} or per.last_name ilike ${pattern}
        or per.serial ilike ${pattern} or per.cin ilike ${pattern})`;
    }),
    sql` and `,
  );
}

type Raw = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Raw[] }).rows;
const big = (value: unknown) => BigInt((value as string | number | null) ?? 0);

function toRow(r: Raw): DeductionRow {
  return {
    employeeId: Number(r.employee_id),
    firstName: String(r.first_name ?? ''),
    lastName: String(r.last_name ?? ''),
    serial: (r.serial as string | null) ?? null,
    cin: (r.cin as string | null) ?? null,
    advancesCount: Number(r.advances_count),
    advancesCentimes: big(r.advances_amount),
    feesCentimes: big(r.fees_amount),
    rechargesCount: Number(r.recharges_count),
    rechargesCentimes: big(r.recharges_amount),
    billsCount: Number(r.bills_count),
    billsCentimes: big(r.bills_amount),
    transfersCount: Number(r.transfers_count),
    transfersCentimes: big(r.transfers_amount),
    missionExpensesCount: Number(r.mission_expenses_count),
    missionExpensesCentimes: big(r.mission_expenses_amount),
    totalCentimes: big(r.total),
  };
}

const ORDER = sql`order by per.last_name, per.first_name, per.employee_id`;

/**
 * A page of the statement, its count and its totals, all of the employees the search keeps (every
 * page): the totals row and the CSV add up what the screen lists (issue 10).
 */
export async function listDeductions(
  db: DbOrTx,
  companyId: number,
  period: DeductionPeriod,
  options: { search?: string[]; limit: number; offset: number },
): Promise<{ count: number; rows: DeductionRow[]; totals: DeductionTotals }> {
  const base = statement(companyId, period);
  const where = searchOf(options.search);
  const [page, count, totals] = await Promise.all([
    db.execute(
      sql`${base} select per.* from per where ${where} ${ORDER} limit ${options.limit} offset ${options.offset}`,
    ),
    db.execute(sql`${base} select count(*)::int as count from per where ${where}`),
    db.execute(sql`${base} select count(*)::int as employees,
        coalesce(sum(per.advances_count), 0)::int as advances_count,
        coalesce(sum(per.advances_amount), 0)::text as advances_amount,
        coalesce(sum(per.fees_amount), 0)::text as fees_amount,
        coalesce(sum(per.recharges_count), 0)::int as recharges_count,
        coalesce(sum(per.recharges_amount), 0)::text as recharges_amount,
        coalesce(sum(per.bills_count), 0)::int as bills_count,
        coalesce(sum(per.bills_amount), 0)::text as bills_amount,
        coalesce(sum(per.transfers_count), 0)::int as transfers_count,
        coalesce(sum(per.transfers_amount), 0)::text as transfers_amount,
        coalesce(sum(per.mission_expenses_count), 0)::int as mission_expenses_count,
        coalesce(sum(per.mission_expenses_amount), 0)::text as mission_expenses_amount,
        coalesce(sum(per.total), 0)::text as total
      from per where ${where}`),
  ]);
  const t = rowsOf(totals)[0] ?? {};
  return {
    count: Number(rowsOf(count)[0]?.count ?? 0),
    rows: rowsOf(page).map(toRow),
    totals: {
      employees: Number(t.employees ?? 0),
      advancesCount: Number(t.advances_count ?? 0),
      advancesCentimes: big(t.advances_amount),
      feesCentimes: big(t.fees_amount),
      rechargesCount: Number(t.recharges_count ?? 0),
      rechargesCentimes: big(t.recharges_amount),
      billsCount: Number(t.bills_count ?? 0),
      billsCentimes: big(t.bills_amount),
      transfersCount: Number(t.transfers_count ?? 0),
      transfersCentimes: big(t.transfers_amount),
      missionExpensesCount: Number(t.mission_expenses_count ?? 0),
      missionExpensesCentimes: big(t.mission_expenses_amount),
      totalCentimes: big(t.total),
    },
  };
}

/** The whole statement for the CSV, or the employees a search keeps (the same rows as the screen). */
export async function allDeductions(
  db: DbOrTx,
  companyId: number,
  period: DeductionPeriod,
  search?: string[],
) {
  const result = await db.execute(
    sql`${statement(companyId, period)} select per.* from per where ${searchOf(search)} ${ORDER}`,
  );
  return rowsOf(result).map(toRow);
}
