import type { Page } from '@playwright/test';
import { ACCESS_KEY, expect, expectHome, readTokens, storeTokens, test } from './fixtures.ts';
import { badSignatureCopy, expiredCopy } from './jwt.ts';

/** Replaces the stored access token (and optionally the refresh token) behind the app's back. */
async function tamper(page: Page, access: string, refresh?: string) {
  const current = await readTokens(page);
  await storeTokens(page, { access, refresh: refresh ?? current.refresh ?? '' });
}

test.describe('session renewal', () => {
  for (const [kind, forge] of [
    ['an expired', expiredCopy],
    ['a badly signed', badSignatureCopy],
  ] as const) {
    test(`${kind} access token is renewed silently`, async ({ page, login }) => {
      const session = await login({ role: 'employee' });
      await expectHome(page, 'Karim');

      const forged = forge(session.access);
      await tamper(page, forged);
      const refreshed = page.waitForResponse(
        (r) => r.url().includes('/api/auth/token/refresh') && r.status() === 200,
      );
      await page.reload();
      await refreshed;

      await expectHome(page, 'Karim');
      await expect.poll(async () => (await readTokens(page)).access).not.toBe(forged);
      const tokens = await readTokens(page);
      expect(tokens.access).toBeTruthy();
      // The refresh token rotates: the one used is now blacklisted.
      expect(tokens.refresh).not.toBe(session.refresh);

      // Client-side navigation keeps working with the new pair.
      await page
        .getByRole('navigation', { name: 'Navigation principale' })
        .getByRole('link', { name: 'Profil' })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: 'Mon profil' })).toBeVisible();
    });
  }

  test('a refused refresh ends the session and goes to the login page', async ({ page, login }) => {
    const session = await login({ role: 'employee' });
    await expectHome(page, 'Karim');

    await tamper(page, badSignatureCopy(session.access), badSignatureCopy(session.refresh));
    await page.reload();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), ACCESS_KEY)).toBeNull();
  });

  test('a refresh token already used cannot renew the session', async ({ page, login, request }) => {
    const session = await login({ role: 'employee' });
    await expectHome(page, 'Karim');
    // Someone (another tab, a thief) rotated the pair first: our refresh token is blacklisted.
    const res = await request.post('/api/auth/token/refresh', { data: { refresh: session.refresh } });
    expect(res.status()).toBe(200);

    await tamper(page, expiredCopy(session.access), session.refresh);
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('logging out from the profile ends the session', async ({ page, login, request }) => {
    const session = await login({ role: 'employee', path: '/profile' });
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await readTokens(page)).toEqual({ access: null, refresh: null });
    // The refresh token was revoked on the server, not only forgotten by the browser.
    await expect
      .poll(async () =>
        (await request.post('/api/auth/token/refresh', { data: { refresh: session.refresh } })).status(),
      )
      .toBe(401);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('logging out in one tab logs the other tab out too', async ({ page, login, context }) => {
    await login({ role: 'employee', path: '/profile' });
    const other = await context.newPage();
    await other.goto('/');
    await expectHome(other, 'Karim');

    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(other).toHaveURL(/\/login$/);
    await expect(other.getByRole('heading', { name: 'Bonjour Karim' })).toHaveCount(0);
  });
});
