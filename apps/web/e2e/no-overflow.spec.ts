import { expect, pageWidths, type Role, test } from './fixtures.ts';

/**
 * Issue 10: no screen scrolls sideways. Every built screen of each role is opened once its data has
 * loaded, at 360 × 740 (the narrowest common Android width), 390 × 844 (a current iPhone) and
 * 1366 × 900 (a laptop); the page must be no wider than the screen. Wide tables scroll inside
 * their own box, never the page.
 */
const SIZES = [
  { width: 360, height: 740, isMobile: true },
  { width: 390, height: 844, isMobile: true },
  { width: 1366, height: 900, isMobile: false },
] as const;

const SCREENS: Record<'employee' | 'rh', string[]> = {
  employee: [
    '/',
    '/advance',
    '/recharge',
    '/historique',
    '/historique?tab=recharges',
    '/historique?tab=bills',
    '/historique?tab=transfers',
    '/factures',
    '/transfer',
    '/profile',
    '/notifications',
    '/bonuses',
    '/missionorders',
    '/missionorders/add',
  ],
  rh: [
    '/rh',
    '/rh/wallet',
    '/rh/notifications',
    '/rh/transactions',
    '/rh/deductions',
    '/rh/employees',
    '/rh/employees/add',
    '/rh/employees/import',
    '/rh/employees/worked-days',
    '/rh/groups',
    '/rh/change-requests',
    '/rh/identities',
    '/rh/invitations',
    '/rh/bonuses',
    '/rh/bonuses/add',
    '/rh/missionorders',
  ],
};

for (const size of SIZES)
  test.describe(`at ${size.width} px`, () => {
    test.use({
      viewport: { width: size.width, height: size.height },
      isMobile: size.isMobile,
      hasTouch: size.isMobile,
    });

    for (const role of ['employee', 'rh'] as const) {
      test(`no ${role} screen is wider than the screen`, async ({ page, login, request }) => {
        test.setTimeout(120_000);
        const session = await login({ role: role as Role });
        const auth = { Authorization: `Bearer ${session.access}` };
        let identityIds: number[] = [];
        if (role === 'rh') {
          // Lists with rows: an empty list cannot overflow. A long matricule, as some payrolls write them.
          const serial = `E2E-LARGEUR-${Date.now()}`;
          const res = await request.post('/api/company/identities/bulk', {
            headers: auth,
            data: { identities: [{ serial, birthday: '1990-03-15' }] },
          });
          expect(res.status(), await res.text()).toBeLessThan(300);
          const list = await request.get(`/api/company/identities?search=${serial}`, { headers: auth });
          identityIds = ((await list.json()) as { results: Array<{ id: number }> }).results.map((r) => r.id);
        }
        const paths = [...SCREENS[role]];
        if (role === 'rh') {
          // One employee's details page, reached as HR would.
          await page.goto('/rh/employees');
          const href = await page
            .locator('a[href^="/rh/employees/"]')
            .evaluateAll((links) =>
              links
                .map((link) => link.getAttribute('href') ?? '')
                .find((h) => /^\/rh\/employees\/\d+$/.test(h)),
            );
          if (href) paths.push(href);
        }
        // Looking at Karim's notifications for their width must not mark them seen: the
        // notifications journey (which runs later, one worker) checks the seeded badge of 2.
        await page.route('**/api/notifications/unseen', (route) =>
          route.request().method() === 'POST' ? route.fulfill({ json: { updated: 0 } }) : route.continue(),
        );
        const tooWide: string[] = [];
        for (const path of paths) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
          await page.waitForLoadState('networkidle');
          const width = await pageWidths(page);
          if (width.page > width.screen) tooWide.push(`${path}: ${width.page} px`);
        }
        for (const id of identityIds)
          await request.delete(`/api/company/identities/${id}`, { headers: auth });
        expect(tooWide, `screens wider than ${size.width} px`).toEqual([]);
      });
    }

    test('the public screens fit the screen', async ({ page }) => {
      for (const path of ['/login', '/reset', '/404']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        const width = await pageWidths(page);
        expect(width.page, path).toBeLessThanOrEqual(width.screen);
      }
    });
  });
