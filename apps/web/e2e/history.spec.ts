import { expectNoSeriousViolations } from './axe.ts';
import { casablancaMonth, MONTHS_FR } from './casablanca-month.ts';
import { cancelPendingAdvances, loginMoneyEmployee, requestAdvance } from './employee-money-helpers.ts';
import { expect, test } from './fixtures.ts';

/**
 * The history: an advance asked (by API) this month is listed with its status; the month filter
 * narrows the list; the employee cancels it with a reason (a too short one is refused first).
 */
test.describe('history', () => {
  test.afterEach(async ({ request }) => {
    await cancelPendingAdvances(request);
  });

  test('the employee filters by month and cancels a pending advance with a reason', async ({
    page,
    request,
  }) => {
    const tokens = await loginMoneyEmployee(page, request, '/historique');
    const advance = await requestAdvance(request, tokens.access, 100);
    expect(advance.amount).toBe('100.00');
    await page.reload();

    await expect(page.getByRole('heading', { level: 1, name: 'Historique' })).toBeVisible();
    const now = casablancaMonth();
    await expect(page.getByRole('combobox', { name: 'Mois' })).toHaveValue(String(now.month));
    await expect(page.getByRole('combobox', { name: 'Année' })).toHaveValue(String(now.year));
    const tabs = page.getByRole('tablist', { name: 'Type d’opération' });
    await expect(tabs.getByRole('tab')).toHaveText(['Avances', 'Recharges', 'Factures', 'Transferts']);

    const advances = page.getByRole('list', { name: 'Avances' });
    const newest = advances.getByRole('listitem').first();
    await expect(newest).toContainText(/100\sDH/);
    await expect(newest).toContainText('En attente');
    await expectNoSeriousViolations(page);

    // Another month: the address keeps it, and the list follows (a month of last year is empty).
    const previousYear = String(now.year - 1);
    await page.getByRole('combobox', { name: 'Année' }).selectOption(previousYear);
    await expect(page).toHaveURL(new RegExp(`year=${previousYear}`));
    await expect(page.getByText('Aucune avance pour cette période')).toBeVisible();
    await page.getByRole('combobox', { name: 'Année' }).selectOption(String(now.year));
    await page.getByRole('combobox', { name: 'Mois' }).selectOption(MONTHS_FR[now.month - 1] ?? '');
    await expect(newest).toContainText('En attente');

    // The tabs work with the keyboard (arrow keys). The bill journey pays a bill as this employee,
    // so the « Factures » tab may hold it or be empty, depending on which journeys ran before.
    await tabs.getByRole('tab', { name: 'Avances' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.getByRole('tab', { name: 'Recharges' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(tabs.getByRole('tab', { name: 'Factures' })).toBeFocused();
    await expect(
      page.getByRole('list', { name: 'Factures' }).or(page.getByText('Aucune facture pour cette période')),
    ).toBeVisible();
    await page.keyboard.press('Home');
    await expect(tabs.getByRole('tab', { name: 'Avances' })).toHaveAttribute('aria-selected', 'true');

    // The dialog opens from the keyboard, Escape closes it and gives the focus back.
    const cancelButton = newest.getByRole('button', { name: /^Annuler l’avance de 100\sDH/ });
    await cancelButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Annuler l’avance' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(cancelButton).toBeFocused();

    await cancelButton.click();
    await expect(dialog).toBeVisible();
    const reason = dialog.getByRole('textbox', { name: /Motif de l’annulation/ });
    await reason.fill('ok');
    await dialog.getByRole('button', { name: 'Confirmer l’annulation' }).click();
    await expect(dialog.getByText('Le motif doit contenir au moins 3 caractères.')).toBeVisible();
    await expect(reason).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousViolations(page);

    await reason.fill('Je n’en ai plus besoin');
    const canceled = page.waitForResponse((response) =>
      response.url().includes(`/api/advances/${advance.id}/cancel`),
    );
    await dialog.getByRole('button', { name: 'Confirmer l’annulation' }).click();
    expect((await canceled).status()).toBe(200);
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Votre avance de 100 DH a été annulée.')).toBeVisible();
    await expect(newest).toContainText('Annulée');
    await expect(newest).toContainText('Motif : Je n’en ai plus besoin');
    await expect(newest.getByRole('button', { name: /^Annuler/ })).toHaveCount(0);
  });
});
