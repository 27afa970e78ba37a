import {
  ACCOUNTS,
  DEMO_PASSWORD,
  expect,
  expectHome,
  field,
  restoreDemoPassword,
  submitLogin,
  test,
} from './fixtures.ts';
import { lastOutboxId, otpIn, waitForMessage } from './outbox.ts';

test.describe('profile', () => {
  test('shows who the account is', async ({ page, login }) => {
    await login({ role: 'employee', path: '/profile' });
    await expect(page.getByRole('heading', { level: 1, name: 'Mon profil' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Général' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Karim Benjelloun')).toBeVisible();
    await expect(page.getByText('salarie@demo.ma')).toBeVisible();
    await expect(page.getByText('Atlas Démo SARL')).toBeVisible();
  });

  test('changes the password, then logs in with the new one', async ({ page, login, request }) => {
    const { username, firstName } = ACCOUNTS.passwordChanger;
    const first = 'Premier-Choix-2026';
    const second = 'Second-Choix-2026';
    const session = await login({ account: 'passwordChanger', path: '/profile' });
    const account = await request.get('/api/auth/account', {
      headers: { Authorization: `Bearer ${session.access}` },
    });
    const hasChosenOne = ((await account.json()) as { has_changed_password: boolean }).has_changed_password;
    await page.getByRole('tab', { name: 'Sécurité' }).click();

    if (hasChosenOne) {
      // Only on a second run against the same server (--repeat-each, a retry).
      await field(page, 'Mot de passe actuel').fill(DEMO_PASSWORD);
    } else {
      // The seed set this password, the user never chose one: the current one is not asked yet.
      await expect(field(page, 'Mot de passe actuel')).toHaveCount(0);
    }
    await field(page, 'Nouveau mot de passe').fill(first);
    await field(page, 'Confirmation du mot de passe').fill(first);
    await page.getByRole('button', { name: 'Modifier le mot de passe' }).click();
    await expect(page.getByText('Votre mot de passe a été modifié.')).toBeVisible();

    // From now on the current password is required, without reloading the page.
    await field(page, 'Mot de passe actuel').fill('pas-le-bon-2026');
    await field(page, 'Nouveau mot de passe').fill(second);
    await field(page, 'Confirmation du mot de passe').fill(second);
    await page.getByRole('button', { name: 'Modifier le mot de passe' }).click();
    await expect(page.getByText('Votre mot de passe a été modifié.')).toBeHidden();
    await expect(field(page, 'Mot de passe actuel')).toHaveAttribute('aria-invalid', 'true');

    await field(page, 'Mot de passe actuel').fill(first);
    await page.getByRole('button', { name: 'Modifier le mot de passe' }).click();
    await expect(page.getByText('Votre mot de passe a été modifié.')).toBeVisible();

    const old = await request.post('/api/auth/token', { data: { username, password: DEMO_PASSWORD } });
    expect(old.status()).toBe(401);
    await page.getByRole('button', { name: 'Se déconnecter', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await submitLogin(page, username, second);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto('/');
    await expectHome(page, firstName);

    await restoreDemoPassword(request, username, second);
  });

  test('changes the phone number with the code sent to the new number', async ({ page, login, request }) => {
    const newPhone = '0611223344';
    await login({ account: 'phoneChanger', path: '/profile' });
    const since = await lastOutboxId(request);

    await page.getByRole('button', { name: 'Modifier le téléphone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifier le numéro de téléphone' });
    await field(dialog, 'Nouveau numéro de téléphone').fill(newPhone);
    await dialog.getByRole('button', { name: 'Recevoir le code' }).click();
    // The number is shown as the API stores it (+212…).
    await expect(
      dialog.getByText(/Un code à 6 chiffres a été envoyé par SMS au \+212611223344/),
    ).toBeVisible();

    const sms = await waitForMessage(request, { channel: 'sms', recipient: '+212611223344', afterId: since });
    await field(dialog, 'Code de vérification').fill(otpIn(sms.body));
    await dialog.getByRole('button', { name: 'Valider' }).click();

    await expect(dialog).toBeHidden();
    await expect(page.getByText('Votre numéro de téléphone a été modifié.')).toBeVisible();
    await expect(page.getByText('611223344')).toBeVisible();

    // The new number logs in too.
    const res = await request.post('/api/auth/token', {
      data: { username: newPhone, password: DEMO_PASSWORD },
    });
    expect(res.status()).toBe(200);
  });
});
