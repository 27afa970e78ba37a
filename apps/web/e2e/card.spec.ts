import type { APIRequestContext } from '@playwright/test';
import { CIN_PERSON, drawCinBack, drawCinFront } from '../../api/test/support/cin-images.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { casablancaMonth } from './casablanca-month.ts';
import {
  ACCOUNTS,
  acceptTerms,
  apiLogin,
  expect,
  expectNoHorizontalScroll,
  storeTokens,
  test,
} from './fixtures.ts';
import { lastOutboxId, linkIn, otpIn, waitForMessage } from './outbox.ts';

/**
 * The prepaid card (issue 11), on a phone: the employee orders a card with photos of both sides of
 * their CIN (drawn by the test suite, read by the real OCR), the sandbox issuer assigns and
 * delivers it, the employee confirms receipt with a wrong then the right number, signs the
 * contract by drawing, blocks and unblocks it, asks for an advance paid to the card and finds it in
 * the card's activity and balance; HR sees the card on the employee's details. axe on each screen.
 * Its own demo employee: the last activated « Siège Casablanca » worker (by matricule) who is not a
 * demo login.
 *
 * Onboarding by link: HR (Rif) sends the card-order link from an employee's details; the link read
 * from the sandbox outbox opens /onboarding on a phone: mobile, SMS code, then the order form. Its
 * own demo employee: the last activated « Atelier Nador » worker of Rif (by matricule), whom no
 * other journey uses. The card-order links screen (/rh/employees/card-links) finds the same person
 * and asks to send, then cancels: axe on the list and the confirmation, on a phone.
 */
type Person = {
  id: number;
  phone: string | null;
  first_name: string;
  last_name: string;
  email: string | null;
  cin: string | null;
  serial: string | null;
  status: string;
};

type Activity = {
  balance: string;
  results: Array<{ id: number; type: '1' | '2'; amount: string; balance: string; label: string }>;
};

/** formatMoney's space between the amount and "DH" (apps/web/src/lib/format/money.ts). */
const NBSP = '\u00a0';

const taken = new Set<string>(Object.values(ACCOUNTS).map((a) => a.username));

async function cardlessWorker(request: APIRequestContext, access: string): Promise<Person> {
  const headers = { Authorization: `Bearer ${access}` };
  const groups = await (await request.get('/api/groups/?search=Si%C3%A8ge', { headers })).json();
  const group = groups.results[0] as { id: number };
  const res = await request.get(`/api/employees/?group=${group.id}&is_active=true&has_card=false&limit=100`, {
    headers,
  });
  const people = ((await res.json()).results as Person[])
    .filter((p) => p.status === 'activated' && p.email && p.cin && p.serial && !taken.has(p.email))
    .sort((a, b) => b.serial!.localeCompare(a.serial!));
  expect(people.length).toBeGreaterThan(0);
  return people[0]!;
}

/** The last activated worker of Rif's « Atelier Nador » without a card (by matricule). */
async function rifCardlessWorker(request: APIRequestContext, access: string): Promise<Person> {
  const headers = { Authorization: `Bearer ${access}` };
  const groups = await (await request.get('/api/groups/?search=Atelier', { headers })).json();
  const group = groups.results[0] as { id: number };
  const res = await request.get(`/api/employees/?group=${group.id}&is_active=true&has_card=false&limit=100`, {
    headers,
  });
  const people = ((await res.json()).results as Person[])
    .filter((p) => p.status === 'activated' && p.email && p.phone && p.serial && !taken.has(p.email))
    .sort((a, b) => b.serial!.localeCompare(a.serial!));
  expect(people.length).toBeGreaterThan(0);
  return people[0]!;
}

test.describe('prepaid card', () => {
  test('order with the CIN photos, delivery, receipt (wrong then right number), signature, block and unblock', async ({
    page,
    request,
    login,
  }) => {
    test.setTimeout(240_000);
    const rh = await login({ role: 'rh', path: '/rh' });
    const person = await cardlessWorker(request, rh.access);
    const cin = {
      ...CIN_PERSON,
      cin: person.cin!,
      firstName: person.first_name.toUpperCase(),
      lastName: person.last_name.toUpperCase(),
    };
    const [front, back] = await Promise.all([drawCinFront(cin), drawCinBack(cin)]);

    const employee = await apiLogin(request, person.email!);
    await acceptTerms(request, employee.access);
    await storeTokens(page, employee);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Ma carte' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ma carte' })).toBeVisible();

    // 1. The order: both sides, the address; the check runs with its progress.
    await page
      .getByLabel('Recto de la CIN')
      .setInputFiles({ name: 'recto.png', mimeType: 'image/png', buffer: front });
    await page
      .getByLabel('Verso de la CIN')
      .setInputFiles({ name: 'verso.png', mimeType: 'image/png', buffer: back });
    await page.getByLabel('Ville').selectOption({ label: 'Casablanca' });
    await page.getByLabel('Adresse de livraison').fill('12 rue Ibn Batouta');
    await page.getByLabel('Quartier').fill('Maârif');
    await page.getByLabel('Code postal').fill('20330');
    await expectNoSeriousViolations(page);
    await expectNoHorizontalScroll(page);
    await page.getByRole('button', { name: 'Commander ma carte' }).click();
    await expect(page.getByText('Votre carte est en préparation')).toBeVisible({ timeout: 90_000 });
    await expectNoSeriousViolations(page);

    // 2. The sandbox issuer assigns, then delivers it (background jobs).
    const receipt = page.getByLabel('Numéro de la carte');
    await expect(receipt).toBeVisible({ timeout: 90_000 });
    const cardState = await (
      await request.get('/api/card/', { headers: { Authorization: `Bearer ${employee.access}` } })
    ).json();
    const printed = (await (await request.get(`/api/dev/sandbox_cards/${cardState.card.id}`)).json()) as {
      card_number: string;
    };
    expect(printed.card_number).toMatch(/^\d{16}$/);
    await expectNoSeriousViolations(page);

    // 3. Receipt: a wrong number is refused, the right one accepted.
    const wrong = printed.card_number.endsWith('0')
      ? `${printed.card_number.slice(0, 15)}1`
      : `${printed.card_number.slice(0, 15)}0`;
    await receipt.fill(wrong);
    await page.getByRole('button', { name: 'Confirmer la réception' }).click();
    await expect(page.getByText('Le numéro de carte est incorrect.')).toBeVisible();
    await expect(receipt).toHaveAttribute('aria-invalid', 'true');
    await receipt.fill(printed.card_number);
    await page.getByRole('button', { name: 'Confirmer la réception' }).click();

    // 4. The contract, signed by drawing on the pad.
    const pad = page.getByRole('img', { name: 'Votre signature' });
    await expect(pad).toBeVisible();
    await expectNoSeriousViolations(page);
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 30, box.y + box.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++)
      await page.mouse.move(box.x + 30 + i * 20, box.y + box.height / 2 + (i % 2 ? 25 : -25), { steps: 3 });
    await page.mouse.up();
    await page.getByRole('button', { name: 'Signer le contrat' }).click();
    const cardFace = page.getByLabel('Votre carte prépayée');
    await expect(cardFace).toBeVisible({ timeout: 20_000 });
    await expect(cardFace).toContainText(printed.card_number.slice(-4));
    await expectNoSeriousViolations(page);

    // 5. Block, then unblock, each behind a confirmation.
    await page.getByRole('button', { name: 'Bloquer', exact: true }).click();
    const block = page.getByRole('dialog', { name: 'Bloquer votre carte ?' });
    await block.getByRole('button', { name: 'Bloquer la carte' }).click();
    await expect(page.getByRole('button', { name: 'Débloquer', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Débloquer', exact: true }).click();
    const unblock = page.getByRole('dialog', { name: 'Débloquer votre carte ?' });
    await unblock.getByRole('button', { name: 'Débloquer la carte' }).click();
    await expect(page.getByRole('button', { name: 'Bloquer', exact: true })).toBeVisible();
    await expectNoSeriousViolations(page);

    // 6. An advance paid to the active card: it reaches the card at once (the payout job), and the
    // card's activity and balance on /card show it.
    const employeeHeaders = { Authorization: `Bearer ${employee.access}` };
    const { month, year } = casablancaMonth();
    const activityUrl = `/api/card/transactions?month=${month}&year=${year}`;
    const before = (await (await request.get(activityUrl, { headers: employeeHeaders })).json()) as Activity;
    expect(before.balance).toBe('0.00');
    await page.goto('/');
    await page
      .getByRole('region', { name: 'Mes services' })
      .getByRole('link', { name: /Avance sur salaire/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Avance sur salaire' })).toBeVisible();
    const simulated = page.waitForResponse(
      (response) => response.url().includes('/api/advances/simulate') && response.status() === 200,
    );
    await page.getByRole('textbox', { name: 'Montant souhaité (DH)' }).fill('100');
    await simulated;
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page.getByRole('heading', { name: 'Confirmer la demande' })).toBeVisible();
    await page.getByRole('radio', { name: /Carte prépayée/ }).check();
    await expect(page.getByText('Carte prépayée requise')).toHaveCount(0);
    const created = page.waitForResponse(
      (response) => response.url().endsWith('/api/advances/') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Confirmer la demande' }).click();
    const advanceResponse = await created;
    expect(advanceResponse.status(), await advanceResponse.text()).toBe(201);
    const advance = (await advanceResponse.json()) as { id: number; payout_method: string };
    expect(advance.payout_method).toBe('card');
    await expect(page.getByRole('heading', { name: /Demande d’avance de 100\sDH envoyée/ })).toBeVisible();
    const label = `Avance sur salaire n° ${advance.id}`;
    // The payout job runs in the background: wait until the issuer has the credit.
    await expect
      .poll(
        async () => {
          const now = (await (
            await request.get(activityUrl, { headers: employeeHeaders })
          ).json()) as Activity;
          return now.results.find((movement) => movement.label === label);
        },
        { timeout: 30_000 },
      )
      .toMatchObject({ type: '1', amount: '100.00', balance: '100.00' });

    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Ma carte' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ma carte' })).toBeVisible();
    const activity = page.getByRole('region', { name: 'Activité de la carte' });
    await expect(activity).toContainText(`Solde : 100${NBSP}DH`);
    const credit = activity.getByRole('listitem').filter({ hasText: label });
    await expect(credit).toContainText('Crédit');
    await expect(credit).toContainText(`+100${NBSP}DH`);
    await expect(activity).toContainText(`Crédits : 100${NBSP}DH`);
    await expectNoSeriousViolations(page);
    await expectNoHorizontalScroll(page);

    // 7. HR sees it on the employee's details.
    const rhAgain = await apiLogin(request, ACCOUNTS.rh.username);
    const detail = await (
      await request.get(`/api/employees/${person.id}`, {
        headers: { Authorization: `Bearer ${rhAgain.access}` },
      })
    ).json();
    expect(detail.card).toMatchObject({ status: 'active', last4: printed.card_number.slice(-4) });
  });

  test('onboarding from the link HR sends: the link from the outbox, mobile and SMS code, the order form', async ({
    page,
    request,
    login,
  }) => {
    test.setTimeout(90_000);
    const rh = await login({ role: 'rifRh', path: '/rh' });
    const person = await rifCardlessWorker(request, rh.access);

    // 1. HR sends the card-order link from the employee's details.
    const sentAfter = await lastOutboxId(request);
    await page.goto(`/rh/employees/${person.id}`);
    const cardSection = page.getByRole('region', { name: 'Carte prépayée' });
    await expect(cardSection.getByText('Aucune carte.')).toBeVisible();
    await cardSection.getByRole('button', { name: 'Envoyer le lien de commande' }).click();
    const confirm = page.getByRole('dialog', { name: 'Envoyer le lien de commande ?' });
    await expectNoSeriousViolations(page);
    await confirm.getByRole('button', { name: 'Envoyer le lien' }).click();
    await expect(cardSection.getByText(/Lien de commande envoyé/)).toBeVisible();
    await expectNoSeriousViolations(page);

    // 2. The employee opens the link from the e-mail, on a phone, without a session.
    const mail = await waitForMessage(request, {
      recipient: person.email!,
      channel: 'email',
      afterId: sentAfter,
    });
    const link = new URL(linkIn(mail.body));
    expect(link.pathname).toBe('/onboarding');
    expect(link.searchParams.get('token')).toBeTruthy();
    await page.evaluate(() => localStorage.clear());
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Commande de carte' })).toBeVisible();
    await expect(page.getByText(`Bonjour ${person.first_name},`)).toBeVisible();
    await expectNoSeriousViolations(page);
    await expectNoHorizontalScroll(page);

    // 3. The mobile, then the SMS code from the outbox.
    const otpAfter = await lastOutboxId(request);
    await page.getByRole('textbox', { name: 'Numéro de mobile' }).fill(person.phone!);
    await page.getByRole('button', { name: 'Recevoir le code' }).click();
    const otpField = page.getByRole('textbox', { name: 'Code reçu par SMS' });
    await expect(otpField).toBeVisible();
    await expectNoSeriousViolations(page);
    const sms = await waitForMessage(request, {
      recipient: person.phone!,
      channel: 'sms',
      afterId: otpAfter,
    });
    await otpField.fill(otpIn(sms.body));
    await page.getByRole('button', { name: 'Valider' }).click();

    // 4. The order form, the same as in the app.
    await expect(page.getByLabel('Recto de la CIN')).toBeVisible();
    await expect(page.getByLabel('Verso de la CIN')).toBeVisible();
    await expect(page.getByLabel('Code postal')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Commander ma carte' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await expectNoHorizontalScroll(page);
  });

  test('the card-order links screen: the employees without a card, a selection, the confirmation (axe, phone)', async ({
    page,
    request,
    login,
  }) => {
    const rh = await login({ role: 'rifRh', path: '/rh' });
    // Only looked at, never sent: a new link would void the one the onboarding journey opens.
    const person = await rifCardlessWorker(request, rh.access);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/rh/employees');
    await page.getByRole('link', { name: 'Liens de commande de carte' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Liens de commande de carte' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Salariés sans carte' });
    await expect(list).toBeVisible();
    await expectNoSeriousViolations(page);
    await expectNoHorizontalScroll(page);

    await page.getByRole('searchbox', { name: 'Rechercher un salarié' }).fill(person.serial!);
    const name = `${person.first_name} ${person.last_name}`.trim();
    await expect(list.getByRole('checkbox')).toHaveCount(1);
    await list.getByRole('checkbox', { name: new RegExp(name) }).check();
    await expect(page.getByText('1 salarié sélectionné')).toBeVisible();
    await page.getByRole('button', { name: 'Envoyer le lien de commande (1)' }).click();
    const confirm = page.getByRole('dialog', { name: 'Envoyer le lien à 1 salarié ?' });
    await expect(confirm).toContainText('par SMS');
    await expectNoSeriousViolations(page);
    await confirm.getByRole('button', { name: 'Annuler' }).click();
    await expect(confirm).toBeHidden();
  });
});
