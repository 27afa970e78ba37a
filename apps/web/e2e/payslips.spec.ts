import type { APIRequestContext } from '@playwright/test';
import { payrollPdfWithPdfLib } from '../../api/test/payslips/slip-pdf.ts';
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

/**
 * Pay slips (issue 12): HR uploads the payroll PDF of the month (one slip of a demo employee, one
 * of somebody unknown), the extraction runs and is followed live, HR matches the unknown slip by
 * hand to another employee and publishes it, then publishes the rest in bulk; the employee finds
 * the slip on a phone, downloads it and confirms receipt. axe on every screen.
 *
 * Its own demo employees: the first two activated « Commercial » workers (by matricule), whom no
 * other journey logs in as — publishing a slip sets their net payable, which the advance journeys
 * of salarie@demo.ma must not see change.
 */
type Person = {
  id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  cin: string | null;
  serial: string | null;
  status: string;
};

const taken = new Set<string>(Object.values(ACCOUNTS).map((a) => a.username));

async function payslipEmployees(request: APIRequestContext, access: string): Promise<[Person, Person]> {
  const headers = { Authorization: `Bearer ${access}` };
  const groups = await (await request.get('/api/groups/?search=Commercial', { headers })).json();
  const group = groups.results[0] as { id: number };
  const res = await request.get(`/api/employees/?group=${group.id}&is_active=true&limit=100`, { headers });
  const people = ((await res.json()).results as Person[])
    .filter((p) => p.status === 'activated' && p.email && p.cin && p.serial && !taken.has(p.email))
    .sort((a, b) => a.serial!.localeCompare(b.serial!));
  expect(people.length).toBeGreaterThan(1);
  return [people[0]!, people[1]!];
}

test.describe('pay slips', () => {
  test('HR uploads the payroll PDF, matches the unknown slip by hand and publishes; the employee downloads the slip and confirms receipt', async ({
    page,
    request,
    login,
  }) => {
    test.setTimeout(90_000);
    const rh = await login({ role: 'rh', path: '/rh/fiches/jobs' });
    const [person, other] = await payslipEmployees(request, rh.access);
    const { month, year } = casablancaMonth();
    const pdf = await payrollPdfWithPdfLib([
      {
        person: {
          firstName: person.first_name,
          lastName: person.last_name,
          cin: person.cin,
          serial: person.serial,
        },
        month,
        year,
        gross: 9000,
      },
      {
        person: { firstName: 'Inconnu', lastName: 'Personne', cin: 'ZZ999999', serial: 'X-0000' },
        month,
        year,
      },
    ]);

    // 1. Upload: the extraction's page, its progress, the two slips found.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Extractions de fiches de paie' }),
    ).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByLabel('Fichier PDF des fiches de paie').setInputFiles({
      name: `paie-${year}-${String(month).padStart(2, '0')}.pdf`,
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await page.getByRole('button', { name: "Lancer l'extraction" }).click();
    await expect(page).toHaveURL(/\/rh\/fiches\/jobs\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Extraction de fiches de paie' })).toBeVisible();
    const slips = page.getByRole('list', { name: "Fiches de l'extraction" });
    await expect(slips.getByRole('listitem')).toHaveCount(2, { timeout: 30_000 });
    const mine = slips.getByRole('listitem').filter({ hasText: `${person.first_name} ${person.last_name}` });
    await expect(mine).toContainText('À valider');
    const unknown = slips.getByRole('listitem').filter({ hasText: 'Salarié non trouvé' });
    await expect(unknown).toHaveCount(1);
    await expect(unknown).toContainText('À rattacher');
    await expectNoSeriousViolations(page);

    // 2. The unknown slip (page 2) matched by hand: HR searches the employee by CIN and picks them;
    // the slip is theirs, awaiting publication, and HR publishes it on its own.
    await unknown.getByRole('button', { name: 'Rattacher la fiche page 2' }).click();
    const matching = page.getByRole('dialog', { name: 'Rattacher la fiche à un salarié' });
    await expect(matching).toContainText('lu sur la fiche : CIN ZZ999999');
    await matching.getByRole('searchbox', { name: 'Rechercher un salarié' }).fill(other.cin!);
    const found = matching.getByRole('list', { name: 'Salariés trouvés' });
    await expect(found.getByRole('listitem')).toHaveCount(1);
    await expectNoSeriousViolations(page);
    await found.getByRole('button', { name: `Rattacher à ${other.first_name} ${other.last_name}` }).click();
    await expect(matching).toBeHidden();
    const matched = slips.getByRole('listitem').filter({ hasText: `${other.first_name} ${other.last_name}` });
    await expect(matched).toContainText('À valider');
    await expect(matched).toContainText('page 2');
    await expect(slips.getByRole('listitem').filter({ hasText: 'Salarié non trouvé' })).toHaveCount(0);
    await expectNoSeriousViolations(page);
    await matched
      .getByRole('button', { name: `Publier la fiche de ${other.first_name} ${other.last_name}` })
      .click();
    await expect(matched).toContainText('Publiée');
    await expect(mine).toContainText('À valider');

    // 3. Bulk publication behind a confirmation: the one slip still awaiting.
    await page.getByRole('button', { name: 'Publier toutes les fiches' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publier les fiches de cette extraction ?' });
    await expect(dialog).toContainText('1 fiche rattachée sera publiée');
    await expectNoSeriousViolations(page);
    await dialog.getByRole('button', { name: 'Publier', exact: true }).click();
    await expect(page.getByText('1 fiche publiée.')).toBeVisible();
    await expect(mine).toContainText('Publiée');

    // 4. The employee, on a phone: the slip of the month, downloaded, receipt confirmed.
    const employee = await apiLogin(request, person.email!);
    await acceptTerms(request, employee.access);
    await storeTokens(page, employee);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/fiches');
    await expect(page.getByRole('heading', { level: 1, name: 'Fiches de paie' })).toBeVisible();
    const list = page.getByRole('region', { name: `Fiches de ${year}` });
    const item = list.getByRole('listitem').first();
    await expect(item).toContainText('Réception non confirmée');
    await expect(item).toContainText(/Net à payer/);
    await expectNoHorizontalScroll(page);
    await expectNoSeriousViolations(page);
    const download = page.waitForEvent('download');
    await item.getByRole('button', { name: /^Télécharger/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(
      new RegExp(`^Fiche-de-paie-${year}-${String(month).padStart(2, '0')}-.+\\.pdf$`),
    );
    await item.getByRole('button', { name: /^J'ai reçu ma fiche/ }).click();
    await expect(item).toContainText(/Reçue le/);
    await expectNoSeriousViolations(page);
  });
});
