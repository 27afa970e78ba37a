import { expectNoSeriousViolations } from './axe.ts';
import { casablancaMonth, MONTHS_FR, monthInSentence, ofMonthText } from './casablanca-month.ts';
import { expect, expectNoHorizontalScroll, test } from './fixtures.ts';
import { downloadedCsv } from './hr-money-helpers.ts';

type DeductionsPage = {
  count: number;
  results: Array<{ employee: { first_name: string; last_name: string }; total: string }>;
  totals: { employees: number; advances_count: number; mission_expenses_amount: string; total: string };
};

const CSV_HEADER =
  "Matricule;Nom;Prénom;CIN;Nombre d'avances;Avances (DH);Frais (DH);Recharges (DH);Factures (DH);Transferts (DH);Frais de mission (DH);Total à retenir (DH)";
const dh = (wire: string) => `${Math.round(Number(wire)).toLocaleString('fr-FR').replace(/\s/g, ' ')} DH`;

/**
 * "Retenues sur salaire": what payroll deducts for a month. The demo history (executed advances and
 * top-ups over the last 30 days) gives the current month its rows; the screen must agree with
 * GET /payroll/deductions/, and the CSV must open in French Excel (BOM, `;`) with a total line.
 * Read-only: repeatable on one server.
 */
test.describe('payroll deductions', () => {
  test('HR reads the month, searches an employee and downloads the CSV', async ({ page, login, request }) => {
    test.setTimeout(60_000);
    const session = await login({ role: 'rh', path: '/rh/deductions' });
    await expect(page.getByRole('heading', { level: 1, name: 'Retenues sur salaire' })).toBeVisible();
    const { month, year } = casablancaMonth();
    await expect(page.getByLabel('Mois', { exact: true })).toHaveValue(String(month));
    await expect(page.getByLabel('Année', { exact: true })).toHaveValue(String(year));

    const res = await request.get(`/api/payroll/deductions/?month=${month}&year=${year}&limit=100`, {
      headers: { Authorization: `Bearer ${session.access}` },
    });
    expect(res.status()).toBe(200);
    const statement = (await res.json()) as DeductionsPage;
    const region = page.getByRole('region', { name: `Retenues ${ofMonthText(month, year)}` });

    if (statement.count === 0) {
      // The first day of a month may have nothing executed yet.
      await expect(region.getByText(`Rien à retenir pour ${monthInSentence(month, year)}.`)).toBeVisible();
    } else {
      const table = region.getByRole('table', { name: 'Retenues sur salaire par salarié' });
      const employees = statement.totals.employees;
      const totalRow = table.getByRole('row', { name: new RegExp(`^Total \\(${employees} salariés?\\)`) });
      await expect(totalRow).toContainText(dh(statement.totals.total));
      await expect(page.getByText(`total à retenir ${dh(statement.totals.total)}`)).toBeVisible();
      await expectNoSeriousViolations(page);

      // Search: the employee's line, and totals that add up what is listed (the search's).
      const someone = statement.results[0]!.employee;
      await page.getByLabel('Rechercher un salarié').fill(someone.last_name);
      await expect(page).toHaveURL(/[?&]search=/);
      await expect(
        table.getByRole('rowheader', { name: `${someone.first_name} ${someone.last_name}` }),
      ).toBeVisible();
      const searched = (await (
        await request.get(
          `/api/payroll/deductions/?month=${month}&year=${year}&limit=100&search=${encodeURIComponent(someone.last_name)}`,
          { headers: { Authorization: `Bearer ${session.access}` } },
        )
      ).json()) as DeductionsPage;
      const searchTotal = table.getByRole('row', { name: /^Total de la recherche \(/ });
      await expect(searchTotal).toContainText(dh(searched.totals.total));
      const listed = searched.results.reduce((sum, row) => sum + Number(row.total), 0);
      expect(Number(searched.totals.total)).toBe(listed);
      await page.getByLabel('Rechercher un salarié').fill('');
      await expect(page).not.toHaveURL(/[?&]search=/);
    }

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Télécharger le CSV', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`retenues-paie-${year}-${String(month).padStart(2, '0')}.csv`);
    const lines = (await downloadedCsv(file)).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines).toHaveLength(statement.totals.employees + 2);
    const total = lines.at(-1)!.split(';');
    expect(total[0]).toBe('Total');
    expect(total[4]).toBe(String(statement.totals.advances_count));
    expect(total[10]).toBe(statement.totals.mission_expenses_amount.replace('.', ','));
    expect(total[11]).toBe(statement.totals.total.replace('.', ','));

    // « Primes » (issue 13): the month's paid bonuses, their own CSV beside the deductions'.
    const primes = page.getByRole('region', { name: 'Primes' });
    await expect(primes).toContainText('sont du salaire imposable');
    const paidBonuses = (await (
      await request.get(`/api/payroll/bonuses/?month=${month}&year=${year}&limit=1`, {
        headers: { Authorization: `Bearer ${session.access}` },
      })
    ).json()) as { totals: { bonuses: number; amount: string } };
    const primesDownload = page.waitForEvent('download');
    await primes.getByRole('button', { name: 'Télécharger le CSV des primes' }).click();
    const primesFile = await primesDownload;
    expect(primesFile.suggestedFilename()).toBe(`primes-paie-${year}-${String(month).padStart(2, '0')}.csv`);
    const primesLines = (await downloadedCsv(primesFile)).split('\r\n').filter(Boolean);
    expect(primesLines[0]).toBe('Matricule;Nom;Prénom;CIN;Prime;Date de versement;Montant (DH)');
    expect(primesLines).toHaveLength(paidBonuses.totals.bonuses + 2);
    expect(primesLines.at(-1)).toBe(`Total;;;;;;${paidBonuses.totals.amount.replace('.', ',')}`);

    // Another month: the address follows.
    const previous = month === 1 ? { month: 12, year: year - 1 } : { month: month - 1, year };
    if (previous.year !== year)
      await page.getByLabel('Année', { exact: true }).selectOption(String(previous.year));
    await page.getByLabel('Mois', { exact: true }).selectOption(MONTHS_FR[previous.month - 1]!);
    await expect(page).toHaveURL(new RegExp(`month=${previous.month}&year=${previous.year}`));
    await expect(
      page.getByRole('region', { name: `Retenues ${ofMonthText(previous.month, previous.year)}` }),
    ).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('on a phone: cards and a totals card, nothing sideways, the CSV still downloads', async ({
    page,
    login,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login({ role: 'rh', path: '/rh/deductions' });
    await expect(page.getByRole('heading', { level: 1, name: 'Retenues sur salaire' })).toBeVisible();
    const cards = page.getByRole('list', { name: 'Retenues par salarié' });
    const empty = page.getByText(/^Rien à retenir pour /);
    await expect(cards.or(empty)).toBeVisible();
    if (await cards.isVisible()) {
      await expect(page.getByRole('table', { name: 'Retenues sur salaire par salarié' })).toBeHidden();
      await expect(page.getByLabel('Totaux du mois')).toContainText('Total à retenir');
    }
    await expectNoHorizontalScroll(page);
    await expectNoSeriousViolations(page);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Télécharger le CSV', exact: true }).click();
    expect((await download).suggestedFilename()).toMatch(/^retenues-paie-\d{4}-\d{2}\.csv$/);
  });
});
