import type { APIRequestContext } from '@playwright/test';
import type { TAdvanceLimit, TTravelPolicy } from '@tasbiq/contracts/expense-policy';
import type { TExpenseValidator } from '@tasbiq/contracts/expense-validators';
import { expectNoSeriousViolations } from './axe.ts';
import { ACCOUNTS, acceptTerms, apiLogin, expect, test } from './fixtures.ts';

type Page<T> = { count: number; results: T[] };
type Employee = { id: number; first_name: string; last_name: string; email: string | null };

const TANGER = 49;
const OUJDA = 61;

async function drhHeaders(request: APIRequestContext) {
  const drh = await apiLogin(request, ACCOUNTS.drh.username);
  await acceptTerms(request, drh.access);
  return { Authorization: `Bearer ${drh.access}` };
}

/**
 * The budget policy and the validators (issue 14). The database lives as long as the run: the
 * journeys use a group, a route and an employee nobody else relies on, and clear what a retry
 * would find (the route) first.
 */
test.describe('budget policy and validators', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the DRH sets an advance limit and a route ceiling, and sees them in the history', async ({
    page,
    request,
    login,
  }) => {
    const headers = await drhHeaders(request);
    const routes = await request.get('/api/expenses/travel_policies/', { headers, params: { limit: '100' } });
    expect(routes.status(), await routes.text()).toBe(200);
    for (const route of ((await routes.json()) as Page<TTravelPolicy>).results) {
      if (route.departure_city === TANGER && route.arrival_city === OUJDA)
        await request.delete(`/api/expenses/travel_policies/${route.id}/`, { headers });
    }

    await login({ role: 'drh', path: '/rh' });
    await page
      .getByRole('navigation', { name: 'Navigation gestion' })
      .getByRole('link', { name: 'Politique budgétaire' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Politique budgétaire' })).toBeVisible();
    const limits = page.getByRole('list', { name: "Plafonds d'avance par groupe" });
    await expect(limits.getByText('Salariés sans groupe')).toBeVisible();
    await expectNoSeriousViolations(page);

    // The limit of « Usine Tanger »: set (or changed, on a retry), refused under 200 DH first.
    const set = limits.getByRole('link', { name: 'Définir le plafond de Usine Tanger' });
    if (await set.isVisible()) await set.click();
    else await limits.getByRole('link', { name: 'Modifier le plafond de Usine Tanger' }).click();
    const amount = page.getByRole('textbox', { name: /^Plafond d'avance \(DH\)/ });
    await amount.fill('150');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText("Le plafond doit être d'au moins 200 DH.")).toBeVisible();
    await expectNoSeriousViolations(page);
    await amount.fill('2500');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText(/^Le plafond d'avance de Usine Tanger est de 2\s500\sDH\.$/)).toBeVisible();
    const usine = limits.getByRole('listitem').filter({ hasText: 'Usine Tanger' });
    await expect(usine).toContainText(/2\s500\sDH/);

    // A route ceiling, Tanger → Oujda, with the city pickers.
    await page.getByRole('button', { name: 'Ajouter un trajet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouveau trajet' });
    await dialog.getByLabel('Ville de départ').selectOption({ label: 'Tanger' });
    await dialog.getByLabel("Ville d'arrivée").selectOption({ label: 'Oujda' });
    await dialog.getByRole('textbox', { name: /^Plafond \(DH\)/ }).fill('1800');
    await expectNoSeriousViolations(page);
    await dialog.getByRole('button', { name: 'Ajouter' }).click();
    await expect(page.getByText('Le trajet Tanger → Oujda a été ajouté.')).toBeVisible();
    const route = page.getByRole('list', { name: 'Politiques de déplacement' }).getByRole('listitem').filter({
      hasText: 'Tanger → Oujda',
    });
    await expect(route).toContainText(/1\s800\sDH/);

    // The history names both changes, newest first, with who made them.
    const history = page.getByRole('list', { name: 'Historique des modifications' });
    await expect(history.getByRole('listitem').first()).toContainText('Politique de déplacement · Ajout');
    await expect(history.getByRole('listitem').first()).toContainText('Hicham');
    await expect(history.getByText(/^Usine Tanger : /).first()).toBeVisible();
    await expectNoSeriousViolations(page);

    // What the API now answers for the mission orders.
    const saved = await request.get('/api/expenses/advance_limit/', { headers });
    const usineLine = ((await saved.json()) as TAdvanceLimit[]).find(
      (line) => line.group_name === 'Usine Tanger',
    );
    expect(usineLine?.amount).toBe('2500.00');
  });

  test('the DRH sets a food ceiling for a group, sees it listed and in the history', async ({
    page,
    request,
    login,
  }) => {
    // A group of its own (sorted right after the ungrouped employees, so on the first page), whose
    // food ceiling is unlimited and advance limit unset before the journey, whatever a retry finds.
    const headers = await drhHeaders(request);
    const name = 'Audit plafonds';
    const found = await request.get('/api/groups/', { headers, params: { search: name } });
    let group = ((await found.json()) as Page<{ id: number; name: string }>).results.find(
      (g) => g.name === name,
    );
    if (!group) {
      const created = await request.post('/api/groups/', { headers, data: { name } });
      expect(created.status(), await created.text()).toBe(201);
      group = (await created.json()) as { id: number; name: string };
    }
    const reset = await request.post('/api/expenses/policy_items/bulk_save/', {
      headers,
      data: { items: [{ group: group.id, category: 'food', ceiling: null }] },
    });
    expect(reset.status(), await reset.text()).toBe(200);
    const unset = await request.post('/api/expenses/advance_limit/bulk_save/', {
      headers,
      data: { limits: [{ group: group.id, amount: null }] },
    });
    expect(unset.status(), await unset.text()).toBeLessThan(300);

    await login({ role: 'drh', path: '/rh/policy' });
    const ceilings = page.getByRole('region', { name: 'Plafonds par catégorie' });
    const block = ceilings.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await expect(block).toContainText(/Restauration\s*Illimité/);
    await expectNoSeriousViolations(page);

    await block.getByRole('link', { name: `Modifier les plafonds par catégorie de ${name}` }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Nouvelle politique budgétaire' }),
    ).toBeVisible();
    await page.getByRole('textbox', { name: /^Plafond d'avance \(DH\)/ }).fill('1000');
    const food = page.getByRole('textbox', { name: 'Restauration (DH par jour)' });
    await expect(food).toHaveValue('');
    await food.fill('abc');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Montant invalide')).toBeVisible();
    await expectNoSeriousViolations(page);
    await food.fill('150');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(
      page.getByText('Les plafonds par catégorie sont enregistrés.', { exact: false }),
    ).toBeVisible();

    await expect(block).toContainText(/Restauration\s*150\sDH \/ jour/);
    const history = page.getByRole('list', { name: 'Historique des modifications' });
    await expect(
      history.getByText(new RegExp(`^${name} · Restauration : Illimité → 150\\sDH / jour$`)),
    ).toBeVisible();
    await expect(
      history
        .getByRole('listitem')
        .filter({ hasText: `${name} · Restauration` })
        .first(),
    ).toContainText('Plafond par catégorie · Modification');
    await expectNoSeriousViolations(page);

    const saved = await request.get('/api/expenses/policy_items/', {
      headers,
      params: { group: String(group.id) },
    });
    expect(((await saved.json()) as Page<{ category: string; ceiling: string | null }>).results).toEqual([
      expect.objectContaining({ category: 'food', ceiling: '150.00' }),
    ]);
  });

  test('on a phone, HR adds a validator from the employee search, then removes them', async ({
    page,
    request,
    login,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const headers = await drhHeaders(request);
    const validators = await request.get('/api/expenses/validators/', { headers, params: { limit: '100' } });
    const taken = new Set(
      ((await validators.json()) as Page<TExpenseValidator>).results.map((v) => v.employee),
    );
    const known = new Set<string>(Object.values(ACCOUNTS).map((account) => account.username));
    const list = await request.get('/api/employees/', {
      headers,
      params: { status: 'activated', account_type: 'employee', limit: '100', ordering: '-created' },
    });
    expect(list.status(), await list.text()).toBe(200);
    const candidate = ((await list.json()) as Page<Employee>).results.find(
      (e) => !taken.has(e.id) && e.email && !known.has(e.email),
    );
    expect(candidate).toBeDefined();
    const name = `${candidate!.first_name} ${candidate!.last_name}`;

    await login({ role: 'rh', path: '/rh/validators' });
    await expect(page.getByRole('heading', { level: 1, name: 'Valideurs' })).toBeVisible();
    await expectNoSeriousViolations(page);

    await page.getByRole('button', { name: 'Ajouter un valideur' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter un valideur' });
    await dialog.getByLabel('Rechercher un salarié').fill(name);
    const choose = dialog.getByRole('button', { name: new RegExp(`^Choisir ${name}`) }).first();
    await expect(choose).toBeVisible();
    await expectNoSeriousViolations(page);
    await choose.click();
    await expect(page.getByText(`${name} est maintenant valideur.`)).toBeVisible();
    const row = page.getByRole('list', { name: 'Valideurs' }).getByRole('listitem').filter({ hasText: name });
    await expect(row).toBeVisible();
    // Nothing wider than the phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await row.getByRole('button', { name: `Retirer ${name} des valideurs` }).click();
    const confirm = page.getByRole('dialog', { name: `Retirer ${name} des valideurs ?` });
    await expectNoSeriousViolations(page);
    await confirm.getByRole('button', { name: 'Retirer' }).click();
    await expect(page.getByText(`${name} n'est plus valideur.`)).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test('the policy and validators screens fit a 360 px phone', async ({ page, login }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await login({ role: 'drh', path: '/rh/policy' });
    for (const path of ['/rh/policy', '/rh/policy/add', '/rh/policy/ungrouped/edit', '/rh/validators']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status', { name: /Chargement/ })).toHaveCount(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await expectNoSeriousViolations(page);
  });
});
