import { loginMoneyEmployee } from './employee-money-helpers.ts';
import { expect, test } from './fixtures.ts';

/**
 * Issue 10: the employee's confirmation dialogs are bottom sheets on a phone and centred dialogs on a
 * desktop (they used to stick to the bottom edge with a drag handle at 1366 px). Nothing is sent:
 * the dialog is closed with « Annuler ».
 */
for (const screen of [
  { name: 'desktop', width: 1366, height: 900, isSheet: false },
  { name: 'phone', width: 390, height: 844, isSheet: true },
]) {
  test(`the top-up confirmation is ${screen.isSheet ? 'a bottom sheet' : 'centred'} on a ${screen.name}`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await loginMoneyEmployee(page, request, '/recharge');
    await page.getByRole('radio', { name: /^10\sDH/ }).check();
    await page.getByRole('button', { name: /^Recharger 10\sDH$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirmer la recharge' });
    await expect(dialog).toBeVisible();
    const box = (await dialog.boundingBox())!;
    const bottomGap = screen.height - (box.y + box.height);
    if (screen.isSheet) {
      expect(bottomGap).toBeLessThan(2);
    } else {
      expect(bottomGap).toBeGreaterThan(16);
      expect(Math.abs(box.y + box.height / 2 - screen.height / 2)).toBeLessThan(4);
      expect(Math.abs(box.x + box.width / 2 - screen.width / 2)).toBeLessThan(4);
    }
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await expect(dialog).toBeHidden();
  });
}
