import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { acceptTerms, apiLogin, expect, storeTokens, type TokenPair } from './fixtures.ts';

/**
 * The Atlas employee of the seed that only the employee money journeys (advance, top-up,
 * history) use. Not salarie@demo.ma: notifications.spec.ts counts Karim's seeded notifications
 * exactly, and every advance, cancellation and top-up adds one. Unlimited requests per month,
 * a RIB and no prepaid card; each journey cancels what it asked for, so it can run again.
 */
export const MONEY_EMPLOYEE = {
  username: 'othmane.belhaj@demo.ma',
  firstName: 'Othmane',
  phone: '+212747485306',
} as const;

/** Logs the money employee in by API (terms accepted) and opens `path`. */
export async function loginMoneyEmployee(
  page: Page,
  request: APIRequestContext,
  path = '/',
): Promise<TokenPair> {
  const tokens = await apiLogin(request, MONEY_EMPLOYEE.username);
  await acceptTerms(request, tokens.access);
  await storeTokens(page, tokens);
  await page.goto(path);
  return tokens;
}

const auth = (access: string) => ({ Authorization: `Bearer ${access}` });

/** An advance asked by API (paid by RIB: it stays pending for minutes, so it can be canceled). */
export async function requestAdvance(
  request: APIRequestContext,
  access: string,
  amountDh: number,
): Promise<{ id: number; amount: string }> {
  const res = await request.post('/api/advances/', {
    headers: { ...auth(access), 'Idempotency-Key': randomUUID() },
    data: { amount: String(amountDh), payout_method: 'rib' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; amount: string };
}

/**
 * Cancels every advance the employee still has pending, whatever journey left it (a failed run
 * included), so the month's limits and balance never run out on one server.
 */
export async function cancelPendingAdvances(request: APIRequestContext): Promise<void> {
  const { access } = await apiLogin(request, MONEY_EMPLOYEE.username);
  const res = await request.get('/api/advances/?employee=me&status=pending&limit=100', {
    headers: auth(access),
  });
  expect(res.status(), await res.text()).toBe(200);
  const { results } = (await res.json()) as { results: Array<{ id: number }> };
  for (const { id } of results) {
    const cancel = await request.post(`/api/advances/${id}/cancel/`, {
      headers: auth(access),
      data: { reason: 'Fin du parcours e2e' },
    });
    // 400 ADVANCE_NOT_PENDING: the payout started meanwhile; it no longer blocks anything.
    expect([200, 400], await cancel.text()).toContain(cancel.status());
  }
}
