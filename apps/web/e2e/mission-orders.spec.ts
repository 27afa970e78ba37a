import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { ACCOUNTS, acceptTerms, apiLogin, expect, storeTokens, test } from './fixtures.ts';

/**
 * Mission orders (issue 14), on a phone: an employee files an order with a file, the validator
 * (btissam.raji@demo.ma, not HR) returns it with a comment, the employee edits it and sends it
 * again, the RH lowers the advance and approves, and the employee sees the advance paid. axe on
 * every screen.
 */
const VALIDATOR = 'btissam.raji@demo.ma';
const taken = new Set<string>([...Object.values(ACCOUNTS).map((a) => a.username), VALIDATOR]);

type Person = { email: string | null; status: string; first_name: string; last_name: string };

/** An activated employee of "Siège Casablanca" that no other journey logs in as. */
async function headOfficeEmployee(request: APIRequestContext): Promise<Person> {
  const rh = await apiLogin(request, ACCOUNTS.rh.username);
  await acceptTerms(request, rh.access);
  const headers = { Authorization: `Bearer ${rh.access}` };
  const groups = await (await request.get('/api/groups/?search=Si%C3%A8ge', { headers })).json();
  const group = groups.results[0] as { id: number };
  const res = await request.get(`/api/employees/?group=${group.id}&is_active=true&limit=100`, { headers });
  const people = ((await res.json()).results as Person[]).filter(
    (p) => p.status === 'activated' && p.email && !taken.has(p.email),
  );
  expect(people.length).toBeGreaterThan(2);
  // Near the end of the list: the bonus and money journeys take other people.
  return people.at(-3)!;
}

async function signInAs(page: Page, request: APIRequestContext, username: string) {
  const tokens = await apiLogin(request, username);
  await acceptTerms(request, tokens.access);
  await storeTokens(page, tokens);
}

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('an order filed on a phone, returned, sent again, approved with a lower advance, paid', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const employee = await headOfficeEmployee(request);
  const title = `Visite client Agadir ${Date.now() % 100_000}`;

  // 1. The employee files the order.
  await signInAs(page, request, employee.email!);
  await page.goto('/missionorders');
  await expect(page.getByRole('heading', { level: 1, name: 'Ordres de mission' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('link', { name: 'Nouvel ordre de mission' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nouvel ordre de mission' })).toBeVisible();
  await page.getByLabel(/Titre de la mission/).fill(title);
  await page.getByLabel(/Date de début/).fill('2027-01-12');
  await page.getByLabel(/Date de fin/).fill('2027-01-14');
  await page.getByLabel(/Ville de départ/).selectOption({ label: 'Casablanca' });
  await page.getByLabel(/Ville d’arrivée/).selectOption({ label: 'Agadir' });
  await page.getByLabel(/Nombre d’invités/).selectOption('1');
  await page.getByLabel(/Avance demandée/).fill('1500');
  await expect(page.getByText(/plafond/i).first()).toBeVisible();
  await page.getByLabel('Pièces jointes').setInputFiles({
    name: 'programme-des-rendez-vous.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  });
  await expect(page.getByRole('list', { name: 'Fichiers joints' })).toContainText('programme-des-r');
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Envoyer l’ordre de mission' }).click();
  await expect(page).toHaveURL(/\/missionorders\/\d+$/);
  const orderPath = new URL(page.url()).pathname;
  await expect(page.getByText('En attente', { exact: true }).first()).toBeVisible();
  await expectNoSeriousViolations(page);

  // 2. The validator returns it with a comment, from « À valider ».
  await signInAs(page, request, VALIDATOR);
  await page.goto('/missionorders');
  await page.getByRole('tab', { name: 'À valider' }).click();
  const toReview = page.getByRole('tabpanel', { name: 'À valider' });
  await expect(toReview.getByRole('link', { name: new RegExp(title) })).toBeVisible();
  await expectNoSeriousViolations(page);
  await toReview.getByRole('link', { name: new RegExp(title) }).click();
  await expect(page.getByRole('heading', { name: 'Votre réponse' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('textbox', { name: 'Commentaire' }).fill('Précisez le client visité.');
  await page.getByRole('button', { name: 'Retourner pour modification' }).click();
  await expect(page.getByText('À modifier', { exact: true }).first()).toBeVisible();

  // 3. The employee reads the comment, edits and sends it again.
  await signInAs(page, request, employee.email!);
  await page.goto(orderPath);
  await expect(page.getByText('« Précisez le client visité. »')).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('link', { name: 'Modifier et renvoyer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Modifier l’ordre de mission/ })).toBeVisible();
  await page.getByLabel('Description').fill('Client Souss Distribution, Agadir.');
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Renvoyer l’ordre de mission' }).click();
  await expect(page).toHaveURL(new RegExp(`${orderPath}$`));
  await expect(page.getByText('En attente', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/Modifié et renvoyé/)).toBeVisible();

  // 4. The RH lowers the advance and approves.
  await signInAs(page, request, ACCOUNTS.rh.username);
  await page.goto('/rh/missionorders');
  await expect(page.getByRole('heading', { level: 1, name: 'Ordres de mission' })).toBeVisible();
  await page.getByRole('searchbox').first().fill(title);
  const hrLink = page.getByRole('link', { name: new RegExp(title) });
  await expect(hrLink).toBeVisible();
  await expectNoSeriousViolations(page);
  await hrLink.click();
  await expect(page.getByRole('heading', { name: 'Votre réponse' })).toBeVisible();
  await page.getByLabel(/Avance accordée/).fill('1200');
  await page.getByRole('button', { name: 'Modifier l’avance' }).click();
  await expect(page.getByText(/avance 1\s500\sDH → 1\s200\sDH/)).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Approuver' }).click();
  await expect(page.getByText('Acceptée', { exact: true }).first()).toBeVisible();

  // 5. The employee sees the advance arrive.
  await signInAs(page, request, employee.email!);
  await page.goto(orderPath);
  await expect(page.getByText(/L’avance de 1\s200\sDH a été versée/)).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousViolations(page);
});
