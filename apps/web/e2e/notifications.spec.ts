import { expectNoSeriousViolations } from './axe.ts';
import { expect, expectHome, test } from './fixtures.ts';

/**
 * The demo seed gives salarie@demo.ma the notifications of his movements of last month: each of
 * his two advances requested and paid, and his 50 DH top-up; the two newest ("Avance versée",
 * "Recharge effectuée") unread and unseen, so a fresh server shows a badge of 2. The first journey
 * reads them all; on a second run against the same server (a retry) the badge is already gone,
 * which the checks allow. The second opens the top-up from its notification. The advances' amounts
 * follow the rules on the seed's date, hence the patterns.
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
      // The badge counts new (unseen) notifications; « non lues » is the page's word for unread.
      const label = `${unseen.count} nouvelle${unseen.count > 1 ? 's' : ''} notification${unseen.count > 1 ? 's' : ''}`;
      await expect(link).toHaveAccessibleName(`Notifications ${label}`);
      await expect(link.getByTitle(label)).toHaveText(String(unseen.count));
    }

    await link.click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Notifications' });
    await expect(list.getByText(/^Votre avance de [\d\s]+DH a été versée\.$/)).toHaveCount(2);
    await expect(
      list.getByText('La recharge de 50 DH du numéro +212612345678 a été effectuée.'),
    ).toBeVisible();
    await expect(
      list.getByText(/^Votre demande d’avance de [\d\s]+DH a bien été enregistrée\.$/),
    ).toHaveCount(2);
    // Last month's: a date, or how long ago within a week.
    await expect(list.locator('time').first()).toHaveText(/^(\d{2}\/\d{2}\/\d{4}|il y a .+)$/);
    if (fresh) await expect(list.getByRole('listitem', { name: /^Non lue :/ })).toHaveCount(2);
    await expectNoSeriousViolations(page);

    // Opening the page marks them seen: the badge goes.
    await expect(nav.getByLabel(/nouvelles? notifications?$/)).toHaveCount(0);

    const markAll = page.getByRole('button', { name: 'Tout marquer comme lu' });
    // The button counts the unread with a query of its own, which may still be loading once the
    // list shows: until then it is disabled. Asking it `isEnabled()` at once (as this journey did)
    // then skipped the click and left the two unread: the CI flake. Ask the API what is unread and
    // wait for the button to know it too.
    const unread = (await (await request.get('/api/notifications?is_read=false', { headers })).json()) as {
      count: number;
    };
    if (fresh) expect(unread.count).toBe(2);
    if (unread.count > 0) {
      await expect(markAll).toBeEnabled();
      await markAll.click();
    }
    await expect(markAll).toBeDisabled();
    await expect(list.getByRole('listitem', { name: /^Non lue :/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Non lues' }).click();
    await expect(page.getByText('Aucune notification')).toBeVisible();

    // Still gone after a reload (server state, not only the cache).
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Notifications' }).getByRole('listitem')).toHaveCount(5);
    await expect(nav.getByLabel(/nouvelles? notifications?$/)).toHaveCount(0);
    const after = (await (await request.get('/api/notifications?is_read=false', { headers })).json()) as {
      count: number;
    };
    expect(after.count).toBe(0);
  });

  test('the employee opens the top-up a notification reports: its month in the history, highlighted', async ({
    page,
    login,
    request,
  }) => {
    const session = await login({ role: 'employee', path: '/notifications' });
    const list = page.getByRole('list', { name: 'Notifications' });
    const link = list.getByRole('link', { name: /^Recharge effectuée/ });
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/historique\?tab=recharges&month=\d{1,2}&year=\d{4}&item=\d+$/);
    await expect(page.getByRole('tab', { name: 'Recharges' })).toHaveAttribute('aria-selected', 'true');
    const topUp = page.getByRole('list', { name: 'Recharges' }).locator('li[aria-current="true"]');
    await expect(topUp).toContainText('+212612345678');
    await expect(topUp).toContainText(/50\sDH/);
    await expect(topUp).toBeFocused();
    await expectNoSeriousViolations(page);
    // Opening it read it.
    const headers = { Authorization: `Bearer ${session.access}` };
    const itemId = Number(new URL(page.url()).searchParams.get('item'));
    await expect
      .poll(async () => {
        const res = await request.get('/api/notifications?event_in=recharge_executed', { headers });
        const body = (await res.json()) as {
          results: Array<{ is_read: boolean; target: { id: number } | null }>;
        };
        return body.results.find((n) => n.target?.id === itemId)?.is_read;
      })
      .toBe(true);
  });

  test('HR has the page too: no notification yet', async ({ page, login }) => {
    // Rif's RH: Atlas's RH is told of the DRH's reply to the bonuses of bonuses.spec.ts.
    await login({ role: 'rifRh', path: '/rh/notifications' });
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(page.getByText('Aucune notification')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tout marquer comme lu' })).toBeDisabled();
    await expect(page.getByLabel(/nouvelles? notifications?$/)).toHaveCount(0);
  });
});
