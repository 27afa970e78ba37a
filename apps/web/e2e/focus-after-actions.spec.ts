import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  cancelPendingAdvances,
  loginMoneyEmployee,
  MONEY_EMPLOYEE,
  requestAdvance,
} from './employee-money-helpers.ts';
import { acceptTerms, apiLogin, expect, expectHome, field, test } from './fixtures.ts';

/**
 * Issue 10: after an action the focus goes somewhere that makes sense (never to the page's body),
 * and what it lands on is on screen: not under the sticky header nor behind the phone's bottom bar.
 */
const PHONE = { width: 390, height: 844 };

/** The focused element, described for a failure message. */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    return `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 60) ?? ''}`;
  });
}

/** `locator` is entirely on screen, between the sticky header (if any) and the bottom bar (if any). */
async function expectOnScreen(page: Page, locator: Locator) {
  const box = (await locator.boundingBox())!;
  const { top, bottom } = await page.evaluate(() => {
    const header = document.querySelector('header.sticky');
    const bar = document.querySelector('[data-bottom-nav]');
    const barTop = bar ? bar.getBoundingClientRect().top : window.innerHeight;
    return {
      top: header ? header.getBoundingClientRect().bottom : 0,
      bottom: Math.min(window.innerHeight, barTop),
    };
  });
  expect(box.y, 'below the header').toBeGreaterThanOrEqual(top - 1);
  expect(box.y + Math.min(box.height, 40), 'above the bottom bar').toBeLessThanOrEqual(bottom + 1);
}

const auth = (access: string) => ({ Authorization: `Bearer ${access}` });

async function hrToken(request: APIRequestContext) {
  const { access } = await apiLogin(request, 'rh@demo.ma');
  await acceptTerms(request, access);
  return access;
}

test.describe('focus after actions', () => {
  test('tabbing through the home tiles on a phone keeps each one above the bottom bar', async ({
    page,
    login,
  }) => {
    await page.setViewportSize(PHONE);
    const session = await login({ role: 'employee' });
    await expectHome(page, session.firstName);
    const services = page.getByRole('region', { name: 'Mes services' });
    const tiles = services.getByRole('link');
    const count = await tiles.count();
    expect(count).toBeGreaterThan(0);
    // The last tile starts below the bar at the top of the page, or the check would prove nothing.
    const bar = (await page.locator('[data-bottom-nav]').boundingBox())!;
    const last = (await tiles.nth(count - 1).boundingBox())!;
    expect(last.y + last.height).toBeGreaterThan(bar.y);

    await tiles.first().focus();
    for (let i = 0; i < count; i += 1) {
      const tile = tiles.nth(i);
      if (i > 0) await page.keyboard.press('Tab');
      await expect(tile, await focused(page)).toBeFocused();
      const box = (await tile.boundingBox())!;
      const barNow = (await page.locator('[data-bottom-nav]').boundingBox())!;
      expect(box.y + box.height, `tile ${i + 1} of ${count}`).toBeLessThanOrEqual(barNow.y + 1);
      expect(box.y).toBeGreaterThanOrEqual(56 - 1);
    }
  });

  test('closing the change-phone dialog gives the focus back to « Modifier le téléphone »', async ({
    page,
    login,
  }) => {
    await page.setViewportSize(PHONE);
    await login({ role: 'employee', path: '/profile' });
    const opener = page.getByRole('button', { name: 'Modifier le téléphone' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Modifier le numéro de téléphone' });
    await expect(field(dialog, 'Nouveau numéro de téléphone')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener, await focused(page)).toBeFocused();
    await opener.click();
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await expect(opener, await focused(page)).toBeFocused();
  });

  test('« Continuer » on the advance focuses the confirmation, « Modifier le montant » the amount', async ({
    page,
    request,
  }) => {
    await page.setViewportSize(PHONE);
    await loginMoneyEmployee(page, request, '/advance');
    const amount = field(page, 'Montant souhaité (DH)');
    await amount.fill('100');
    const next = page.getByRole('button', { name: 'Continuer' });
    await expect(next).toBeEnabled();
    await next.focus();
    await page.keyboard.press('Enter');
    const title = page.getByRole('heading', { name: 'Confirmer la demande' });
    await expect(title, await focused(page)).toBeFocused();
    await expectOnScreen(page, title);
    await page.getByRole('button', { name: 'Modifier le montant' }).click();
    await expect(amount, await focused(page)).toBeFocused();
    await expect(amount).toHaveValue('100');
  });

  test('a refused cancellation puts the focus on the reason', async ({ page, request }) => {
    await page.setViewportSize(PHONE);
    await cancelPendingAdvances(request);
    const { access } = await apiLogin(request, MONEY_EMPLOYEE.username);
    await requestAdvance(request, access, 60);
    try {
      await loginMoneyEmployee(page, request, '/historique');
      await page
        .getByRole('button', { name: /^Annuler l’avance de 60\sDH/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: 'Annuler l’avance' });
      const submit = dialog.getByRole('button', { name: 'Confirmer l’annulation' });
      await submit.click();
      const reason = dialog.getByRole('textbox', { name: /Motif de l’annulation/ });
      await expect(reason, await focused(page)).toBeFocused();
      await expect(reason).toHaveAttribute('aria-invalid', 'true');
      await reason.fill('ab');
      await submit.focus();
      await page.keyboard.press('Enter');
      await expect(dialog.getByText('Le motif doit contenir au moins 3 caractères.')).toBeVisible();
      await expect(reason, await focused(page)).toBeFocused();
      await dialog.getByRole('button', { name: 'Retour' }).click();
    } finally {
      await cancelPendingAdvances(request);
    }
  });

  test('deleting a group gives the focus to its notice', async ({ page, login, request }) => {
    await page.setViewportSize(PHONE);
    const access = await hrToken(request);
    const name = `Focus ${Date.now()}`;
    const created = await request.post('/api/groups/', { headers: auth(access), data: { name } });
    expect(created.status(), await created.text()).toBe(201);
    await login({ role: 'rh', path: '/rh/groups' });
    await page.getByRole('searchbox', { name: 'Rechercher un groupe' }).fill(name);
    const remove = page.getByRole('button', { name: `Supprimer le groupe ${name}` });
    await remove.click();
    await page
      .getByRole('dialog', { name: `Supprimer le groupe « ${name} » ?` })
      .getByRole('button', { name: 'Supprimer' })
      .click();
    const notice = page.getByRole('status').filter({ hasText: `Le groupe « ${name} » a été supprimé.` });
    await expect(notice).toBeVisible();
    await expect(remove).toHaveCount(0);
    await expect(notice, await focused(page)).toBeFocused();
    await expectOnScreen(page, notice);
  });

  test('deleting an identity gives the focus to its notice', async ({ page, login, request }) => {
    await page.setViewportSize(PHONE);
    const access = await hrToken(request);
    const serial = `FOC${Date.now()}`;
    const created = await request.post('/api/company/identities/bulk', {
      headers: auth(access),
      data: { identities: [{ serial, birthday: '1990-03-15' }] },
    });
    expect(created.status(), await created.text()).toBe(201);
    await login({ role: 'rh', path: '/rh/identities' });
    await page.getByLabel('Rechercher un matricule').fill(serial);
    const remove = page.getByRole('button', { name: `Supprimer l'identité ${serial}` });
    await remove.click();
    await page
      .getByRole('dialog', { name: "Supprimer l'identité ?" })
      .getByRole('button', { name: 'Supprimer' })
      .click();
    const notice = page.getByRole('status').filter({ hasText: `L'identité ${serial} a été supprimée.` });
    await expect(notice).toBeVisible();
    await expect(remove).toHaveCount(0);
    await expect(notice, await focused(page)).toBeFocused();
    await expectOnScreen(page, notice);
  });

  test('« Suivant » takes the focus and the page to the top of the list', async ({ page, login }) => {
    await page.setViewportSize(PHONE);
    await login({ role: 'rh', path: '/rh/employees' });
    const list = page.getByRole('region', { name: 'Liste des salariés' });
    const pagination = page.getByRole('navigation', { name: /^Pagination/ });
    await expect(pagination).toBeVisible();
    const range = pagination.getByText(/^1–\d+ sur \d+/);
    await expect(range).toBeVisible();
    const next = pagination.getByRole('button', { name: 'Suivant' });
    await next.scrollIntoViewIfNeeded();
    await next.click();
    await expect(pagination.getByText(/^\d+–\d+ sur/)).not.toHaveText(/^1–/);
    await expect(list, await focused(page)).toBeFocused();
    await expectOnScreen(page, list);
    await pagination.getByRole('button', { name: 'Précédent' }).scrollIntoViewIfNeeded();
    await pagination.getByRole('button', { name: 'Précédent' }).click();
    await expect(list, await focused(page)).toBeFocused();
    await expectOnScreen(page, list);
  });

  test("an upload's outcome is scrolled to and its heading focused", async ({ page, login }) => {
    await page.setViewportSize(PHONE);
    await login({ role: 'rh', path: '/rh/employees/worked-days' });
    await page.getByLabel('Fichier CSV des jours travaillés', { exact: true }).setInputFiles({
      name: 'jours.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('\uFEFFmatricule;jours_travailles;heures_travaillees\r\nINCONNU-404;22;160\r\n'),
    });
    const send = page.getByRole('button', { name: 'Envoyer' });
    await send.click();
    const heading = page.getByRole('heading', { level: 2, name: "Résultat de l'envoi" });
    await expect(heading, await focused(page)).toBeFocused();
    await expectOnScreen(page, heading);
    await expect(page.getByRole('heading', { level: 3, name: /ligne en erreur sur 2/ })).toBeVisible();
  });
});
