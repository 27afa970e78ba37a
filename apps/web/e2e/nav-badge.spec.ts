import type { Page } from '@playwright/test';
import { expect, expectHome, test } from './fixtures.ts';

/**
 * Issue 10: the count of new notifications sits on the bell of the Notifications link and takes no
 * room: at 390 px it used to be a row under the label and made the bottom bar 22 px taller. The
 * count is the API's (GET /notifications/unseen), set here by intercepting that call, so the journey
 * does not depend on (or change) anyone's notifications.
 */
async function showCount(page: Page, count: number) {
  await page.route('**/api/notifications/unseen', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ json: { count, ids: Array.from({ length: count }, (_, i) => i + 1) } })
      : route.fallback(),
  );
}

for (const screen of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
]) {
  test(`the badge is on the bell and leaves the navigation's height alone (${screen.name})`, async ({
    page,
    login,
  }) => {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await showCount(page, 0);
    const session = await login({ role: 'employee' });
    await expectHome(page, session.firstName);
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    const link = nav.getByRole('link', { name: /^Notifications/ });
    await expect(link).toHaveAccessibleName('Notifications');
    const barWithout = (await nav.boundingBox())!;
    const linkWithout = (await link.boundingBox())!;

    await page.unroute('**/api/notifications/unseen');
    await showCount(page, 3);
    await page.reload();
    await expect(link).toHaveAccessibleName('Notifications 3 nouvelles notifications');
    const badge = link.getByTitle('3 nouvelles notifications');
    await expect(badge).toHaveText('3');
    const bar = (await nav.boundingBox())!;
    const linkBox = (await link.boundingBox())!;
    expect(bar.height).toBe(barWithout.height);
    expect(linkBox.height).toBe(linkWithout.height);
    if (screen.name === 'phone') expect(bar.y + bar.height).toBe(screen.height);

    // Over the bell's top right corner, inside the link.
    const bell = (await link.locator('svg').boundingBox())!;
    const box = (await badge.boundingBox())!;
    expect(box.x).toBeGreaterThan(bell.x);
    expect(box.x).toBeLessThan(bell.x + bell.width);
    expect(box.y).toBeLessThan(bell.y + bell.height / 2);
    expect(box.y + box.height).toBeGreaterThan(bell.y);
    expect(box.y).toBeGreaterThanOrEqual(linkBox.y);
    // Clear of the label: above it on a phone (the bar), before it on a desktop (the header).
    const label = (await link.getByText('Notifications', { exact: true }).boundingBox())!;
    if (screen.name === 'phone') expect(box.y + box.height).toBeLessThanOrEqual(label.y + 1);
    else expect(box.x + box.width).toBeLessThanOrEqual(label.x + 1);
  });
}
