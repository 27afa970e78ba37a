import { ACCOUNTS, expect, expectHome, field, readTokens, submitLogin, test } from './fixtures.ts';
import { lastOutboxId, otpIn, waitForMessage } from './outbox.ts';

test.describe('login', () => {
  test('an employee logs in through the form and lands on the home page', async ({ page, login }) => {
    await login({ role: 'employee', via: 'ui' });
    await expectHome(page, 'Karim');
    await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Passer au mode Gestion' })).toHaveCount(0);
    const tokens = await readTokens(page);
    expect(tokens.access).toBeTruthy();
    expect(tokens.refresh).toBeTruthy();
  });

  for (const role of ['rh', 'drh'] as const) {
    test(`${role.toUpperCase()} logs in, then switches to the HR area`, async ({ page, login }) => {
      await login({ role, via: 'ui' });
      await expectHome(page, ACCOUNTS[role].firstName);
      await page.getByRole('link', { name: 'Passer au mode Gestion' }).click();
      await expect(page).toHaveURL(/\/rh$/);
      await expect(page.getByRole('navigation', { name: 'Navigation gestion' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Passer au mode Employé' })).toBeVisible();
    });
  }

  test('the RH of a second company logs in to its own company', async ({ page, login }) => {
    await login({ role: 'rifRh', via: 'ui' });
    await expectHome(page, 'Mohamed');
    await expect(page.getByText('Rif Industries')).toBeVisible();
    await page.goto('/rh');
    await expect(page.getByRole('navigation', { name: 'Navigation gestion' })).toBeVisible();
  });

  test('the phone number in its local form works as a login too', async ({ page, login }) => {
    // Terms accepted by the fixture; the form is filled by hand with the phone.
    await login({ role: 'employee', path: '/login' });
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await submitLogin(page, '06 12 34 56 78');
    await expectHome(page, 'Karim');
  });

  test('a wrong password is refused with the French message', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
    await submitLogin(page, ACCOUNTS.employee.username, 'pas-le-bon-mot-de-passe');
    await expect(page.getByText('Vos identifiants sont incorrectes')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect((await readTokens(page)).access).toBeNull();
  });

  test('a first login confirms the phone with the SMS code, then opens the home page', async ({
    page,
    request,
  }) => {
    const since = await lastOutboxId(request);
    await page.goto('/login');
    await submitLogin(page, ACCOUNTS.firstLogin.username);
    await expect(page.getByRole('heading', { name: 'Vérification du téléphone' })).toBeVisible();
    // Not logged in yet: the phone-limited pair stays out of storage.
    expect((await readTokens(page)).access).toBeNull();

    const sms = await waitForMessage(request, {
      channel: 'sms',
      recipient: ACCOUNTS.firstLogin.phone,
      afterId: since,
    });
    const code = otpIn(sms.body);
    // A wrong code is refused under the field; the right one still works after it.
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await field(page, 'Code de vérification').fill(wrong);
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await expect(page.getByText('Le code saisi est incorrect ou a expiré.')).toBeVisible();
    await expect(field(page, 'Code de vérification')).toHaveAttribute('aria-invalid', 'true');
    await field(page, 'Code de vérification').fill(code);
    await page.getByRole('button', { name: 'Vérifier' }).click();

    // Salma has not accepted the terms either: the modal comes first, then her home.
    const terms = page.getByRole('dialog', { name: "Conditions générales d'utilisation" });
    await terms.getByRole('button', { name: "J'accepte" }).click();
    await expect(terms).toBeHidden();
    await expectHome(page, ACCOUNTS.firstLogin.firstName);
    expect((await readTokens(page)).access).toBeTruthy();
  });
});
