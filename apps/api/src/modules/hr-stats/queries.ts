/**
 * GET /stats/rh: the HR dashboard's key figures for one Casablanca month, in one round trip of
 * scalar subqueries (each served by a (company_id, created_at) index). Counts and sums leave out
 * canceled, rejected and failed items; a top-up counts at its discounted amount (what left the
 * wallet). The wallet balance is the ledger account's balance, kept beside its entries.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { casablancaMonthBounds } from '../../lib/time.ts';

export type HrStatsRow = {
  month: number;
  year: number;
  walletBalanceCentimes: bigint;
  activeEmployees: number;
  employeesWithAdvance: number;
  advancesCount: number;
  advancesCentimes: bigint;
  feesCentimes: bigint;
  rechargesCount: number;
  rechargesCentimes: bigint;
  billsCount: number;
  billsCentimes: bigint;
  /** Transfers of the month, not refunded: amount + fee. */
  transfersCount: number;
  transfersCentimes: bigint;
  pendingAdvances: number;
};

export async function hrStats(db: DbOrTx, companyId: number, at: Date = new Date()): Promise<HrStatsRow> {
  const { start, end, month } = casablancaMonthBounds(at);
  const from = sql`${start.toISOString()}::timestamptz`;
  const until = sql`${end.toISOString()}::timestamptz`;
  const liveAdvances = sql`a.company_id = ${companyId} and a.created_at >= ${from} and a.created_at < ${until}
    and a.status not in ('canceled', 'rejected', 'failed')`;
  const result = await db.execute(sql`
    select
      (select la.balance_centimes::text from ledger_accounts la
        where la.kind = 'company_wallet' and la.company_id = ${companyId} and la.employee_id is null) as wallet,
      (select count(*)::int from employees e
        where e.company_id = ${companyId} and e.is_active and e.status = 'activated') as active_employees,
      (select count(distinct a.employee_id)::int from advances a where ${liveAdvances}) as employees_with_advance,
      (select count(*)::int || ':' || coalesce(sum(a.amount_centimes), 0)::text || ':' || coalesce(sum(a.fee_centimes), 0)::text
        from advances a where ${liveAdvances}) as advances,
      (select count(*)::int || ':' || coalesce(sum(r.discounted_amount_centimes), 0)::text
        from recharges r where r.company_id = ${companyId} and r.created_at >= ${from} and r.created_at < ${until}
          and r.status <> 'failed') as recharges,
      (select count(*)::int || ':' || coalesce(sum(b.amount_centimes), 0)::text
        from bills b where b.company_id = ${companyId} and b.created_at >= ${from} and b.created_at < ${until}
          and b.status <> 'failed') as bills,
      (select count(*)::int || ':' || coalesce(sum(tr.amount_centimes + tr.fee_centimes), 0)::text
        from transfers tr where tr.company_id = ${companyId} and tr.created_at >= ${from} and tr.created_at < ${until}
          and tr.status not in ('expired', 'canceled', 'failed')) as transfers,
      (select count(*)::int from advances a where a.company_id = ${companyId} and a.status = 'pending') as pending_advances
  `);
  const row = (result as unknown as { rows: Array<Record<string, unknown>> }).rows[0] ?? {};
  const [advancesCount = '0', advancesSum = '0', feesSum = '0'] = String(row.advances ?? '0:0:0').split(':');
  const [rechargesCount = '0', rechargesSum = '0'] = String(row.recharges ?? '0:0').split(':');
  const [billsCount = '0', billsSum = '0'] = String(row.bills ?? '0:0').split(':');
  const [transfersCount = '0', transfersSum = '0'] = String(row.transfers ?? '0:0').split(':');
  return {
    month: month.month,
    year: month.year,
    walletBalanceCentimes: BigInt((row.wallet as string | null) ?? 0),
    activeEmployees: Number(row.active_employees ?? 0),
    employeesWithAdvance: Number(row.employees_with_advance ?? 0),
    advancesCount: Number(advancesCount),
    advancesCentimes: BigInt(advancesSum),
    feesCentimes: BigInt(feesSum),
    rechargesCount: Number(rechargesCount),
    rechargesCentimes: BigInt(rechargesSum),
    billsCount: Number(billsCount),
    billsCentimes: BigInt(billsSum),
    transfersCount: Number(transfersCount),
    transfersCentimes: BigInt(transfersSum),
    pendingAdvances: Number(row.pending_advances ?? 0),
  };
}
