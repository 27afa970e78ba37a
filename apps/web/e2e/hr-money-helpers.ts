import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { acceptTerms, apiLogin, expect } from './fixtures.ts';

/**
 * An Atlas employee of the seed that only the HR money journeys (dashboard, wallet, deductions)
 * use: each journey makes an advance with it and cancels it at the end, so its monthly limits never
 * run out when the journeys are repeated on one server.
 */
export const ADVANCE_TAKER = {
  username: 'kawtar.berrada@demo.ma',
  name: 'Kawtar Berrada',
  serial: 'ATL-0049',
} as const;

export type EmployeeAdvance = { id: number; amount: string; access: string };

/** The employee asks for an advance by API (paid by RIB: it stays pending for minutes). */
export async function makeAdvance(request: APIRequestContext, amountDh: number): Promise<EmployeeAdvance> {
  const { access } = await apiLogin(request, ADVANCE_TAKER.username);
  await acceptTerms(request, access);
  const res = await request.post('/api/advances/', {
    headers: { Authorization: `Bearer ${access}`, 'Idempotency-Key': randomUUID() },
    data: { amount: String(amountDh), payout_method: 'rib' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const advance = (await res.json()) as { id: number; amount: string; status: string };
  expect(advance.status).toBe('pending');
  return { id: advance.id, amount: advance.amount, access };
}

/** Cancels it again (the journeys leave the employee's month as they found it). */
export async function cancelAdvance(request: APIRequestContext, advance: EmployeeAdvance): Promise<void> {
  const res = await request.post(`/api/advances/${advance.id}/cancel/`, {
    headers: { Authorization: `Bearer ${advance.access}` },
    data: { reason: 'Parcours e2e RH terminé' },
  });
  // 200, or already out of pending (ADVANCE_NOT_PENDING): either way it no longer counts.
  expect([200, 400], await res.text()).toContain(res.status());
}

/** The file is a CSV that French Excel opens: UTF-8 with a BOM, `;` between fields. */
export function readExcelCsv(path: string): string {
  const content = readFileSync(path);
  expect([...content.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return content.subarray(3).toString('utf8');
}

export async function downloadedCsv(download: Download): Promise<string> {
  return readExcelCsv(await download.path());
}

/** Nothing sticks out sideways on a phone (no horizontal scrolling of the page). */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.document, JSON.stringify(widths)).toBeLessThanOrEqual(widths.viewport);
}
