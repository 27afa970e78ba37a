/**
 * GET /transactions/: advances, top-ups and bills in one list (UNION ALL), newest first. Each branch
 * filters on its own table (company first, so the (company_id, created_at) and
 * (employee_id, created_at) indexes serve it) and the page is cut before the names are joined.
 * Transfers and bills (issue 16) are the third and fourth branches, expense settlements (issue 15)
 * the fifth.
 */
import type { TTransactionType } from '@tasbiq/contracts/transactions';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cappedCount, EXACT_COUNT_LIMIT, listCount } from '../../lib/list-count.ts';
import { startOfDayInCasablanca } from '../../lib/time.ts';
import { type Period, periodBounds } from '../recharges/queries.ts';

export type TransactionFilters = {
  companyId: number;
  employeeId?: number;
  types?: TTransactionType[];
  status?: string[];
  period?: Period;
  createdAfter?: string;
  createdBefore?: string;
  search?: string[];
};

export type TransactionRow = {
  type: 'advance' | 'recharge' | 'transfer' | 'bill' | 'expense_settlement';
  id: number;
  employeeId: number;
  firstName: string;
  lastName: string;
  serial: string | null;
  amountCentimes: bigint;
  feesCentimes: bigint;
  faceAmountCentimes: bigint;
  status: string;
  operator: string | null;
  payoutMethod: string | null;
  /** A transfer's recipient (null for the other types). */
  recipient: string | null;
  createdAt: Date;
};

/** Inclusive Casablanca days, or full ISO instants, as in every list (lib/list-sql.ts). */
function dayBound(value: string, nextDay: boolean): Date {
  if (value.length > 10) return new Date(value);
  return startOfDayInCasablanca(value, nextDay ? 1 : 0);
}

/** An instant as a SQL parameter both drivers bind the same way. */
const ts = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** The WHERE of one branch (`alias` is `a` or `r`); the same filters on both tables. */
function branchWhere(alias: 'a' | 'r' | 'tr' | 'b' | 'es', f: TransactionFilters): SQL {
  const col = (name: string) => sql.raw(`${alias}.${name}`);
  const parts: SQL[] = [sql`${col('company_id')} = ${f.companyId}`];
  if (f.employeeId !== undefined) parts.push(sql`${col('employee_id')} = ${f.employeeId}`);
  if (f.status) parts.push(f.status.length > 0 ? sql`${col('status')} in ${f.status}` : sql`false`);
  if (f.period) {
    const { start, end } = periodBounds(f.period);
    parts.push(sql`${col('created_at')} >= ${ts(start)} and ${col('created_at')} < ${ts(end)}`);
  }
  if (f.createdAfter) parts.push(sql`${col('created_at')} >= ${ts(dayBound(f.createdAfter, false))}`);
  if (f.createdBefore)
    parts.push(
      f.createdBefore.length > 10
        ? sql`${col('created_at')} <= ${ts(new Date(f.createdBefore))}`
        : sql`${col('created_at')} < ${ts(dayBound(f.createdBefore, true))}`,
    );
  if (f.search && f.search.length > 0) {
    // Every term must match the employee's names or matricule (DRF SearchFilter).
    for (const term of f.search) {
      const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      parts.push(sql`exists (select 1 from employees se join users su on su.id = se.user_id
        where se.id = ${col('employee_id')}
          and (su.first_name ilike ${pattern} or su.last_name ilike ${pattern} or se.serial ilike ${pattern}))`);
    }
  }
  return sql.join(parts, sql` and `);
}

function unionOf(f: TransactionFilters): SQL | null {
  const wanted = (type: TTransactionType) => !f.types || f.types.includes(type);
  const branches: SQL[] = [];
  if (wanted('advance'))
    branches.push(sql`select 'advance' as type, a.id, a.employee_id, a.amount_centimes as amount,
        a.fee_centimes as fees, a.amount_centimes as face_amount, a.status, null::text as operator,
        a.payout_method, null::text as recipient, a.created_at
      from advances a where ${branchWhere('a', f)}`);
  if (wanted('recharge'))
    branches.push(sql`select 'recharge' as type, r.id, r.employee_id, r.discounted_amount_centimes as amount,
        0::bigint as fees, r.amount_centimes as face_amount, r.status, r.operator,
        null::text as payout_method, null::text as recipient, r.created_at
      from recharges r where ${branchWhere('r', f)}`);
  if (wanted('transfer'))
    branches.push(sql`select 'transfer' as type, tr.id, tr.employee_id, tr.amount_centimes as amount,
        tr.fee_centimes as fees, tr.amount_centimes as face_amount, tr.status, null::text as operator,
        null::text as payout_method, tr.recipient_name as recipient, tr.created_at
      from transfers tr where ${branchWhere('tr', f)}`);
  // A bill's biller rides in `operator` (its title), its amount due in `face_amount`.
  if (wanted('bill'))
    branches.push(sql`select 'bill' as type, b.id, b.employee_id, b.amount_centimes as amount,
        0::bigint as fees, b.amount_due_centimes as face_amount, b.status, b.biller as operator,
        null::text as payout_method, null::text as recipient, b.created_at
      from bills b where ${branchWhere('b', f)}`);
  // The settlement of an accepted expense report (issue 15) that moves money: owed by the employee
  // (status `owed`, deducted from the salary) or paid to them (the payout's status). The order's
  // number rides in `operator`, the balance's size in `amount`.
  if (wanted('expense_settlement'))
    branches.push(sql`select 'expense_settlement' as type, es.id, es.employee_id, abs(es.balance_centimes) as amount,
        0::bigint as fees, abs(es.balance_centimes) as face_amount, es.status, es.number as operator,
        es.payout_method, null::text as recipient, es.created_at
      from (select s.*, mo.number,
              case when s.direction = 'owed_by_employee' then 'owed' else s.payout_status end as status
            from expense_settlements s join mission_orders mo on mo.id = s.mission_order_id
            where s.direction <> 'none') es
      where ${branchWhere('es', f)}`);
  return branches.length > 0 ? sql.join(branches, sql` union all `) : null;
}

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;

/**
 * One page and the total, in parallel. The total stops at `countCap` rows: past it, PostgreSQL's
 * estimate and `countIsEstimate` (decision 027).
 */
export async function listTransactions(
  db: DbOrTx,
  filters: TransactionFilters,
  page: { limit: number; offset: number },
  countCap = EXACT_COUNT_LIMIT,
): Promise<{ count: number; countIsEstimate: boolean; rows: TransactionRow[] }> {
  const union = unionOf(filters);
  if (!union) return { count: 0, countIsEstimate: false, rows: [] };
  const all = sql`(${union}) t`;
  const [total, result] = await Promise.all([
    db.execute(sql`select ${cappedCount(all, sql`true`, countCap)}::int as count`),
    db.execute(sql`
      select p.*, u.first_name, u.last_name, e.serial
      from (select * from (${union}) t
            order by t.created_at desc, t.type, t.id desc
            limit ${page.limit} offset ${page.offset}) p
      join employees e on e.id = p.employee_id
      join users u on u.id = e.user_id
      order by p.created_at desc, p.type, p.id desc`),
  ]);
  const counted = Number(rowsOf(total)[0]?.count ?? 0);
  return {
    ...(await listCount(db, counted, countCap, all, sql`true`)),
    rows: rowsOf(result).map((r) => ({
      type: r.type as TransactionRow['type'],
      id: Number(r.id),
      employeeId: Number(r.employee_id),
      firstName: String(r.first_name ?? ''),
      lastName: String(r.last_name ?? ''),
      serial: (r.serial as string | null) ?? null,
      amountCentimes: BigInt(r.amount as string | number),
      feesCentimes: BigInt(r.fees as string | number),
      faceAmountCentimes: BigInt(r.face_amount as string | number),
      status: String(r.status),
      operator: (r.operator as string | null) ?? null,
      payoutMethod: (r.payout_method as string | null) ?? null,
      recipient: (r.recipient as string | null) ?? null,
      createdAt: r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at)),
    })),
  };
}
