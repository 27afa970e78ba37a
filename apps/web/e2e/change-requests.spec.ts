import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page as PwPage } from '@playwright/test';
import { ACCOUNTS, acceptTerms, apiLogin, expect, test } from './fixtures.ts';

/** A valid Moroccan RIB: 22 digits, then the key 97 − (those digits × 100 mod 97). */
function rib(body22: string): string {
  const key = 97n - ((BigInt(body22) * 100n) % 97n);
  return `${body22}${key.toString().padStart(2, '0')}`;
}
const printed = (value: string) =>
  `${value.slice(0, 3)} ${value.slice(3, 6)} ${value.slice(6, 22)} ${value.slice(22)}`;

type Page<T> = { count: number; results: T[] };
type ChangeRequest = { id: number; field: string; status: string };

const auth = (access: string) => ({ Authorization: `Bearer ${access}` });

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

/** The demo employee (salarie@demo.ma) as HR sees it. */
async function demoEmployee(request: APIRequestContext, access: string) {
  const res = await request.get('/api/employees/', {
    headers: auth(access),
    params: { search: ACCOUNTS.employee.username },
  });
  expect(res.status(), await res.text()).toBe(200);
  const page = (await res.json()) as Page<{ id: number; first_name: string; last_name: string }>;
  expect(page.count).toBe(1);
  return page.results[0]!;
}

/** A retried or repeated run must not trip over its own earlier request (one pending per field). */
async function refusePendingRibRequests(request: APIRequestContext, employeeId: number) {
  const drh = await apiLogin(request, ACCOUNTS.drh.username);
  await acceptTerms(request, drh.access);
  const res = await request.get('/api/change_requests/', {
    headers: auth(drh.access),
    params: { employee: String(employeeId), status: 'pending', field: 'rib' },
  });
  for (const pending of ((await res.json()) as Page<ChangeRequest>).results) {
    await request.post(`/api/change_requests/${pending.id}/refuse/`, {
      headers: auth(drh.access),
      data: { comment: 'Nettoyage avant le parcours de test' },
    });
  }
}

test.describe('change requests', () => {
  // Two logins, uploads and axe scans: more than the default budget on a busy machine.
  test.describe.configure({ timeout: 60_000 });

  test('RH asks for a RIB change with a document, the DRH approves it, the employee has the new RIB', async ({
    page,
    request,
    login,
  }) => {
    const rh = await apiLogin(request, ACCOUNTS.rh.username);
    await acceptTerms(request, rh.access);
    const employee = await demoEmployee(request, rh.access);
    await refusePendingRibRequests(request, employee.id);
    const newRib = rib(`230780${String(Date.now()).slice(-16).padStart(16, '0')}`);

    // 1. The RH fills the change request of the employee.
    await login({ role: 'rh', path: `/rh/employees/${employee.id}/update` });
    await expect(page.getByRole('heading', { level: 1, name: 'Demande de modification' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Nouvelle demande de modification' });
    await form.getByLabel('Champ à modifier').selectOption('rib');
    await expect(form.getByTestId('current-value')).toBeVisible();
    await form.getByLabel('Nouvelle valeur').fill(printed(newRib));
    await form.getByLabel('Motif de la demande').fill('Changement de banque, attestation jointe.');
    await form.getByLabel('Pièces justificatives').setInputFiles({
      name: 'attestation-de-rib-nouvelle-banque.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n'),
    });
    await expect(form.getByRole('list', { name: 'Fichiers joints' })).toContainText('attestation-de-….pdf');
    await expectNoSeriousViolations(page);
    await form.getByRole('button', { name: 'Envoyer la demande' }).click();
    await expect(form.getByText(/sera appliquée dès qu'un DRH l'aura approuvée/)).toBeVisible();
    const mine = page.getByRole('list', { name: 'Demandes de ce salarié' }).getByRole('listitem').first();
    await expect(mine).toContainText('En attente');
    await expect(mine).toContainText(printed(newRib));

    // 2. The RH cannot decide: no buttons on the requests page.
    await page.goto('/rh/change-requests');
    const row = page.getByRole('button', {
      name: new RegExp(`${employee.first_name} ${employee.last_name} : RIB`),
    });
    await row.first().click();
    const details = page.getByRole('dialog', { name: 'Demande de modification' });
    await expect(details.getByText(printed(newRib))).toBeVisible();
    await expect(details.getByRole('button', { name: 'Approuver' })).toHaveCount(0);

    // 3. The DRH approves it, after confirming.
    await login({ role: 'drh', path: '/rh/change-requests' });
    await expect(page.getByRole('heading', { level: 1, name: 'Demandes de modification' })).toBeVisible();
    await page
      .getByRole('tabpanel', { name: 'En attente' })
      .getByRole('button', { name: new RegExp(`${employee.first_name} ${employee.last_name} : RIB`) })
      .first()
      .click();
    await expect(details.getByText(printed(newRib))).toBeVisible();
    await expect(details.getByText(/Demandée par Nadia/)).toBeVisible();
    await expectNoSeriousViolations(page);
    const download = page.waitForEvent('download');
    await details.getByRole('button', { name: 'Télécharger attestation-de-rib-nouvelle-banque.pdf' }).click();
    expect((await download).suggestedFilename()).toBe('attestation-de-rib-nouvelle-banque.pdf');
    await details.getByRole('button', { name: 'Approuver' }).click();
    const confirm = page.getByRole('dialog', { name: 'Approuver la demande ?' });
    await confirm.getByLabel('Commentaire (facultatif)').fill('Attestation vérifiée.');
    await expectNoSeriousViolations(page);
    await confirm.getByRole('button', { name: 'Approuver' }).click();
    await expect(page.getByText(/Demande approuvée : la modification « RIB »/)).toBeVisible();

    await page.getByRole('tab', { name: 'Approuvées' }).click();
    await expect(
      page.getByRole('tabpanel', { name: 'Approuvées' }).getByText(printed(newRib)).first(),
    ).toBeVisible();

    // 4. The employee's RIB is the new one: on the change-request page's current value, and by API.
    await page.goto(`/rh/employees/${employee.id}/update`);
    await page.getByLabel('Champ à modifier').selectOption('rib');
    await expect(page.getByTestId('current-value')).toHaveText(printed(newRib));
    const details_ = await request.get(`/api/employees/${employee.id}`, { headers: auth(rh.access) });
    expect(((await details_.json()) as { rib: string }).rib).toBe(newRib);
  });
});
