import type { Page } from '@playwright/test';
import { expect, expectHome, submitLogin, test } from './fixtures.ts';

async function expectNotFound(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Page non trouvée' })).toBeVisible();
  await expect(page.getByRole('link', { name: "Retour à l'accueil" })).toBeVisible();
}

test.describe('route guards', () => {
  test('an employee sent to the HR area lands on the home page', async ({ page, login }) => {
    await login({ role: 'employee', path: '/rh' });
    await expectHome(page, 'Karim');
    await page.goto('/rh/employees');
    await expectHome(page, 'Karim');
  });

  test('an unknown path shows "Page non trouvée" with a way home', async ({ page, login }) => {
    await login({ role: 'employee', path: '/cette-page-n-existe-pas' });
    await expect(page).toHaveURL(/\/cette-page-n-existe-pas$/);
    await expectNotFound(page);
    await page.getByRole('link', { name: "Retour à l'accueil" }).click();
    await expectHome(page, 'Karim');
  });

  test('a logged-in visitor opening /login goes home', async ({ page, login }) => {
    await login({ role: 'employee', path: '/login' });
    await expectHome(page, 'Karim');
    await page.goto('/reset');
    await expectHome(page, 'Karim');
  });

  test('an anonymous visitor is sent to /login, then back where they were going', async ({ page, login }) => {
    // Terms accepted beforehand so that only the redirections are under test here.
    await login({ role: 'employee', path: '/profile' });
    await page.evaluate(() => localStorage.clear());
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
    await submitLogin(page, 'salarie@demo.ma');
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mon profil' })).toBeVisible();
  });

  test('an anonymous visitor on an unknown path sees "Page non trouvée"', async ({ page }) => {
    await page.goto('/nulle-part');
    await expectNotFound(page);
  });

  test('a feature the company turned off answers 404 (Rif Industries has no recharges)', async ({
    page,
    login,
  }) => {
    await login({ role: 'rifRh', path: '/recharge' });
    await expect(page).toHaveURL(/\/404$/);
    await expectNotFound(page);
    // The same RH's HR pages of an off feature are closed too (expenses off → validators).
    await page.goto('/rh/validators');
    await expect(page).toHaveURL(/\/404$/);
  });

  test('the budget policy is for the DRH only', async ({ page, login }) => {
    await login({ role: 'rh', path: '/rh/policy' });
    await expect(page).toHaveURL(/\/404$/);
    await expectNotFound(page);

    await page.evaluate(() => localStorage.clear());
    await login({ role: 'drh', path: '/rh/policy' });
    await expect(page).toHaveURL(/\/rh\/policy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Politique budgétaire' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Navigation gestion' })).toBeVisible();
  });
});
