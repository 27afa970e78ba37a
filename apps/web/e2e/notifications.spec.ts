import { expectNoSeriousViolations } from './axe.ts';
import { expect, expectHome, test } from './fixtures.ts';

/**
 * The demo seed gives salarie@demo.ma three notifications: "Demande d’avance envoyée" (read) and
 * two unread, unseen ones ("Avance versée", "Recharge effectuée"), so a fresh server shows a
 * badge of 2. This journey reads them all; on a second run against the same server (a retry)
 * the badge is already gone, which the checks allow.
 */
test.describe('notifications', () => {
  test('the employee sees the badge and the seeded notifications, and reads them all', async ({
    page,
    login,
    request,
  }, testInfo) => {
    const session = await login({ role: 'employee' });
    await expectHome(page, session.firstName);
    const headers = { Authorization: `Bearer ${session.access}` };
    const unseen = (await (await request.get('/api/notifications/unseen', { headers })).json()) as {
      count: number;
    };
    const fresh = testInfo.retry === 0 && testInfo.repeatEachIndex === 0;
    if (fresh) expect(unseen.count).toBe(2);

    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    const link = nav.getByRole('link', { name: /^Notifications/ });
    if (unseen.count > 0) {
      await expect(link.getByLabel(`${unseen.count} notifications non lues`)).toBeVisible();
      await expect(link.getByLabel(`${unseen.count} notifications non lues`)).toHaveText(
        String(unseen.count),
      );
    }

    await link.click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Notifications' });
    await expect(list.getByText('Votre avance de 1 500 DH a été versée.')).toBeVisible();
    await expect(
      list.getByText('La recharge de 50 DH du numéro +212612345678 a été effectuée.'),
    ).toBeVisible();
    await expect(list.getByText('Votre demande d’avance de 1 500 DH a bien été enregistrée.')).toBeVisible();
    await expect(list.getByText(/^il y a \d+ heures?$/)).toBeVisible();
    if (fresh) await expect(list.getByRole('listitem', { name: /^Non lue :/ })).toHaveCount(2);
    await expectNoSeriousViolations(page);

    // Opening the page marks them seen: the badge goes.
    await expect(nav.getByLabel(/notifications? non lues?$/)).toHaveCount(0);

    const markAll = page.getByRole('button', { name: 'Tout marquer comme lu' });
    if (await markAll.isEnabled()) await markAll.click();
    await expect(markAll).toBeDisabled();
    await expect(list.getByRole('listitem', { name: /^Non lue :/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Non lues' }).click();
    await expect(page.getByText('Aucune notification')).toBeVisible();

    // Still gone after a reload (server state, not only the cache).
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Notifications' }).getByRole('listitem')).toHaveCount(3);
    await expect(nav.getByLabel(/notifications? non lues?$/)).toHaveCount(0);
    const after = (await (await request.get('/api/notifications?is_read=false', { headers })).json()) as {
      count: number;
    };
    expect(after.count).toBe(0);
  });

  test('HR has the page too: no notification yet', async ({ page, login }) => {
    await login({ role: 'rh', path: '/rh/notifications' });
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(page.getByText('Aucune notification')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tout marquer comme lu' })).toBeDisabled();
    await expect(page.getByLabel(/notifications? non lues?$/)).toHaveCount(0);
  });
});
