import type { APIRequestContext, Page } from '@playwright/test';
import { drawReceipt } from '../../api/test/support/receipt-images.ts';
import { expectNoSeriousViolations } from './axe.ts';
import {
  ACCOUNTS,
  acceptTerms,
  apiLogin,
  expect,
  expectNoHorizontalScroll,
  storeTokens,
  test,
} from './fixtures.ts';

/**
 * The expense report of a mission order (issue 15), on a 360 px phone: the employee photographs
 * the lunch ticket on the expenses screen (a thermal-printer ticket drawn by the test suite, read
 * by the real receipt OCR, which pre-fills the amount, date and merchant), adds it and a second
 * receipt to an approved mission and sends the report; the validator (btissam.raji@demo.ma, not
 * HR) approves one expense and returns the other with a comment; the employee corrects the
 * returned one and sends again; HR accepts. The order and the taxi draft are made by API; every
 * screen is checked by axe.
 */
const VALIDATOR = 'btissam.raji@demo.ma';
const taken = new Set<string>([...Object.values(ACCOUNTS).map((a) => a.username), VALIDATOR]);
const CASA = 1;
const AGADIR = 84;
/** A 1×1 PNG: the taxi receipt's photo (the server checks the bytes and makes its thumbnail). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

type Person = { email: string | null; status: string };

async function session(request: APIRequestContext, username: string) {
  const tokens = await apiLogin(request, username);
  await acceptTerms(request, tokens.access);
  return { tokens, headers: { Authorization: `Bearer ${tokens.access}` } };
}

/** An activated employee of "Siège Casablanca" that no other journey logs in as. */
async function headOfficeEmployee(request: APIRequestContext): Promise<string> {
  const { headers } = await session(request, ACCOUNTS.rh.username);
  const groups = await (await request.get('/api/groups/?search=Si%C3%A8ge', { headers })).json();
  const group = groups.results[0] as { id: number };
  const res = await request.get(`/api/employees/?group=${group.id}&is_active=true&limit=100`, { headers });
  const people = ((await res.json()).results as Person[]).filter(
    (p) => p.status === 'activated' && p.email && !taken.has(p.email),
  );
  expect(people.length).toBeGreaterThan(5);
  // The mission-order journey takes the third from the end; this one the fifth.
  return people.at(-5)!.email!;
}

async function signInAs(page: Page, request: APIRequestContext, username: string) {
  await storeTokens(page, (await session(request, username)).tokens);
}

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test('receipts added to an approved mission, a selection approved and one returned, corrected, accepted', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const employee = await headOfficeEmployee(request);
  const suffix = Date.now() % 100_000;
  const me = await session(request, employee);
  const rh = await session(request, ACCOUNTS.rh.username);

  // An approved order (no advance) and the taxi receipt, by API.
  const filed = await request.post('/api/expenses/odm/', {
    headers: me.headers,
    data: {
      title: `Salon Agadir ${suffix}`,
      start_date: '2027-02-10',
      end_date: '2027-02-12',
      guests: 0,
      departure_city: CASA,
      arrival_city: AGADIR,
      description: 'Salon professionnel.',
      advance_amount: '0',
    },
  });
  expect(filed.status(), await filed.text()).toBe(201);
  const order = (await filed.json()) as { id: number };
  const approved = await request.post(`/api/expenses/odm/${order.id}/reply/`, {
    headers: rh.headers,
    data: { reply: 'approve' },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  const lunch = `Déjeuner salon ${suffix}`;
  const taxi = `Taxi aéroport ${suffix}`;
  const saved = await request.post('/api/expenses/', {
    headers: me.headers,
    multipart: {
      title: taxi,
      category: 'train',
      expense_date: '2027-02-11',
      amount: '95.50',
      guests: '0',
      receipt: { name: 'ticket.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);

  // 1. The employee photographs the lunch ticket (the middle day of the mission, 120,00 DH TTC):
  // the receipt OCR pre-fills the merchant, the date and the amount; they name it and choose the
  // category, then save the draft.
  const ticket = await drawReceipt({
    merchant: 'RESTAURANT DAR SALAM',
    date: '2027-02-11',
    items: [
      { label: 'TAJINE POULET', amountCentimes: 8_500 },
      { label: 'THE A LA MENTHE', amountCentimes: 3_500 },
    ],
    totalLabel: 'TOTAL TTC',
  });
  await storeTokens(page, me.tokens);
  await page.goto('/expenses');
  await page.getByRole('button', { name: 'Ajouter une dépense' }).click();
  const form = page.getByRole('dialog', { name: 'Dépense' });
  await form
    .getByLabel('Justificatif', { exact: true })
    .setInputFiles({ name: 'ticket-dejeuner.png', mimeType: 'image/png', buffer: ticket });
  await expect(form.getByRole('img', { name: 'Aperçu du justificatif' })).toBeVisible();
  // The OCR runs on the server (tesseract, up to 20 s on a loaded machine).
  await expect(form.getByText(/Montant et date lus sur le justificatif/)).toBeVisible({ timeout: 30_000 });
  await expect(form.getByLabel(/^Montant \(DH\)/)).toHaveValue('120.00');
  await expect(form.getByLabel(/^Date/)).toHaveValue('2027-02-11');
  await expect(form.getByLabel(/^Libellé/)).toHaveValue('RESTAURANT DAR SALAM');
  await expectNoSeriousViolations(page);
  await expectNoHorizontalScroll(page);
  await form.getByLabel(/^Libellé/).fill(lunch);
  await form.getByLabel(/^Catégorie/).selectOption('food');
  await form.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
  await expect(page.getByText('Brouillon enregistré.')).toBeVisible();
  await expect(page.getByText(lunch)).toBeVisible();

  const orderPath = `/missionorders/${order.id}`;
  const report = page.getByRole('region', { name: /^Note de frais/ });
  const expenses = report.getByRole('list', { name: 'Dépenses de la note de frais' });

  // 2. From the order, the employee adds both receipts to the report and sends it.
  await page.goto(orderPath);
  await expect(report.getByText('Aucune dépense dans cette note de frais')).toBeVisible();
  await report.getByRole('checkbox', { name: new RegExp(lunch) }).check();
  await report.getByRole('checkbox', { name: new RegExp(taxi) }).check();
  await expectNoSeriousViolations(page);
  await report.getByRole('button', { name: 'Ajouter la sélection (2)' }).click();
  await expect(report.getByText('2 dépenses ajoutées à la note de frais.')).toBeVisible();
  await expect(expenses.getByRole('listitem')).toHaveCount(2);
  await expectNoHorizontalScroll(page);
  await report.getByRole('button', { name: 'Envoyer la note de frais' }).click();
  let dialog = page.getByRole('dialog', { name: 'Envoyer la note de frais ?' });
  await expect(dialog).toContainText(/Les 2 dépenses à envoyer \(215,50\sDH\)/);
  await expectNoSeriousViolations(page);
  await dialog.getByRole('button', { name: 'Envoyer' }).click();
  await expect(report.getByText('Votre note de frais est en cours de validation.')).toBeVisible();

  // 3. The validator approves the lunch, then returns the rest with a comment.
  await signInAs(page, request, VALIDATOR);
  await page.goto(orderPath);
  await expect(expenses.getByRole('listitem')).toHaveCount(2);
  await expect(expenses.getByRole('listitem').filter({ hasText: lunch })).toContainText(/Plafond par jour/);
  await expectNoSeriousViolations(page);
  await expectNoHorizontalScroll(page);
  await report.getByRole('checkbox', { name: new RegExp(lunch) }).check();
  await report.getByRole('button', { name: 'Approuver la sélection (1)' }).click();
  dialog = page.getByRole('dialog', { name: 'Approuver la sélection ?' });
  await dialog.getByRole('button', { name: 'Approuver' }).click();
  await expect(report.getByText('1 dépense approuvée. Les autres attendent votre réponse.')).toBeVisible();
  await report.getByRole('button', { name: 'Tout retourner' }).click();
  dialog = page.getByRole('dialog', { name: 'Retourner la note de frais ?' });
  await dialog
    .getByRole('textbox', { name: /Commentaire/ })
    .fill('Joignez le ticket du taxi, pas le reçu de carte.');
  await expectNoSeriousViolations(page);
  await dialog.getByRole('button', { name: 'Retourner' }).click();
  await expect(report.getByText(/retournée au salarié : elle reviendra ici/)).toBeVisible();

  // 4. The employee reads the comment, corrects the taxi and sends the report again.
  await signInAs(page, request, employee);
  await page.goto(orderPath);
  await expect(report.getByText(/Votre note de frais vous a été retournée/)).toContainText(
    '« Joignez le ticket du taxi, pas le reçu de carte. »',
  );
  await expectNoSeriousViolations(page);
  await report.getByRole('button', { name: `Modifier ${taxi}` }).click();
  await form.getByLabel(/Montant \(DH\)/).fill('90,00');
  await form.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(report.getByText('Dépense modifiée.')).toBeVisible();
  await expect(expenses.getByRole('listitem').filter({ hasText: taxi })).toContainText(/90,00\sDH/);
  await report.getByRole('button', { name: 'Renvoyer la note de frais' }).click();
  dialog = page.getByRole('dialog', { name: 'Envoyer la note de frais ?' });
  await dialog.getByRole('button', { name: 'Envoyer' }).click();
  await expect(report.getByText('Votre note de frais est en cours de validation.')).toBeVisible();

  // 5. HR accepts the whole report.
  await signInAs(page, request, ACCOUNTS.rh.username);
  await page.goto(`/rh${orderPath}`);
  await expect(report.getByRole('button', { name: 'Tout approuver' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await expectNoHorizontalScroll(page);
  await report.getByRole('button', { name: 'Tout approuver' }).click();
  dialog = page.getByRole('dialog', { name: 'Approuver toute la note de frais ?' });
  await dialog.getByRole('button', { name: 'Approuver' }).click();
  await expect(report.getByText('Les dépenses en attente ont été approuvées.')).toBeVisible();
  await expect(report.getByText('Acceptée', { exact: true }).first()).toBeVisible();
  await expect(report.getByLabel('Totaux de la note de frais')).toContainText(/Total remboursable210,00\sDH/);
  // The settlement (no advance on this order): the whole refundable total is paid to the employee.
  await expect(report.getByRole('region', { name: 'Règlement' })).toContainText(/Solde à verser210\sDH/);

  // The employee sees it accepted, each expense with what is refunded.
  await signInAs(page, request, employee);
  await page.goto(orderPath);
  await expect(report.getByText('Votre note de frais a été acceptée.')).toBeVisible();
  await expect(expenses.getByRole('listitem').filter({ hasText: lunch })).toContainText(
    /Remboursable120,00\sDH/,
  );
  await expect(report.getByRole('region', { name: 'Règlement' })).toContainText(
    /210\sDH à verser au salarié/,
  );
  await expectNoSeriousViolations(page);
  await expectNoHorizontalScroll(page);
});
