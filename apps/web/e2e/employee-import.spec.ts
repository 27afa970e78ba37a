import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import iconv from 'iconv-lite';
import { ACCOUNTS, acceptTerms, apiLogin, expect, expectNoHorizontalScroll, test } from './fixtures.ts';
import { waitForMessage } from './outbox.ts';

type EmployeeList = {
  count: number;
  results: Array<{ last_name: string; first_name: string; status: string; group: { name: string } | null }>;
};

/** axe-core, WCAG 2.1 A/AA: no serious or critical violation on what is on screen. */
async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  expect(serious).toEqual([]);
}

/** Three new people, unique on every run (phones, CINs, e-mails and matricules). */
function people() {
  const run = Date.now().toString().slice(-5);
  const lastName = `Importé${run}`;
  return {
    lastName,
    rows: [1, 2, 3].map((i) => ({
      matricule: `E2E-${run}-${i}`,
      nom: lastName,
      prenom: ['Hélène', 'Noël', 'Zoé'][i - 1]!,
      cin: `EQ${run}${i}`,
      telephone: `07${run}${i}0`.padEnd(10, '0'),
      email: `import.${run}.${i}@e2e.ma`,
      date_naissance: `0${i}/03/199${i}`,
      salaire: '6 500,00',
      groupe: i === 1 ? 'Siège Casablanca' : '',
    })),
  };
}

/** The file as French Excel saves "CSV (séparateur : point-virgule)": Windows-1252, `;`, CRLF. */
function excelCsv(rows: ReturnType<typeof people>['rows']) {
  const header = [
    'matricule',
    'nom',
    'prenom',
    'cin',
    'telephone',
    'email',
    'date_naissance',
    'salaire',
    'groupe',
  ];
  const lines = [header.join(';'), ...rows.map((r) => header.map((h) => r[h as keyof typeof r]).join(';'))];
  return {
    name: 'salaries.csv',
    mimeType: 'text/csv',
    buffer: iconv.encode(`${lines.join('\r\n')}\r\n`, 'win1252'),
  };
}

test.describe('employee import', () => {
  test.describe.configure({ timeout: 60_000 });

  test('RH imports a CSV with one bad line, reads the report, fixes the file and imports it whole', async ({
    page,
    request,
    login,
  }) => {
    const { lastName, rows } = people();
    await login({ role: 'rh', path: '/rh/employees/import' });
    await expect(page.getByRole('heading', { level: 1, name: 'Importer des salariés' })).toBeVisible();

    // Line 3 of the file (the second person) has a CIN that is not one.
    const wrong = rows.map((r, i) => (i === 1 ? { ...r, cin: '12345' } : r));
    await page.getByLabel('Fichier CSV des salariés').setInputFiles(excelCsv(wrong));
    await expect(page.getByText('salaries.csv')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Envoyer les invitations par SMS' })).toBeChecked();
    await page.getByRole('button', { name: 'Importer' }).click();

    const report = page.getByRole('table', { name: 'Erreurs du fichier, ligne par ligne' });
    await expect(page.getByRole('heading', { name: '1 ligne en erreur sur 4' })).toBeVisible();
    await expect(report.getByRole('row')).toHaveCount(2);
    const line = report.getByRole('row').nth(1);
    await expect(line.getByRole('cell').nth(0)).toHaveText('3');
    await expect(line.getByRole('cell').nth(1)).toHaveText('CIN');
    await expect(line.getByRole('cell').nth(2)).toContainText("Le numéro de CIN n'est pas valide");
    await expectNoSeriousViolations(page);

    // Nothing was imported.
    const rh = await apiLogin(request, ACCOUNTS.rh.username);
    await acceptTerms(request, rh.access);
    const headers = { Authorization: `Bearer ${rh.access}` };
    const search = async () => {
      const res = await request.get('/api/employees/', { headers, params: { search: lastName } });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()) as EmployeeList;
    };
    expect((await search()).count).toBe(0);

    // Fixed and sent again: all three, invited, with their activation link by SMS.
    await page.getByLabel('Fichier CSV des salariés').setInputFiles(excelCsv(rows));
    await page.getByRole('button', { name: 'Importer' }).click();
    await expect(page.getByText('3 salariés importés.')).toBeVisible();
    await expect(page.getByText('Les invitations partent par SMS (3).')).toBeVisible();
    await expect(report).toHaveCount(0);

    const imported = await search();
    expect(imported.count).toBe(3);
    expect(imported.results.map((e) => e.first_name).sort()).toEqual(['Hélène', 'Noël', 'Zoé']);
    expect(imported.results.every((e) => e.status === 'invited')).toBe(true);
    expect(imported.results.find((e) => e.first_name === 'Hélène')?.group?.name).toBe('Siège Casablanca');

    const sms = await waitForMessage(request, {
      recipient: `+212${rows[0]!.telephone.slice(1)}`,
      channel: 'sms',
    });
    expect(sms.body).toMatch(/\/activate\?token=[\w-]+/);

    // The list screen shows them too (once it exists: the link goes there).
    await page.getByRole('link', { name: 'Voir la liste des salariés' }).click();
    await expect(page).toHaveURL(/\/rh\/employees$/);
  });

  test('RH uploads the worked days of a month for employees named by matricule', async ({ page, login }) => {
    const { rows } = people();
    await login({ role: 'rh', path: '/rh/employees/import' });
    await page.getByLabel('Fichier CSV des salariés').setInputFiles(excelCsv(rows));
    await page.getByRole('checkbox', { name: 'Envoyer les invitations par SMS' }).uncheck();
    await page.getByRole('button', { name: 'Importer' }).click();
    await expect(page.getByText('3 salariés importés.')).toBeVisible();

    await page.getByRole('link', { name: 'Jours travaillés' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Jours travaillés' })).toBeVisible();
    await page.getByLabel('Mois').selectOption({ label: 'Mars' });
    const file = (days: string[]) => ({
      name: 'jours.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `\uFEFFmatricule;jours_travailles;heures_travaillees\r\n${rows.map((r, i) => `${r.matricule};${days[i]};160`).join('\r\n')}\r\n`,
      ),
    });
    await page.getByLabel('Fichier CSV des jours travaillés').setInputFiles(file(['22', '32', '21,5']));
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await expect(page.getByRole('heading', { name: '1 ligne en erreur sur 4' })).toBeVisible();
    await expect(page.getByRole('table')).toContainText('Jours travaillés');

    await page.getByLabel('Fichier CSV des jours travaillés').setInputFiles(file(['22', '20', '21,5']));
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await expect(page.getByText(/^3 salariés mis à jour pour mars \d{4}\.$/)).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('both pages fit a phone screen without sideways scrolling', async ({ page, login }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [path, title] of [
      ['/rh/employees/import', 'Importer des salariés'],
      ['/rh/employees/worked-days', 'Jours travaillés'],
    ] as const) {
      await login({ role: 'rh', path });
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText('Choisir un fichier', { exact: true })).toBeVisible();
      await expectNoHorizontalScroll(page);
    }
  });
});
