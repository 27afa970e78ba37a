/**
 * Wallet CSV exports written by the old runtime (Node 20, tz 2025c) after Morocco's change print
 * every time from 2026-09-20 on one hour ahead: those rules still said UTC+01. The files are the
 * company's records, so they are corrected once, at start (decision 023): each old-rule wall time
 * at or after 02:00 on 20 September 2026 (the first instant of the new rules, 01:00 UTC, printed
 * as 02:00 under UTC+01) moves back one hour; earlier lines were right.
 */
import { and, eq, gte, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { walletExports } from '../../db/schema/ledger.ts';
import type { FileStorage } from '../../lib/storage.ts';

/** When the old rules (always UTC+01 since 2018) stopped being Morocco's: 2026-09-20 01:00 UTC. */
export const RULE_CHANGE = new Date('2026-09-20T01:00:00Z');
const FIRST_WRONG_WALL_TIME = Date.UTC(2026, 8, 20, 2, 0);
const DATE_CELL = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2});/;
const pad = (value: number) => String(value).padStart(2, '0');

/** The CSV with each wall time written under the old rules after the change moved back one hour. */
export function shiftOldRuleWallTimes(csv: string): { csv: string; shifted: number } {
  let shifted = 0;
  const lines = csv.split('\r\n').map((line) => {
    const match = DATE_CELL.exec(line);
    if (!match) return line;
    const [, d, m, y, hh, mm] = match.map(Number) as [number, number, number, number, number, number];
    const wall = Date.UTC(y, m - 1, d, hh, mm);
    if (wall < FIRST_WRONG_WALL_TIME) return line;
    const right = new Date(wall - 3_600_000);
    shifted += 1;
    const cell = `${pad(right.getUTCDate())}/${pad(right.getUTCMonth() + 1)}/${right.getUTCFullYear()} ${pad(right.getUTCHours())}:${pad(right.getUTCMinutes())};`;
    return cell + line.slice(match[0].length);
  });
  return { csv: lines.join('\r\n'), shifted };
}

type RepairLog = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * Rewrites every finished export still marked as written with the old rules. The corrected file
 * gets a new key and the row points at it in one update, so a crash at any point leaves either the
 * old file (repaired again at the next start) or the new one; the old file is removed last.
 */
export async function repairWalletExportTimes(deps: { db: Db; storage: FileStorage; log: RepairLog }) {
  const rows = await deps.db
    .select({ id: walletExports.id, fileKey: walletExports.fileKey })
    .from(walletExports)
    .where(and(isNull(walletExports.tzRules), gte(walletExports.createdAt, RULE_CHANGE)));
  let repaired = 0;
  for (const row of rows) {
    try {
      if (!row.fileKey) {
        await deps.db
          .update(walletExports)
          .set({ tzRules: 'repaired-2026c' })
          .where(eq(walletExports.id, row.id));
        continue;
      }
      const old = await deps.storage.get(row.fileKey);
      const { csv } = shiftOldRuleWallTimes(old.toString('utf8'));
      const fileKey = await deps.storage.put(Buffer.from(csv, 'utf8'), {
        prefix: 'wallet-exports',
        extension: 'csv',
      });
      await deps.db
        .update(walletExports)
        .set({ fileKey, tzRules: 'repaired-2026c' })
        .where(and(eq(walletExports.id, row.id), isNull(walletExports.tzRules)));
      await deps.storage.delete(row.fileKey);
      repaired += 1;
    } catch (error) {
      deps.log.error({ err: error, exportId: row.id }, 'wallet export times could not be repaired');
    }
  }
  if (repaired > 0)
    deps.log.info({ repaired }, 'wallet exports written with the old Moroccan time rules repaired');
  return { repaired };
}
