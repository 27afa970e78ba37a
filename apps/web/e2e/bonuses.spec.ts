import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { ACCOUNTS, acceptTerms, apiLogin, expect, storeTokens, test } from './fixtures.ts';

/**
 * Bonuses (issue 13): the RH creates a collective bonus for a group and an individual one from a
 * file; a DRH confirms the individual one partially; the employee paid — the demo's card holder —
 * is greeted by the celebration with the amount, finds the bonus in their list and the amount on
 * their prepaid card. axe on every screen.
 */
type Person = { id: number; first_name: string; last_name: string; email: string | null; cin: string | null };

const taken = new Set<string>(Object.values(ACCOUNTS).map((a) => a.username));

/**
 * Two activated employees of "Usine Tanger" that no other journey logs in as: the first holds the
 * demo's active prepaid card (seed/demo-cards.ts, shown by GET /employees/{id}), the second none.
 */
async function twoFactoryWorkers(request: APIRequestContext, access: string): Promise<[Person, Person]> {
  const headers = { Authorization: `Bearer ${access}` };
  const groups = await (await request.get('/api/groups/?search=Usine', { headers })).json();
  const group = groups.results[0] as { id: number };
  const res = await request.get(`/api/employees/?group=${group.id}&is_active=true&limit=100`, { headers });
  const people = ((await res.json()).results as Array<Person & { status: string }>).filter(
    (p) => p.status === 'activated' && p.email && p.cin && !taken.has(p.email),
  );
  expect(people.length).toBeGreaterThan(3);
  const cardOf = async (person: Person) =>
    ((await (await request.get(`/api/employees/${person.id}`, { headers })).json()).card ?? null) as {
      status: string;
    } | null;
  let holder: Person | undefined;
  let other: Person | undefined;
  for (const person of people) {
    const card = await cardOf(person);
    if (card?.status === 'active') holder ??= person;
    else if (!card) other ??= person;
    if (holder && other) break;
  }
  expect(holder, 'the demo card holder').toBeDefined();
  return [holder!, other!];
}

test.describe('bonuses', () => {
  test('RH creates a group bonus and a bonus from a file, the DRH confirms part of it, the employee celebrates', async ({
    page,
    request,
    login,
  }) => {
    test.setTimeout(90_000);
    const rh = await login({ role: 'rh', path: '/rh/bonuses/add' });
    const [paid, refused] = await twoFactoryWorkers(request, rh.access);

    // 1. A collective basket for the "Usine Tanger" group.
    await expect(page.getByRole('heading', { level: 1, name: 'Nouvelle prime' })).toBeVisible();
    await page.getByLabel('Intitulé', { exact: true }).selectOption({ label: 'Panier repas' });
    await page.getByRole('textbox', { name: /Montant par salarié/ }).fill('150');
    await page.getByLabel('Pour').selectOption({ label: 'Un groupe' });
    await page.getByLabel(/^Groupe/).selectOption({ label: 'Usine Tanger' });
    await expect(page.getByRole('region', { name: 'Récapitulatif' })).toContainText('du groupe Usine Tanger');
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: 'Envoyer pour validation' }).click();
    await expect(page).toHaveURL(/\/rh\/bonuses\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Panier repas' })).toBeVisible();
    await expect(page.getByText('En attente', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('list', { name: 'Bénéficiaires' })).toContainText(paid.last_name);

    // 2. An individual bonus from a French Excel CSV: two employees and a line nobody matches.
    await page.goto('/rh/bonuses/add');
    await page.getByLabel('Intitulé', { exact: true }).selectOption({ label: 'Performance' });
    await page.getByLabel('Type').selectOption({ label: 'Individuelle' });
    const csv = `CIN;Montant\r\n${paid.cin};1 200,00\r\n${refused.cin};800\r\nZZ000000;100\r\n`;
    await page.getByLabel(/Fichier des montants/).setInputFiles({
      name: 'primes-novembre.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'latin1'),
    });
    await expect(page.getByText(/2 lignes retenues sur 3/)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Lignes écartées du fichier' })).toContainText('ZZ000000');
    await expect(page.getByRole('region', { name: 'Récapitulatif' })).toContainText(
      /2\s000\sDH pour 2 salariés/,
    );
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: 'Envoyer pour validation' }).click();
    await expect(page).toHaveURL(/\/rh\/bonuses\/\d+$/);
    const individualUrl = new URL(page.url()).pathname;
    await expect(page.getByText(/En attente de la réponse d’un DRH/)).toBeVisible();

    // 3. The DRH confirms it for one employee only, with a comment.
    const drh = await apiLogin(request, ACCOUNTS.drh.username);
    await acceptTerms(request, drh.access);
    await storeTokens(page, drh);
    await page.goto(individualUrl);
    await expect(page.getByRole('heading', { name: 'Votre réponse' })).toBeVisible();
    await page.getByRole('checkbox', { name: `Confirmer pour ${paid.first_name} ${paid.last_name}` }).check();
    await page.getByRole('textbox', { name: 'Commentaire' }).fill('Objectif atteint pour un seul salarié');
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: 'Confirmer la sélection (1)' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Confirmer la prime pour 1 salarié choisi');
    await dialog.getByRole('button', { name: 'Confirmer la sélection' }).click();
    await expect(page.getByText('Partiellement confirmée').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Versement' })).toContainText(
      /Versé : 1\s200\sDH sur 1\s200\sDH/,
    );

    // 4. The employee paid: the celebration, then the bonus in their list.
    const employee = await apiLogin(request, paid.email!);
    await acceptTerms(request, employee.access);
    await expect
      .poll(async () => {
        const res = await request.get('/api/bonuses/transactions/unseen/', {
          headers: { Authorization: `Bearer ${employee.access}` },
        });
        return ((await res.json()) as unknown[]).length;
      })
      .toBeGreaterThan(0);
    await storeTokens(page, employee);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page
      .getByRole('region', { name: 'Mes services' })
      .getByRole('link', { name: /Primes et paniers/ })
      .click();
    const celebration = page.getByRole('dialog', { name: 'Félicitations !' });
    await expect(celebration).toContainText(/prime « Performance » de 1\s200\sDH/);
    await expect(celebration).toContainText('Le montant est disponible sur votre carte prépayée.');
    await expect(celebration.locator('svg').first()).toBeVisible();
    await expectNoSeriousViolations(page);
    await celebration.getByRole('button', { name: 'Merci !' }).click();
    await expect(celebration).toBeHidden();
    const list = page.getByRole('list', { name: 'Mes primes' });
    await expect(list).toContainText('Performance');
    await expect(list).toContainText('Versée');
    await expectNoSeriousViolations(page);
    await expect(list).toContainText('Carte prépayée');
    // Seen: not celebrated again.
    await page.reload();
    await expect(page.getByRole('list', { name: 'Mes primes' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // 5. The amount is on the card: « Ma carte » in the menu, the credit in this month's activity.
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Ma carte' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ma carte' })).toBeVisible();
    const activity = page.getByRole('region', { name: 'Activité de la carte' });
    await expect(activity).toContainText(/\+1\s200\sDH/);
    await expect(activity).toContainText(/Solde : 1\s200\sDH/);
    await expectNoSeriousViolations(page);
  });
});
