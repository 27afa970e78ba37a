import { expectNoSeriousViolations } from './axe.ts';
import { expect, expectHome, test } from './fixtures.ts';

test.describe('accessibility (axe-core)', () => {
  test('login page', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('login page with field errors', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByRole('textbox', { name: 'E-mail ou téléphone' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expectNoSeriousViolations(page);
  });

  test('home page', async ({ page, login }) => {
    await login({ role: 'employee' });
    await expectHome(page, 'Karim');
    await expectNoSeriousViolations(page);
  });

  test('HR home page', async ({ page, login }) => {
    await login({ role: 'rh' });
    await expectHome(page, 'Nadia');
    await expectNoSeriousViolations(page);
  });

  test('profile page, both tabs', async ({ page, login }) => {
    await login({ role: 'employee', path: '/profile' });
    await expect(page.getByRole('heading', { level: 1, name: 'Mon profil' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByRole('tab', { name: 'Sécurité' }).click();
    await expect(page.getByRole('textbox', { name: 'Nouveau mot de passe', exact: true })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('terms modal', async ({ page, login }) => {
    await login({ account: 'neverAccepts', acceptTerms: false });
    const terms = page.getByRole('dialog', { name: "Conditions générales d'utilisation" });
    await expect(terms.getByRole('button', { name: "J'accepte" })).toBeEnabled();
    await expectNoSeriousViolations(page);
  });

  test('password reset request, not-found page', async ({ page }) => {
    await page.goto('/reset');
    await expect(page.getByRole('heading', { name: 'Mot de passe oublié' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.goto('/nulle-part');
    await expect(page.getByRole('heading', { name: 'Page non trouvée' })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('HR area layout', async ({ page, login }) => {
    await login({ role: 'drh', path: '/rh' });
    await expect(page.getByRole('navigation', { name: 'Navigation gestion' })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('change-phone dialog', async ({ page, login }) => {
    await login({ role: 'employee', path: '/profile' });
    await page.getByRole('button', { name: 'Modifier le téléphone' }).click();
    await expect(page.getByRole('dialog', { name: 'Modifier le numéro de téléphone' })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});
