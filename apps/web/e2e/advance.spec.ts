import { expectNoSeriousViolations } from './axe.ts';
import { cancelPendingAdvances, loginMoneyEmployee, MONEY_EMPLOYEE } from './employee-money-helpers.ts';
import { expect, expectNoHorizontalScroll, test } from './fixtures.ts';

/** A phone: the employee screens are built for it first. */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });

/**
 * An employee asks for a 100 DH advance from the home page: live simulation, the card-required
 * path, payment by RIB, the 48-hour text, then finds it in the history and the notification.
 * The advance is canceled afterwards (by API), so the journey can run again on one server.
 */
test.describe('salary advance', () => {
  test.afterEach(async ({ request }) => {
    await cancelPendingAdvances(request);
  });

  test('the employee simulates and requests an advance to the RIB, then sees it in the history and the notifications', async ({
    page,
    request,
  }) => {
    await loginMoneyEmployee(page, request);
    await expect(
      page.getByRole('heading', { level: 1, name: `Bonjour ${MONEY_EMPLOYEE.firstName}` }),
    ).toBeVisible();
    const solde = page.getByRole('region', { name: 'Mon solde' });
    await expect(solde.getByText('Gagné ce mois-ci')).toBeVisible();
    await expect(solde.getByText('Disponible')).toBeVisible();
    await expect(solde).toContainText(/\d\sDH/);

    await page
      .getByRole('region', { name: 'Mes services' })
      .getByRole('link', { name: /Avance sur salaire/ })
      .tap();
    await expect(page).toHaveURL(/\/advance$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Avance sur salaire' })).toBeVisible();
    const summary = page.getByRole('region', { name: 'Mon solde' });
    await expect(summary.getByText('Solde disponible')).toBeVisible();
    await expect(summary.getByText('Demandes restantes ce mois-ci')).toBeVisible();
    await expect(summary.getByText('Illimité')).toBeVisible();

    // Below the minimum: said at once, nothing to simulate.
    const amount = page.getByRole('textbox', { name: 'Montant souhaité (DH)' });
    await amount.fill('20');
    await expect(page.getByText('Le montant minimum est de 50 DH.')).toBeVisible();

    const simulated = page.waitForResponse(
      (response) => response.url().includes('/api/advances/simulate') && response.status() === 200,
    );
    await amount.fill('100');
    await simulated;
    const simulation = page.getByRole('group', { name: 'Simulation de votre avance' });
    await expect(simulation).toContainText(/Montant demandé\s*100\sDH/);
    await expect(simulation).toContainText('Total déduit de votre solde');
    await expect(simulation).toContainText('Solde restant après la demande');
    await expectNoSeriousViolations(page);
    await expectNoHorizontalScroll(page);

    await page.getByRole('button', { name: 'Continuer' }).tap();
    await expect(page.getByRole('heading', { name: 'Confirmer la demande' })).toBeVisible();
    // No prepaid card: the RIB comes first, and the card shows what to do.
    await expect(page.getByRole('radio', { name: /Virement sur RIB/ })).toBeChecked();
    await page.getByRole('radio', { name: /Carte prépayée/ }).check();
    await expect(page.getByText('Carte prépayée requise')).toBeVisible();
    // The card screen keeps the way back to this advance (its amount).
    const backToAdvance = '/card?retour=avance&montant=100';
    await expect(page.getByRole('link', { name: 'Commander une carte' })).toHaveAttribute(
      'href',
      backToAdvance,
    );
    await expect(page.getByRole('link', { name: 'J’ai reçu ma carte' })).toHaveAttribute(
      'href',
      backToAdvance,
    );
    await expect(page.getByRole('button', { name: 'Confirmer la demande' })).toBeDisabled();
    await expectNoSeriousViolations(page);

    await page.getByRole('radio', { name: /Virement sur RIB/ }).check();
    const created = page.waitForResponse(
      (response) => response.url().endsWith('/api/advances/') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Confirmer la demande' }).tap();
    const response = await created;
    expect(response.status()).toBe(201);
    expect(response.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);

    await expect(page.getByRole('heading', { name: /Demande d’avance de 100\sDH envoyée/ })).toBeVisible();
    await expect(
      page.getByText('Votre avance sera versée sur votre compte bancaire dans un délai de 48 heures.'),
    ).toBeVisible();
    // The check animation loaded (lottie drew an <svg> in the player).
    await expect(page.getByTestId('animation').locator('svg')).toBeVisible();
    await expectNoSeriousViolations(page);
    await expectNoHorizontalScroll(page);

    await page.getByRole('link', { name: "Voir l'historique" }).tap();
    await expect(page).toHaveURL(/\/historique$/);
    const advances = page.getByRole('list', { name: 'Avances' });
    const newest = advances.getByRole('listitem').first();
    await expect(newest).toContainText(/100\sDH/);
    await expect(newest).toContainText('En attente');
    await expect(newest).toContainText('Virement sur RIB');
    await expect(newest.getByRole('button', { name: /^Annuler l’avance de 100\sDH/ })).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: /^Notifications/ })
      .tap();
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(
      page
        .getByRole('list', { name: 'Notifications' })
        .getByText('Votre demande d’avance de 100 DH a bien été enregistrée.')
        .first(),
    ).toBeVisible();
  });
});
