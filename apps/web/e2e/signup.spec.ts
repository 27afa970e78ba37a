import { expect, expectHome, readTokens, test } from './fixtures.ts';
import { lastOutboxId, otpIn, waitForMessage } from './outbox.ts';

/** A mobile number no demo account uses: 06 then 8 digits. */
function freshPhone(): { local: string; international: string } {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  return { local: `06${digits}`, international: `+2126${digits}` };
}

test.describe('self-signup', () => {
  test('RH uploads an identity; the person signs up through the link with the SMS code and lands logged in', async ({
    page,
    request,
    login,
  }) => {
    // Two people, two areas, a file, an SMS: longer than one screen's journey.
    test.setTimeout(120_000);
    const serial = `E2E-${Date.now().toString(36).toUpperCase()}`;
    const phone = freshPhone();

    // RH: upload the identities file, check the preview, create.
    await login({ role: 'rh', path: '/rh/identities' });
    await expect(page.getByRole('heading', { level: 1, name: 'Identités' })).toBeVisible();
    const csv = `matricule;date_naissance\r\n${serial};14/07/1992\r\n;01/01/1990\r\n`;
    await page.getByLabel('Fichier des identités (CSV)').setInputFiles({
      name: 'identites.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFF${csv}`, 'utf8'),
    });
    await expect(page.getByText('1 ligne valide')).toBeVisible();
    await expect(page.getByText('1 ligne en erreur')).toBeVisible();
    await expect(page.getByText('le champ "matricule" est obligatoire')).toBeVisible();
    await page.getByRole('button', { name: 'Créer 1 identité' }).click();
    await expect(page.getByText(/1 identité créée/)).toBeVisible();
    const list = page.getByRole('table', { name: 'Identités enregistrées' });
    await page.getByLabel('Rechercher un matricule').fill(serial);
    await expect(list.getByRole('row', { name: new RegExp(serial) })).toContainText('Disponible');

    // The company's link, as HR copies it from the invitations page.
    await page
      .getByRole('navigation', { name: 'Navigation gestion' })
      .getByRole('link', { name: 'Invitations' })
      .click();
    const link = await page.getByLabel("Lien d'inscription de votre société").inputValue();
    expect(link).toMatch(/\/signup\/[\w-]+$/);

    // The person: a fresh browser session opens the link.
    await page.evaluate(() => localStorage.clear());
    await page.goto(new URL(link).pathname);
    await expect(page.getByRole('heading', { name: 'Créer votre compte' })).toBeVisible();
    await expect(page.getByText('Atlas Démo SARL')).toBeVisible();

    const since = await lastOutboxId(request);
    await page.getByLabel('Numéro de téléphone').fill(phone.local);
    await page.getByRole('button', { name: 'Recevoir le code' }).click();
    await expect(page.getByRole('heading', { name: 'Vérification du téléphone' })).toBeVisible();
    const sms = await waitForMessage(request, {
      recipient: phone.international,
      channel: 'sms',
      afterId: since,
    });
    await page.getByLabel('Code de vérification').fill(otpIn(sms.body));
    await page.getByRole('button', { name: 'Vérifier' }).click();

    await expect(page.getByRole('heading', { name: 'Vos informations' })).toBeVisible();
    // A wrong birthday first: refused, nothing created.
    await page.getByLabel('Matricule').fill(serial.toLowerCase());
    await page.getByLabel('Date de naissance').fill('1992-07-15');
    await page.getByLabel('Prénom').fill('Imane');
    await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Tazi');
    await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill('Agadir-Ocean-2026');
    await page.getByRole('textbox', { name: 'Confirmation du mot de passe' }).fill('Agadir-Ocean-2026');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(page.getByText('Matricule ou date de naissance incorrects.')).toBeVisible();
    expect((await readTokens(page)).access).toBeNull();

    await page.getByLabel('Date de naissance').fill('1992-07-14');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();

    // Logged in: the terms come first (not accepted yet), then the home page.
    const terms = page.getByRole('dialog', { name: "Conditions générales d'utilisation" });
    await terms.getByRole('button', { name: "J'accepte" }).click();
    await expect(terms).toBeHidden();
    await expectHome(page, 'Imane');
    expect((await readTokens(page)).access).toBeTruthy();

    // The new account logs in with its phone and password, like any other.
    const res = await request.post('/api/auth/token', {
      data: { username: phone.local, password: 'Agadir-Ocean-2026' },
    });
    expect(res.status()).toBe(200);

    // RH sees the identity used, linked to the new employee.
    await page.evaluate(() => localStorage.clear());
    await login({ role: 'rh', path: '/rh/identities' });
    await page.getByLabel('Rechercher un matricule').fill(serial);
    const row = page
      .getByRole('table', { name: 'Identités enregistrées' })
      .getByRole('row', { name: new RegExp(serial) });
    await expect(row).toContainText('Utilisée');
    await expect(row.getByRole('link', { name: 'Imane Tazi' })).toBeVisible();
  });

  test('a dead signup link says so', async ({ page }) => {
    await page.goto('/signup/lien-inconnu');
    await expect(page.getByText('Le lien est invalide ou a expiré.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Aller à la connexion' })).toBeVisible();
  });
});
