import { readFileSync } from 'node:fs';
import { expectNoSeriousViolations } from './axe.ts';
import { expect, field, submitLogin, test } from './fixtures.ts';
import { lastOutboxId, linkIn, otpIn, waitForMessage } from './outbox.ts';

/** A new person, unique on every run (phone, CIN, e-mail). */
function newPerson() {
  const run = Date.now().toString().slice(-6);
  return {
    firstName: 'Ilyas',
    lastName: `Nouveau${run}`,
    localPhone: `066${run.slice(0, 6)}9`.slice(0, 10),
    cin: `EE${run}`,
    email: `ilyas.${run}@e2e.ma`,
  };
}

const PASSWORD = 'Activation#2026';

test.describe('employees', () => {
  test('RH adds an employee who activates through the SMS link and logs in (OTP first)', async ({
    page,
    browser,
    request,
    login,
  }) => {
    const person = newPerson();
    const phone = `+212${person.localPhone.slice(1)}`;
    await login({ role: 'rh', path: '/rh/employees/add' });
    await expect(page.getByRole('heading', { level: 1, name: 'Ajouter un salarié' })).toBeVisible();

    // Submitting empty shows the French required texts first.
    await page.getByRole('button', { name: 'Ajouter et inviter' }).click();
    await expect(page.getByText('le champ "Prénom" est obligatoire')).toBeVisible();

    await field(page, 'Prénom').fill(person.firstName);
    await field(page, 'Nom').fill(person.lastName);
    await field(page, 'CIN').fill(person.cin.toLowerCase());
    await page.getByRole('textbox', { name: 'Téléphone' }).fill(person.localPhone);
    await page.getByRole('textbox', { name: 'E-mail' }).fill(person.email);
    await field(page, 'Salaire mensuel (DH)').fill('7 800');
    await page.getByLabel('Groupe').selectOption({ label: 'Commercial' });
    await page.getByLabel("Pourcentage d'avance").selectOption({ label: '40 %' });
    await page.getByLabel('Avances par mois').selectOption({ label: '2 avances' });
    await expectNoSeriousViolations(page);
    const since = await lastOutboxId(request);
    await page.getByRole('button', { name: 'Ajouter et inviter' }).click();

    await expect(page).toHaveURL(/\/rh\/employees\/\d+$/);
    const detailsUrl = page.url();
    await expect(
      page.getByRole('heading', { level: 1, name: `${person.firstName} ${person.lastName}` }),
    ).toBeVisible();
    await expect(page.getByText('Invitation envoyée')).toBeVisible();
    await expect(page.getByText('Invité', { exact: true })).toBeVisible();
    await expect(page.getByText(/^7\s800\sDH$/).first()).toBeVisible();

    // The person opens the link from the SMS, on their own phone (no HR session there).
    const sms = await waitForMessage(request, { recipient: phone, channel: 'sms', afterId: since });
    expect(sms.body).toContain('Atlas Démo SARL vous invite sur Tasbiq');
    const link = linkIn(sms.body);
    expect(link).toMatch(/\/activate\?token=/);
    const context = await browser.newContext({ baseURL: new URL(link).origin, locale: 'fr-FR' });
    const phonePage = await context.newPage();
    await phonePage.setViewportSize({ width: 390, height: 844 });
    await phonePage.goto(link);
    await expect(phonePage.getByRole('heading', { name: `Bienvenue ${person.firstName}` })).toBeVisible();
    await field(phonePage, 'Mot de passe').fill(PASSWORD);
    await field(phonePage, 'Confirmation du mot de passe').fill(PASSWORD);
    await phonePage.getByRole('button', { name: 'Activer mon compte' }).click();
    await expect(phonePage.getByRole('heading', { name: 'Compte activé' })).toBeVisible();

    // A used link is dead.
    await phonePage.goto(link);
    await expect(phonePage.getByText('Le lien est invalide ou a expiré.')).toBeVisible();

    // First login: the phone is not confirmed yet, so the SMS code comes first.
    await phonePage.goto('/login');
    const beforeOtp = await lastOutboxId(request);
    await submitLogin(phonePage, person.localPhone, PASSWORD);
    await expect(phonePage.getByRole('heading', { name: 'Vérification du téléphone' })).toBeVisible();
    const code = await waitForMessage(request, { recipient: phone, channel: 'sms', afterId: beforeOtp });
    await phonePage.getByLabel('Code de vérification').fill(otpIn(code.body));
    await phonePage.getByRole('button', { name: 'Vérifier' }).click();
    const terms = phonePage.getByRole('dialog', { name: "Conditions générales d'utilisation" });
    await terms.getByRole('button', { name: "J'accepte" }).click();
    await expect(
      phonePage.getByRole('heading', { level: 1, name: `Bonjour ${person.firstName}` }),
    ).toBeVisible();
    await context.close();

    // HR sees the new status, and finds the person in the list by phone.
    await page.goto(detailsUrl);
    await expect(page.getByText('Activé', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Envoyer un lien de réinitialisation' })).toBeVisible();
    await page.goto('/rh/employees');
    await page.getByLabel('Rechercher un salarié').fill(person.localPhone);
    const table = page.getByRole('table');
    await expect(table.getByRole('link')).toHaveText([`${person.firstName} ${person.lastName}`]);
    await expectNoSeriousViolations(page);
  });

  test('RH deactivates an employee after confirming; their login is then refused', async ({
    page,
    request,
    login,
  }) => {
    // Someone of this journey's own, activated through the API (the demo people stay as they are).
    const person = newPerson();
    const phone = `+212${person.localPhone.slice(1)}`;
    const { access } = await login({ role: 'rh', path: '/rh/employees' });
    const since = await lastOutboxId(request);
    const created = await request.post('/api/employees/', {
      headers: { Authorization: `Bearer ${access}` },
      data: {
        first_name: 'Rania',
        last_name: person.lastName,
        phone: person.localPhone,
        cin: person.cin,
        email: person.email,
        salary: '6000',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const sms = await waitForMessage(request, { recipient: phone, channel: 'sms', afterId: since });
    const token = new URL(linkIn(sms.body)).searchParams.get('token');
    const activated = await request.post('/api/auth/activation/confirm', {
      data: { token, new_password: PASSWORD, confirm_password: PASSWORD },
    });
    expect(activated.status(), await activated.text()).toBe(200);

    await page.goto(`/rh/employees/${id}`);
    const name = `Rania ${person.lastName}`;
    await expect(page.getByText('Activé', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Désactiver' }).click();
    const dialog = page.getByRole('dialog', { name: `Désactiver ${name} ?` });
    await expect(dialog).toBeVisible();
    await expectNoSeriousViolations(page);
    await dialog.getByRole('button', { name: 'Désactiver' }).click();
    await expect(page.getByText(`${name} a été désactivé.`)).toBeVisible();
    await expect(page.getByText('Désactivé', { exact: true })).toBeVisible();

    const refused = await request.post('/api/auth/token', {
      data: { username: person.email, password: PASSWORD },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe(
      'inactive_account',
    );

    await page.getByRole('button', { name: 'Réactiver' }).click();
    await page
      .getByRole('dialog', { name: `Réactiver ${name} ?` })
      .getByRole('button', { name: 'Réactiver' })
      .click();
    await expect(page.getByText(`${name} a été réactivé.`)).toBeVisible();
    const back = await request.post('/api/auth/token', {
      data: { username: person.email, password: PASSWORD },
    });
    expect(back.status()).toBe(200);
  });

  test('the list on a phone shows cards, and the export downloads the CSV', async ({ page, login }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login({ role: 'rh', path: '/rh/employees' });
    const cards = page.getByRole('list', { name: 'Salariés' });
    await expect(cards.getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('table')).toBeHidden();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter (CSV)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^salaries-\d{4}-\d{2}-\d{2}\.csv$/);
    const content = readFileSync(await file.path());
    expect([...content.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(content.toString('utf8')).toContain(
      'Matricule;Nom;Prénom;CIN;Téléphone;E-mail;Groupe;Statut;Salaire\r\n',
    );
  });
});
