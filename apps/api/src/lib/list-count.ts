import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

/** Lists count exactly up to this many rows; past it, `count` is the planner's estimate. */
export const EXACT_COUNT_LIMIT = 10_000;

/**
 * The total of a list, counted at most up to `cap + 1` rows: an uncorrelated scalar subquery
 * (one InitPlan) to put beside the page's rows. A company's million advances are not counted on
 * every page; past `cap` the caller asks `estimatedCount` (decision 027).
 */
export function cappedCount(from: SQL, where: SQL, cap: number): SQL<number> {
  return sql<number>`(select count(*) from (select 1 from ${from} where ${where} limit ${cap + 1}) capped)`.mapWith(
    Number,
  );
}

/** PostgreSQL's row estimate for `select … from <from> where <where>` (EXPLAIN, nothing read). */
export async function estimatedCount(db: DbOrTx, from: SQL, where: SQL): Promise<number> {
  const { rows } = await db.execute(sql`explain (format json) select 1 from ${from} where ${where}`);
  const cell = (rows as Record<string, unknown>[])[0]?.['QUERY PLAN'];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: { 'Plan Rows': number } }[];
  return Math.round(plan[0]?.Plan['Plan Rows'] ?? 0);
}

/**
 * The list's `count` from a capped count: exact up to `cap`, past it the planner's estimate (never
 * below what was counted) and `countIsEstimate`.
 */
export async function listCount(
  db: DbOrTx,
  counted: number,
  cap: number,
  from: SQL,
  where: SQL,
): Promise<{ count: number; countIsEstimate: boolean }> {
  if (counted <= cap) return { count: counted, countIsEstimate: false };
  return { count: Math.max(await estimatedCount(db, from, where), cap + 1), countIsEstimate: true };
}
