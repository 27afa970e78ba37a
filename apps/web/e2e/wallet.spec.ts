import { expectNoSeriousViolations } from './axe.ts';
import { expect, expectNoHorizontalScroll, test } from './fixtures.ts';
import { cancelAdvance, downloadedCsv, type EmployeeAdvance, makeAdvance } from './hr-money-helpers.ts';

/**
 * HR's company wallet: an advance an employee has just asked for is money out of the wallet at
 * once; HR finds it, exports the filtered statement and downloads the file. The advance is
 * canceled at the end (a reversal, money back in), so the journey can run again on one server.
 */
test.describe('company wallet', () => {
  let advance: EmployeeAdvance | undefined;

  test.afterEach(async ({ request }) => {
    if (advance) await cancelAdvance(request, advance);
    advance = undefined;
  });

  test("HR sees an employee's new advance, exports the movements and downloads the CSV", async ({
    page,
    login,
    request,
  }) => {
    // Two axe passes, an export and two downloads: longer than the default 30 s on a busy machine.
    test.setTimeout(60_000);
    advance = await makeAdvance(request, 120);
    await login({ role: 'rh', path: '/rh/wallet' });
    await expect(page.getByRole('heading', { level: 1, name: 'Portefeuille' })).toBeVisible();

    const balance = page.getByRole('region', { name: 'Solde du portefeuille' });
    await expect(balance).toContainText('DH');
    await expect(balance.getByText('Total des crédits')).toBeVisible();

    // Newest first: the advance, as money out (− and its amount).
    const table = page.getByRole('table', { name: 'Mouvements du portefeuille' });
    const first = table.getByRole('row').nth(1);
    await expect(first).toContainText(`Avance n° ${advance.id} de 120 DH`);
    await expect(first).toContainText(advance.employee.name);
    // Money out: the advance and its fee, if any.
    const walletAmount = Number(advance.amount) + Number(advance.fees);
    await expect(first).toContainText(`Débit − ${walletAmount} DH`);
    await expectNoSeriousViolations(page);

    // Filtered to advances of that employee: the address keeps the filters.
    await page.getByLabel('Type').selectOption({ label: 'Avance sur salaire' });
    await page.getByLabel('Rechercher un mouvement').fill(advance.employee.name);
    await expect(page).toHaveURL(/type=advance/);
    await expect(page).toHaveURL(new RegExp(`search=${advance.employee.name.split(' ')[0]}`));
    await expect(table.getByRole('row').nth(1)).toContainText(`Avance n° ${advance.id} `);
    await expect(table.getByText('Alimentation du portefeuille')).toHaveCount(0);

    await page.getByRole('button', { name: 'Exporter (CSV)' }).click();
    await expect(page.getByText('Export terminé')).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Télécharger le fichier' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^portefeuille-\d{4}-\d{2}-\d{2}-\d+\.csv$/);
    const csv = await downloadedCsv(file);
    expect(csv.startsWith('Date;Type;Titre;Description;Montant (DH)\r\n')).toBe(true);
    expect(csv).toContain(
      `;Avance sur salaire;Avance sur salaire — ${advance.employee.name};Avance n° ${advance.id} de 120 DH`,
    );
    expect(csv).toContain(`;-${walletAmount.toFixed(2).replace('.', ',')}\r\n`);
    // Only what the filters showed: no funding line.
    expect(csv).not.toContain('Alimentation');

    // The history lists it as finished, and it downloads again from there.
    const history = page.getByRole('region', { name: 'Historique des exports' });
    const latest = history.getByRole('listitem').first();
    await expect(latest).toContainText('Terminé');
    const again = page.waitForEvent('download');
    await latest.getByRole('button', { name: /^Télécharger l'export du / }).click();
    expect((await again).suggestedFilename()).toBe(file.suggestedFilename());
    await expectNoSeriousViolations(page);
  });

  test('on a phone: movements as cards, nothing sideways, keyboard reachable filters', async ({
    page,
    login,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login({ role: 'rh', path: '/rh/wallet' });
    const cards = page.getByRole('list', { name: 'Mouvements du portefeuille' });
    await expect(cards.getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('table', { name: 'Mouvements du portefeuille' })).toBeHidden();
    await expectNoHorizontalScroll(page);

    await page.getByLabel('Rechercher un mouvement').focus();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Type')).toBeFocused();
    await expectNoSeriousViolations(page);
  });
});
