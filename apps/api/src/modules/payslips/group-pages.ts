/**
 * Cuts a run of pages into slips. A page that names someone (CIN, matricule, known name) starts a
 * slip unless it names the same person for the same period as the slip before (payroll programs
 * repeat the header on every page); a page that names nobody continues the slip before it (the
 * second page of gains, the yearly totals); a scanned page the OCR could not read stands alone.
 */
import type { SlipPeriod } from './read-slip-page.ts';

export type ReadPage = {
  pageNumber: number;
  scanned: boolean;
  /** Who the page names (`employee:12`, `cin:AB123`), null when nobody. */
  identity: string | null;
  period: SlipPeriod | null;
};

export type PageGroup = { firstPage: number; pages: ReadPage[] };

const samePeriod = (a: SlipPeriod | null, b: SlipPeriod | null) =>
  !a || !b || (a.month === b.month && a.year === b.year);

/** Whether `page` continues `group` (the slip being read) rather than starting a new one. */
export function continues(group: PageGroup | null, page: ReadPage): boolean {
  if (!group) return false;
  // A scan the OCR could not read stands alone, and nothing is glued to it.
  const unread = (p: ReadPage) => p.scanned && p.identity === null && p.period === null;
  if (unread(page) || unread(group.pages[0]!)) return false;
  if (page.identity === null) return true;
  const head = group.pages.find((p) => p.identity !== null);
  if (!head) return false;
  const period = group.pages.find((p) => p.period)?.period ?? null;
  return head.identity === page.identity && samePeriod(period, page.period);
}

/** Groups consecutive pages; every group's first page starts a slip. */
export function groupPages(pages: ReadPage[]): PageGroup[] {
  const groups: PageGroup[] = [];
  for (const page of pages) {
    const current = groups.at(-1) ?? null;
    if (continues(current, page)) current!.pages.push(page);
    else groups.push({ firstPage: page.pageNumber, pages: [page] });
  }
  return groups;
}
