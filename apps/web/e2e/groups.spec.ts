import AxeBuilder from '@axe-core/playwright';
import type { Page as PwPage } from '@playwright/test';
import { ACCOUNTS, acceptTerms, apiLogin, expect, test } from './fixtures.ts';

type Page<T> = { count: number; results: T[] };
/** axe-core, WCAG 2.1 A/AA: no serious or critical violation on what is on screen. */
async function expectNoSeriousViolations(page: PwPage) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  expect(serious).toEqual([]);
}

type Employee = { id: number; cin: string | null; group: { id: number; name: string } | null };

test.describe('groups', () => {
  // Two logins, uploads and axe scans: more than the default budget on a busy machine.
  test.describe.configure({ timeout: 60_000 });

  test('RH creates a group from a CSV of CINs (a bad line first), renames it, then deletes it', async ({
    page,
    request,
    login,
  }) => {
    const rh = await apiLogin(request, ACCOUNTS.rh.username);
    await acceptTerms(request, rh.access);
    const headers = { Authorization: `Bearer ${rh.access}` };
    const list = await request.get('/api/employees/', { headers, params: { grouped: 'false', limit: '5' } });
    expect(list.status(), await list.text()).toBe(200);
    const members = ((await list.json()) as Page<Employee>).results.filter((e) => e.cin).slice(0, 2);
    expect(members).toHaveLength(2);
    const name = `Équipe e2e ${Date.now().toString(36)}`;

    await login({ role: 'rh', path: '/rh/groups' });
    await expect(page.getByRole('heading', { level: 1, name: 'Groupes' })).toBeVisible();

    // A file with a CIN of nobody in the company: refused as a whole, the line is named.
    await page.getByRole('button', { name: 'Nouveau groupe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouveau groupe' });
    await dialog.getByLabel('Nom du groupe').fill(name);
    const csv = (cins: string[]) => ({
      name: 'membres.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFFCIN\r\n${cins.join('\r\n')}\r\n`),
    });
    await dialog.getByLabel(/Membres/).setInputFiles(csv([members[0]!.cin!, 'ZZ999999', members[1]!.cin!]));
    await dialog.getByRole('button', { name: 'Créer le groupe' }).click();
    const report = dialog.getByRole('table', { name: 'Lignes en erreur du fichier' });
    await expect(report).toContainText('ZZ999999');
    await expect(report.getByRole('cell', { name: '3', exact: true })).toBeVisible();
    // The count in the same lines as the pointer: header, three CINs = 4 lines, the wrong one is line 3.
    await expect(dialog.getByText(/^1 ligne en erreur sur 4\./)).toBeVisible();
    await expectNoSeriousViolations(page);

    // Fixed file: the group exists with its two members.
    await dialog.getByLabel(/Membres/).setInputFiles(csv([members[0]!.cin!, members[1]!.cin!]));
    await dialog.getByRole('button', { name: 'Créer le groupe' }).click();
    await expect(page.getByText(`Le groupe « ${name} » a été créé avec 2 salariés.`)).toBeVisible();
    await page.getByLabel('Rechercher un groupe').fill(name);
    const groups = page.getByRole('list', { name: 'Groupes' });
    await expect(groups.getByRole('listitem')).toHaveCount(1);
    await expectNoSeriousViolations(page);
    await expect(groups.getByRole('link', { name: /2 salariés/ })).toHaveAttribute(
      'href',
      /\/rh\/employees\?group=\d+$/,
    );

    // Renamed…
    const renamed = `${name} bis`;
    await groups.getByRole('button', { name: `Renommer le groupe ${name}` }).click();
    const rename = page.getByRole('dialog', { name: `Renommer « ${name} »` });
    await rename.getByLabel('Nouveau nom').fill(renamed);
    await rename.getByRole('button', { name: 'Renommer' }).click();
    await expect(page.getByText(`Le groupe a été renommé « ${renamed} ».`)).toBeVisible();

    // …and deleted after confirmation: its members are ungrouped again (as they were), not deleted.
    await groups.getByRole('button', { name: `Supprimer le groupe ${renamed}` }).click();
    const confirm = page.getByRole('dialog', { name: `Supprimer le groupe « ${renamed} » ?` });
    await expect(confirm.getByText('Les salariés de ce groupe deviendront sans groupe.')).toBeVisible();
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText(`Le groupe « ${renamed} » a été supprimé.`)).toBeVisible();
    for (const member of members) {
      const res = await request.get(`/api/employees/${member.id}`, { headers });
      expect(((await res.json()) as Employee).group).toBeNull();
    }
  });
});
