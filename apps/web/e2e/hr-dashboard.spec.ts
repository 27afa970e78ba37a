import { expectNoSeriousViolations } from './axe.ts';
import { expect, expectNoHorizontalScroll, test } from './fixtures.ts';
import { cancelAdvance, type EmployeeAdvance, makeAdvance } from './hr-money-helpers.ts';

type HrStats = { active_employees: number; pending_advances: number; employees_with_advance: number };

/**
 * HR's dashboard and transactions list: the month's figures as GET /stats/rh counts them, the
 * daily charts (bars drawn without a chart library), and an advance an employee has just
 * asked for at the top of the last transactions. The advance is canceled after each journey.
 */
test.describe('HR dashboard', () => {
  let advance: EmployeeAdvance | undefined;

  test.afterEach(async ({ request }) => {
    if (advance) await cancelAdvance(request, advance);
    advance = undefined;
  });

  test("shows the wallet, the month's figures, the charts and the employee's new advance", async ({
    page,
    login,
    request,
  }) => {
    test.setTimeout(60_000);
    advance = await makeAdvance(request, 130);
    const session = await login({ role: 'rh', path: '/rh' });
    await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();

    const wallet = page.getByRole('region', { name: 'Solde du portefeuille' });
    await expect(wallet.getByText('Total des débits')).toBeVisible();
    await expect(wallet.getByRole('link', { name: 'Voir le portefeuille' })).toHaveAttribute(
      'href',
      '/rh/wallet',
    );

    // The figures are the API's, in French formats.
    const res = await request.get('/api/stats/rh', {
      headers: { Authorization: `Bearer ${session.access}` },
    });
    expect(res.status()).toBe(200);
    const stats = (await res.json()) as HrStats;
    expect(stats.pending_advances).toBeGreaterThanOrEqual(1);
    const figures = page.getByRole('region', { name: /^Chiffres clés (de |d’)/ });
    const figure = (label: string) =>
      figures
        .locator('div')
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator('dd');
    await expect(figure('Salariés actifs')).toHaveText(String(stats.active_employees));
    await expect(figure('Avances en attente')).toHaveText(String(stats.pending_advances));
    await expect(figure('Avances du mois')).toContainText('DH');

    // Daily advances: drawn as bars (plain elements, no chart library), summed in text, listed in a
    // hidden table.
    const advancesChart = page.getByRole('region', { name: 'Avances par jour' });
    await expect(advancesChart).toContainText(/\d+ avances? pour/);
    await expect(advancesChart.getByTestId('bar-chart')).toBeVisible();
    await expect(advancesChart.getByTestId('bar')).not.toHaveCount(0);
    await expect(advancesChart.getByRole('table')).toBeAttached();
    await expect(page.getByRole('region', { name: 'Recharges par jour' })).toBeVisible();

    const last = page.getByRole('list', { name: 'Dernières transactions' });
    const newest = last.getByRole('listitem').first();
    await expect(newest).toContainText(advance.employee.name);
    await expect(newest).toContainText('130 DH');
    await expect(newest).toContainText('Avance sur salaire');
    await expect(newest).toContainText('En attente');
    await expectNoSeriousViolations(page);

    // The full list has it too, and filters it out when asked for top-ups only.
    await page.getByRole('link', { name: 'Tout voir' }).click();
    await expect(page).toHaveURL(/\/rh\/transactions$/);
    const table = page.getByRole('table', { name: 'Transactions' });
    const first = table.getByRole('row').nth(1);
    await expect(first).toContainText(advance.employee.name);
    await expect(first).toContainText(advance.employee.serial);
    await expect(first).toContainText('130 DH');
    await expect(first).toContainText('En attente');
    const lastName = advance.employee.name.split(' ').at(-1)!;
    await page.getByLabel('Rechercher un salarié').fill(lastName);
    await expect(page).toHaveURL(new RegExp(`search=${lastName}`));
    await expect(table.getByRole('row').nth(1)).toContainText(advance.employee.name);
    await page.getByLabel('Type').selectOption({ label: 'Recharge téléphonique' });
    await expect(page).toHaveURL(/type=recharge/);
    // Top-ups only: the advance is gone (the employee may have had top-ups from the demo history).
    await expect(
      page
        .getByRole('region', { name: 'Liste des transactions' })
        .getByText('Avance sur salaire', { exact: true }),
    ).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('on a phone: one column, nothing sideways, the menu leads to the deductions', async ({
    page,
    login,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login({ role: 'rh', path: '/rh' });
    await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
    await expect(page.getByRole('region', { name: /^Chiffres clés (de |d’)/ })).toBeVisible();
    await expect(
      page
        .getByRole('list', { name: 'Dernières transactions' })
        .or(page.getByText('Aucune transaction pour le moment.')),
    ).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousViolations(page);

    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await page
      .getByRole('dialog', { name: 'Menu' })
      .getByRole('link', { name: 'Retenues sur salaire' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Retenues sur salaire' })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});
