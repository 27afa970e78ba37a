import { expectNoSeriousViolations } from './axe.ts';
import { loginMoneyEmployee } from './employee-money-helpers.ts';
import { expect, expectNoHorizontalScroll, test } from './fixtures.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });

/**
 * Bills through the bill-payment sandbox (issue 16): a Lydec contract looked up (a reference in
 * the wrong format refused first), 50 DH of it paid after the confirmation, and the bill in the
 * « Factures » history tab with its receipt once the biller confirmed.
 */
test('the employee looks up a Lydec bill, pays part of it and finds it in the history', async ({
  page,
  request,
}) => {
  await loginMoneyEmployee(page, request, '/factures');
  await expect(page.getByRole('heading', { level: 1, name: 'Payer une facture' })).toBeVisible();
  const reference = page.getByRole('textbox', { name: /Numéro de contrat/ });
  await reference.fill('12345');
  await page.getByRole('button', { name: 'Rechercher la facture' }).tap();
  await expect(page.getByText('La référence ne correspond pas au format de ce facturier.')).toBeVisible();

  await reference.fill('3001234567');
  await page.getByRole('button', { name: 'Rechercher la facture' }).tap();
  const bill = page.getByRole('form', { name: 'Facture trouvée' });
  await expect(bill).toContainText('Montant dû');
  await expect(bill).toContainText(/\*/);
  await expectNoSeriousViolations(page);
  await expectNoHorizontalScroll(page);

  await bill.getByRole('textbox', { name: /Montant à payer/ }).fill('50');
  await bill.getByRole('button', { name: /^Payer 50\sDH$/ }).tap();
  const confirmation = page.getByRole('region', { name: 'Confirmation du paiement' });
  await expect(confirmation).toContainText(/50\sDH à Lydec pour la référence 3001234567/);
  await expectNoSeriousViolations(page);
  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/bills/') && response.request().method() === 'POST',
  );
  await confirmation.getByRole('button', { name: 'Confirmer le paiement' }).tap();
  const response = await created;
  expect(response.status()).toBe(201);
  expect(response.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByText(/a\sété envoyé/)).toBeVisible();

  await page.getByRole('link', { name: 'Voir l’historique' }).tap();
  await expect(page.getByRole('tab', { name: 'Factures' })).toHaveAttribute('aria-selected', 'true');
  const newest = page.getByRole('list', { name: 'Factures' }).getByRole('listitem').first();
  await expect(newest).toContainText('Facture Lydec');
  await expect(async () => {
    await page.reload();
    await expect(newest.getByRole('button', { name: 'Télécharger le reçu' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expectNoSeriousViolations(page);
});
