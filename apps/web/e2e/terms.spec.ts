import { ACCOUNTS, expect, expectHome, submitLogin, test } from './fixtures.ts';

const { username, firstName } = ACCOUNTS.termsReader;

test('the terms of use block the app until accepted, once', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, username);

  const terms = page.getByRole('dialog', { name: "Conditions générales d'utilisation" });
  await expect(terms).toBeVisible();
  await expect(terms.getByRole('button', { name: "J'accepte" })).toBeEnabled();

  // Not dismissible: neither Escape nor a click outside closes it.
  await page.keyboard.press('Escape');
  await expect(terms).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(terms).toBeVisible();
  // The page behind cannot be used meanwhile.
  await expect(page.getByRole('link', { name: 'Profil' })).toHaveCount(0);

  // "Se déconnecter" is the only other way out; the next login shows the terms again.
  await terms.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(terms).toBeHidden();
  await submitLogin(page, username);
  await expect(terms).toBeVisible();

  await terms.getByRole('button', { name: "J'accepte" }).click();
  await expect(terms).toBeHidden();
  await expectHome(page, firstName);
  await page.getByRole('link', { name: 'Profil' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mon profil' })).toBeVisible();

  // Accepted for good: a reload (which asks /terms/latest again) does not bring the modal back.
  const latest = page.waitForResponse((r) => r.url().includes('/api/terms/latest') && r.ok());
  await page.reload();
  const answer = (await (await latest).json()) as { accepted: boolean };
  expect(answer.accepted).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Mon profil' })).toBeVisible();
  await expect(terms).toHaveCount(0);
});
