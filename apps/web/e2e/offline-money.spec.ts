import { loginMoneyEmployee, MONEY_EMPLOYEE } from './employee-money-helpers.ts';
import { expect, test } from './fixtures.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

type RechargePage = { count: number };

/**
 * Issue 10: money never moves behind the person's back. With the network cut, confirming a top-up
 * fails at once with a French message (it used to wait, then go through on its own when the
 * network came back); nothing is sent when the network returns; retrying is the person's choice
 * and carries the same Idempotency-Key.
 */
test('offline, a top-up fails at once, is not sent when the network returns, and is retried with the same key', async ({
  page,
  request,
  context,
}) => {
  const tokens = await loginMoneyEmployee(page, request, '/recharge');
  const auth = { Authorization: `Bearer ${tokens.access}` };
  const countTopUps = async () =>
    ((await (await request.get('/api/recharges/?limit=1', { headers: auth })).json()) as RechargePage).count;
  const before = await countTopUps();

  await page.getByRole('radio', { name: 'Orange' }).check();
  await page.getByRole('radio', { name: /^10\sDH/ }).check();
  await expect(page.getByRole('textbox', { name: /Numéro à recharger/ })).toHaveValue(MONEY_EMPLOYEE.phone);
  await page.getByRole('button', { name: /^Recharger 10\sDH$/ }).tap();
  const dialog = page.getByRole('dialog', { name: 'Confirmer la recharge' });

  const keys: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().endsWith('/api/recharges/'))
      keys.push(sent.headers()['idempotency-key'] ?? '');
  });

  await context.setOffline(true);
  await expect(page.getByText(/Vous êtes hors connexion/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirmer la recharge' }).tap();
  await expect(dialog.getByText(/Pas de connexion internet : rien n’a été envoyé/)).toBeVisible({
    timeout: 5_000,
  });
  await expect(dialog.getByRole('button', { name: 'Annuler' })).toBeEnabled();

  // The network returns: the banner goes and nothing is sent on its own.
  await context.setOffline(false);
  await expect(page.getByText(/Vous êtes hors connexion/)).toBeHidden();
  expect(await countTopUps()).toBe(before);
  await expect(page.getByRole('heading', { name: 'Recharge effectuée' })).toBeHidden();
  expect(keys).toHaveLength(1);

  // The person retries: one top-up, with the key of the first attempt.
  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/recharges/') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Confirmer la recharge' }).tap();
  expect((await created).status()).toBe(201);
  await expect(page.getByRole('heading', { name: 'Recharge effectuée' })).toBeVisible({ timeout: 15_000 });
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect(await countTopUps()).toBe(before + 1);
});
