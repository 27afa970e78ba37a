/**
 * The start-up check of Moroccan time (decision 023): Node's rules and the database's rules for
 * Africa/Casablanca must both know the 2026 change, or months, limits and deductions count in the
 * wrong hour. Production refuses to start; development warns loudly.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { casablancaOffsetMinutes } from './time.ts';

/** Instants whose Casablanca offset is known, one per rule period that still matters. */
export const CASABLANCA_CHECKPOINTS = [
  { at: '2026-10-31T23:30:00Z', offsetMinutes: 0, rule: 'UTC+00 for good since 2026-09-20 (tzdata 2026c)' },
  { at: '2025-12-01T12:00:00Z', offsetMinutes: 60, rule: 'UTC+01 before 2026-09-20' },
  { at: '2026-03-01T12:00:00Z', offsetMinutes: 0, rule: 'UTC+00 during Ramadan 2026' },
] as const;

export type TimeZoneSide = 'node' | 'database';
export type TimeZoneMismatch = {
  side: TimeZoneSide;
  at: string;
  expectedMinutes: number;
  actualMinutes: number;
  rule: string;
};

/** Minutes east of UTC that a side gives for each checkpoint, in checkpoint order. */
export type OffsetReader = (instants: readonly string[]) => Promise<number[]> | number[];

export const nodeOffsets: OffsetReader = (instants) =>
  instants.map((at) => casablancaOffsetMinutes(new Date(at)));

/** The database's own conversion, which `at time zone` in SQL (or psql, or a report tool) applies. */
export function databaseOffsets(db: DbOrTx): OffsetReader {
  return async (instants) => {
    const edges = `{${instants.join(',')}}`;
    const result = await db.execute(sql`
      select (extract(epoch from (t at time zone 'Africa/Casablanca') - (t at time zone 'UTC')) / 60)::int as minutes
      from unnest(${edges}::timestamptz[]) with ordinality as u(t, n)
      order by n`);
    return (result.rows as Array<{ minutes: number | string }>).map((row) => Number(row.minutes));
  };
}

/** Every checkpoint where a side disagrees with the known rules; empty when both are right. */
export async function findTimeZoneMismatches(
  readers: Record<TimeZoneSide, OffsetReader>,
): Promise<TimeZoneMismatch[]> {
  const instants = CASABLANCA_CHECKPOINTS.map((c) => c.at);
  const mismatches: TimeZoneMismatch[] = [];
  for (const side of ['node', 'database'] as const) {
    const offsets = await readers[side](instants);
    CASABLANCA_CHECKPOINTS.forEach((checkpoint, index) => {
      const actual = offsets[index];
      if (actual !== checkpoint.offsetMinutes)
        mismatches.push({
          side,
          at: checkpoint.at,
          expectedMinutes: checkpoint.offsetMinutes,
          actualMinutes: actual ?? Number.NaN,
          rule: checkpoint.rule,
        });
    });
  }
  return mismatches;
}

const REMEDY: Record<TimeZoneSide, (driver: 'pg' | 'pglite') => string> = {
  node: () =>
    `Node ${process.version} has time zone data ${process.versions.tz ?? 'unknown'}: run on the project's pinned Node (` +
    '`npm ci` installs it in node_modules/.bin; Node 24.21+ carries tz 2026c or newer).',
  database: (driver) =>
    driver === 'pglite'
      ? 'PGlite is too old: use @electric-sql/pglite 0.5 or newer (`npm ci`).'
      : "PostgreSQL's time zone data is outdated: upgrade the server's tzdata (Debian: `apt-get install tzdata`); " +
        'new connections use it without a restart.',
};

/** One readable paragraph per side that is wrong, naming what to update. */
export function describeTimeZoneMismatches(
  mismatches: readonly TimeZoneMismatch[],
  driver: 'pg' | 'pglite',
): string {
  const sides = [...new Set(mismatches.map((m) => m.side))];
  return sides
    .map((side) => {
      const lines = mismatches
        .filter((m) => m.side === side)
        .map(
          (m) =>
            `  ${m.at}: UTC${signed(m.actualMinutes)} instead of UTC${signed(m.expectedMinutes)} (${m.rule})`,
        );
      return [
        `Africa/Casablanca is wrong in ${side === 'node' ? 'Node.js' : 'the database'}:`,
        ...lines,
        `  → ${REMEDY[side](driver)}`,
      ].join('\n');
    })
    .join('\n');
}

function signed(minutes: number): string {
  if (Number.isNaN(minutes)) return '?';
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * Runs the check at start: throws in production (the process must not serve wrong months),
 * warns loudly otherwise. Returns the mismatches for the caller's log.
 */
export async function guardTimeZoneRules(options: {
  db: DbOrTx;
  driver: 'pg' | 'pglite';
  production: boolean;
  warn: (message: string) => void;
  readers?: Partial<Record<TimeZoneSide, OffsetReader>>;
}): Promise<TimeZoneMismatch[]> {
  const mismatches = await findTimeZoneMismatches({
    node: options.readers?.node ?? nodeOffsets,
    database: options.readers?.database ?? databaseOffsets(options.db),
  });
  if (mismatches.length === 0) return mismatches;
  const message = describeTimeZoneMismatches(mismatches, options.driver);
  if (options.production) throw new Error(`Refusing to start: Moroccan time would be wrong.\n${message}`);
  options.warn(
    `\n${'!'.repeat(78)}\n! Moroccan time is WRONG on this machine: months, limits and deductions will be off.\n${message}\n${'!'.repeat(78)}\n`,
  );
  return mismatches;
}
