import {
  ACCOUNTS,
  acceptTerms,
  apiLogin,
  expect,
  expectHome,
  field,
  restoreDemoPassword,
  submitLogin,
  test,
} from './fixtures.ts';
import { lastOutboxId, linkIn, waitForMessage } from './outbox.ts';

const { username, firstName } = ACCOUNTS.passwordResetter;
const NEW_PASSWORD = 'Oublie-Retrouve-2026';

test('a forgotten password is reset through the e-mailed link', async ({ page, request }) => {
  // Only the reset is under test: the terms are accepted beforehand.
  await acceptTerms(request, (await apiLogin(request, username)).access);
  const since = await lastOutboxId(request);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(page.getByRole('heading', { name: 'Mot de passe oublié' })).toBeVisible();
  await field(page, 'E-mail ou téléphone').fill(username);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByRole('heading', { name: 'Vérifiez vos messages' })).toBeVisible();

  const email = await waitForMessage(request, { channel: 'email', recipient: username, afterId: since });
  const link = linkIn(email.body);
  expect(link).toMatch(/\/reset\?token=/);

  await page.goto(link);
  await field(page, 'Nouveau mot de passe').fill(NEW_PASSWORD);
  await field(page, 'Confirmation du mot de passe').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click();
  await expect(page.getByRole('heading', { name: 'Mot de passe modifié' })).toBeVisible();

  // The link is single-use.
  await page.goto(link);
  await expect(page.getByText('Le lien est invalide ou a expiré.')).toBeVisible();

  // The old password no longer opens the account; the new one does.
  const old = await request.post('/api/auth/token', { data: { username, password: 'Tasbiq#2026' } });
  expect(old.status()).toBe(401);
  await page.goto('/login');
  await submitLogin(page, username, NEW_PASSWORD);
  await expectHome(page, firstName);

  await restoreDemoPassword(request, username, NEW_PASSWORD);
});

test('a made-up reset link is refused', async ({ page }) => {
  await page.goto('/reset?token=ceci-n-est-pas-un-jeton');
  await expect(page.getByText('Le lien est invalide ou a expiré.')).toBeVisible();
  await page.getByRole('link', { name: 'Demander un nouveau lien' }).click();
  await expect(page.getByRole('heading', { name: 'Mot de passe oublié' })).toBeVisible();
});
