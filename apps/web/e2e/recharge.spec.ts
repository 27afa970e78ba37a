import { expectNoSeriousViolations } from './axe.ts';
import { loginMoneyEmployee, MONEY_EMPLOYEE } from './employee-money-helpers.ts';
import { expect, expectNoHorizontalScroll, test } from './fixtures.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });

/**
 * Phone top-ups through the telecom sandbox: 10 DH (the smallest product, so repeated runs barely
 * touch the balance) to the employee's own number, done and listed in the history; and a number
 * the sandbox refuses (ending in 0000), which fails and costs nothing.
 */
test.describe('phone top-up', () => {
  test('the employee tops up their phone and sees it in the recharges tab', async ({ page, request }) => {
    await loginMoneyEmployee(page, request, '/recharge');
    await expect(page.getByRole('heading', { level: 1, name: 'Recharge téléphonique' })).toBeVisible();
    await expect(page.getByText('Solde disponible')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Maroc Telecom' })).toBeChecked();
    await expect(page.getByRole('radio', { name: /^100\sDH/ }).locator('..')).toContainText(
      /Vous payez 97\sDH/,
    );
    const phone = page.getByRole('textbox', { name: /Numéro à recharger/ });
    await expect(phone).toHaveValue(MONEY_EMPLOYEE.phone);

    // A landline is refused in French before anything is sent.
    await phone.fill('0522123456');
    await phone.blur();
    await expect(
      page.getByText('Saisissez un numéro de mobile marocain valide (06… ou 07…, ou +212…).'),
    ).toBeVisible();
    await phone.fill(MONEY_EMPLOYEE.phone);

    await page.getByRole('radio', { name: 'Orange' }).check();
    await page.getByRole('radio', { name: /^10\sDH/ }).check();
    await expectNoSeriousViolations(page);
    await expectNoHorizontalScroll(page);
    await page.getByRole('button', { name: /^Recharger 10\sDH$/ }).tap();

    const dialog = page.getByRole('dialog', { name: 'Confirmer la recharge' });
    await expect(dialog).toContainText('Orange');
    await expect(dialog).toContainText(MONEY_EMPLOYEE.phone);
    await expect(dialog.getByRole('button', { name: 'Confirmer la recharge' })).toBeInViewport();
    await expectNoSeriousViolations(page);
    const created = page.waitForResponse(
      (response) => response.url().endsWith('/api/recharges/') && response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Confirmer la recharge' }).tap();
    const response = await created;
    expect(response.status()).toBe(201);
    expect(response.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);

    await expect(page.getByRole('heading', { name: 'Recharge effectuée' })).toBeVisible({ timeout: 15_000 });
    await expect(
      page.getByText(`La recharge de 10 DH du numéro ${MONEY_EMPLOYEE.phone} a été effectuée.`),
    ).toBeVisible();
    await expectNoSeriousViolations(page);

    await page.getByRole('link', { name: "Voir l'historique" }).tap();
    await expect(page).toHaveURL(/\/historique\?tab=recharges$/);
    await expect(page.getByRole('tab', { name: 'Recharges' })).toHaveAttribute('aria-selected', 'true');
    const newest = page.getByRole('list', { name: 'Recharges' }).getByRole('listitem').first();
    await expect(newest).toContainText('Recharge Orange');
    await expect(newest).toContainText(`${MONEY_EMPLOYEE.phone} · Payé : 10 DH`);
    await expect(newest).toContainText('Exécutée');
    await expectNoSeriousViolations(page);
    await expectNoHorizontalScroll(page);
  });

  test('a number the operator refuses fails, and says the balance was not charged', async ({
    page,
    request,
  }) => {
    await loginMoneyEmployee(page, request, '/recharge');
    await expect(page.getByText('Solde disponible')).toBeVisible();
    const phone = page.getByRole('textbox', { name: /Numéro à recharger/ });
    await phone.fill('0612340000');
    await page.getByRole('radio', { name: 'inwi' }).check();
    await page.getByRole('radio', { name: /^10\sDH/ }).check();
    await page.getByRole('button', { name: /^Recharger 10\sDH$/ }).tap();
    const dialog = page.getByRole('dialog', { name: 'Confirmer la recharge' });
    await expect(dialog).toContainText('+212612340000');
    await dialog.getByRole('button', { name: 'Confirmer la recharge' }).tap();
    await expect(page.getByRole('heading', { name: 'La recharge a échoué' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByText(/Le montant n’a pas été déduit de votre solde\./)).toBeVisible();
    await page.getByRole('button', { name: 'Nouvelle recharge' }).tap();
    await expect(page.getByRole('form', { name: 'Nouvelle recharge' })).toBeVisible();
  });
});
