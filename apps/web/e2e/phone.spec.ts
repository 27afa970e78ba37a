import { expectNoSeriousViolations } from './axe.ts';
import { expect, expectHome, expectNoHorizontalScroll, test } from './fixtures.ts';

/** An iPhone 12-15 sized screen: nothing may be wider than it (no sideways scrolling). */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });

test.describe('phone screen (390×844)', () => {
  test('the login page fits the width', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeInViewport();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousViolations(page);
  });

  test('the home page fits the width, with the navigation at the bottom', async ({ page, login }) => {
    await login({ role: 'rh' });
    await expectHome(page, 'Nadia');
    await expect(page.getByRole('link', { name: 'Passer au mode Gestion' })).toBeInViewport();
    await expectNoHorizontalScroll(page);
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await expect(nav).toBeInViewport();
    const box = await nav.boundingBox();
    expect(box && box.y + box.height).toBeCloseTo(844, -1);
    await expectNoSeriousViolations(page);
  });

  test('the profile page fits the width', async ({ page, login }) => {
    await login({ role: 'employee', path: '/profile' });
    await expect(page.getByRole('heading', { level: 1, name: 'Mon profil' })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });

  test('the terms modal fits the screen and its buttons can be reached', async ({ page, login }) => {
    await login({ account: 'neverAccepts', acceptTerms: false });
    const terms = page.getByRole('dialog', { name: "Conditions générales d'utilisation" });
    await expect(terms.getByRole('button', { name: "J'accepte" })).toBeInViewport();
    await expect(terms.getByRole('button', { name: 'Se déconnecter' })).toBeInViewport();
    await expectNoHorizontalScroll(page);
  });

  test('a navigation starts at the top of the new page', async ({ page, login }) => {
    await login({ role: 'employee' });
    await expectHome(page, 'Karim');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Profil' })
      .tap();
    await expect(page.getByRole('heading', { level: 1, name: 'Mon profil' })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});
