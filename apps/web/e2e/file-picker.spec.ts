import type { Locator, Page } from '@playwright/test';
import { ACCOUNTS, expect, test } from './fixtures.ts';

/**
 * One file picker everywhere (issue 10): identities, invitations, groups, change requests and the
 * imports all show the app's French drop zone and "Choisir un fichier" button, never the
 * browser's own "Choose file / No file chosen" control, and the keyboard reaches it.
 */

/** Presses Tab until `target` has the focus (at most `max` times); fails otherwise. */
async function tabTo(page: Page, target: Locator, max = 60) {
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error('The file input is not reachable with Tab');
}

/**
 * What a person sees and does with the picker whose input is named `label`: the French button,
 * no native control on screen, the focus ring on the button when tabbed to, and the chosen file
 * named with a way to remove it (a single-file picker) or listed (attachments).
 */
async function checkPicker(
  page: Page,
  label: string | RegExp,
  { button = 'Choisir un fichier', file }: { button?: string; file: { name: string; mimeType: string } },
) {
  // Not exact: the field's name must find the input alone (a drop zone named after it would not).
  const input = page.getByLabel(label);
  await expect(input).toHaveAttribute('type', 'file');
  const zone = page.getByRole('region', { name: /^Zone de dépôt d/ });
  await expect(zone.getByText(button, { exact: true })).toBeVisible();
  // The native control is clipped to nothing: its own English or French text is never seen.
  const box = await input.boundingBox();
  expect((box?.width ?? 0) <= 1 && (box?.height ?? 0) <= 1).toBe(true);

  await tabTo(page, input);
  const shownButton = zone.locator('label', { hasText: button });
  await expect(shownButton).toHaveCSS('outline-style', 'solid');

  await input.setInputFiles({ ...file, buffer: Buffer.from('AB123456\r\n', 'utf8') });
  await expect(page.getByTitle(file.name).first()).toBeVisible();
}

test.describe('file pickers', () => {
  test.describe.configure({ timeout: 90_000 });

  test('identities, invitations, groups, change requests and imports share the French picker', async ({
    page,
    request,
    login,
  }) => {
    const csv = { name: 'fichier.csv', mimeType: 'text/csv' };

    const session = await login({ role: 'rh', path: '/rh/identities' });
    await expect(page.getByRole('heading', { level: 1, name: 'Identités' })).toBeVisible();
    await checkPicker(page, 'Fichier des identités (CSV)', { file: csv });
    await expect(page.getByRole('button', { name: 'Retirer le fichier' })).toBeVisible();

    await page.goto('/rh/invitations');
    await checkPicker(page, 'Ou chargez un fichier (.txt, .csv)', {
      file: { name: 'liste.txt', mimeType: 'text/plain' },
    });
    await expect(page.getByLabel('Adresses e-mail')).toHaveValue(/^AB123456\s*$/);

    await page.goto('/rh/groups');
    await page.getByRole('button', { name: 'Nouveau groupe' }).click();
    await expect(page.getByRole('dialog', { name: 'Nouveau groupe' })).toBeVisible();
    await checkPicker(page, /^Membres/, { file: csv });
    await page.keyboard.press('Escape');

    const employees = await request.get('/api/employees/', {
      headers: { Authorization: `Bearer ${session.access}` },
      params: { search: ACCOUNTS.employee.username },
    });
    const employee = ((await employees.json()) as { results: { id: number }[] }).results[0]!;
    await page.goto(`/rh/employees/${employee.id}/update`);
    await checkPicker(page, 'Pièces justificatives', {
      button: 'Choisir des fichiers',
      file: { name: 'attestation.pdf', mimeType: 'application/pdf' },
    });
    await expect(page.getByRole('list', { name: 'Fichiers joints' })).toContainText('attestation.pdf');

    await page.goto('/rh/employees/import');
    await checkPicker(page, 'Fichier CSV des salariés', { file: csv });
  });
});
