import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Download } from '@playwright/test';
import { acceptTerms, apiLogin, expect } from './fixtures.ts';

/**
 * Atlas employees of the seed that only the HR money journeys (dashboard, wallet) use: each journey
 * makes an advance with one of them and cancels it at the end, so the month is left as it was and
 * the journeys can run again on one server. The demo history (seed/demo-money.ts) draws on random
 * employees over the last 30 days; should it have used up the first one's month, the next is taken.
 */
export const ADVANCE_TAKERS = [
  { username: 'kawtar.berrada@demo.ma', name: 'Kawtar Berrada', serial: 'ATL-0049' },
  { username: 'tarik.elfassi@demo.ma', name: 'Tarik El Fassi', serial: 'ATL-0032' },
  { username: 'nabil.lahlou@demo.ma', name: 'Nabil Lahlou', serial: 'ATL-0028' },
] as const;
export type AdvanceTaker = (typeof ADVANCE_TAKERS)[number];

export type EmployeeAdvance = {
  id: number;
  /** Wire amounts ("120.00"): the advance and its fee (0 for a free one). */
  amount: string;
  fees: string;
  access: string;
  employee: AdvanceTaker;
};

type Solde = { balance: string; next_fee: string; requests_left: number | null; is_restricted: boolean };

/** An employee asks for an advance by API (paid by RIB: it stays pending for minutes). */
export async function makeAdvance(request: APIRequestContext, amountDh: number): Promise<EmployeeAdvance> {
  for (const employee of ADVANCE_TAKERS) {
    const { access } = await apiLogin(request, employee.username);
    await acceptTerms(request, access);
    const headers = { Authorization: `Bearer ${access}` };
    const solde = (await (await request.get('/api/employees/solde', { headers })).json()) as Solde;
    const isPossible =
      !solde.is_restricted &&
      solde.requests_left !== 0 &&
      Number(solde.balance) >= amountDh + Number(solde.next_fee);
    if (!isPossible) continue;
    const res = await request.post('/api/advances/', {
      headers: { ...headers, 'Idempotency-Key': randomUUID() },
      data: { amount: String(amountDh), payout_method: 'rib' },
    });
    expect(res.status(), await res.text()).toBe(201);
    const advance = (await res.json()) as { id: number; amount: string; fees: string; status: string };
    expect(advance.status).toBe('pending');
    return { id: advance.id, amount: advance.amount, fees: advance.fees, access, employee };
  }
  throw new Error(`No seeded employee can take a ${amountDh} DH advance this month`);
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
