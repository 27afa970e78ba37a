import { expectNoSeriousViolations } from './axe.ts';
import { loginMoneyEmployee } from './employee-money-helpers.ts';
import { expect, expectNoHorizontalScroll, test } from './fixtures.ts';
import { lastOutboxId, waitForMessage } from './outbox.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });

const RECIPIENT = { name: 'Fatima Zahra Alaoui', phone: '0661234567', stored: '+212661234567' };

/**
 * A transfer for cash pick-up through the sandbox network (issue 16): the employee sends 50 DH
 * (the smallest, so repeated runs barely touch the balance), confirms the name and the amount,
 * sees it available at the agency; the recipient's SMS code is used at the sandbox counter
 * (POST /api/dev/transfers/collect) and the screen shows it collected, then the history's tab.
 */
test('the employee sends a transfer and sees it collected', async ({ page, request }) => {
  await loginMoneyEmployee(page, request, '/transfer');
  await expect(page.getByRole('heading', { level: 1, name: 'Transfert d’argent' })).toBeVisible();
  await expect(page.getByText('Solde disponible')).toBeVisible();
  const form = page.getByRole('form', { name: 'Nouveau transfert' });
  await form.getByRole('textbox', { name: /Nom du bénéficiaire/ }).fill(RECIPIENT.name);
  const phone = form.getByRole('textbox', { name: /Mobile du bénéficiaire/ });
  await phone.fill('0522123456');
  await form.getByRole('textbox', { name: /Montant/ }).fill('50');
  await form.getByRole('button', { name: 'Continuer' }).tap();
  await expect(
    page.getByText('Saisissez un numéro de mobile marocain valide (06… ou 07…, ou +212…).'),
  ).toBeVisible();
  await phone.fill(RECIPIENT.phone);
  await form.getByRole('checkbox', { name: 'Enregistrer ce bénéficiaire' }).check();
  await expectNoSeriousViolations(page);
  await expectNoHorizontalScroll(page);
  await form.getByRole('button', { name: 'Continuer' }).tap();

  const dialog = page.getByRole('dialog', { name: 'Confirmer le transfert' });
  await expect(dialog).toContainText(RECIPIENT.name);
  await expect(dialog).toContainText(/Envoyer 50\sDH à Fatima Zahra Alaoui/);
  await expect(dialog).toContainText(/Déduit de votre solde\s*60\sDH/);
  await expectNoSeriousViolations(page);
  const before = await lastOutboxId(request);
  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/transfers/') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Confirmer le transfert' }).tap();
  const response = await created;
  expect(response.status()).toBe(201);
  expect(response.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  const { id } = (await response.json()) as { id: number };

  const mine = page.getByRole('listitem', { name: /Transfert de 50\sDH à Fatima Zahra Alaoui/ }).first();
  await expect(mine).toContainText('Disponible en agence', { timeout: 15_000 });
  await expect(page.getByRole('button', { name: new RegExp(`^${RECIPIENT.name}`) })).toBeVisible();

  const sms = await waitForMessage(request, { recipient: RECIPIENT.stored, channel: 'sms', afterId: before });
  const code = /code (\d{8})/.exec(sms.body)?.[1];
  expect(code, sms.body).toBeTruthy();
  const collected = await request.post('/api/dev/transfers/collect', { data: { code } });
  expect(collected.status()).toBe(200);
  expect(((await collected.json()) as { reference: string }).reference).toBe(`transfer:${id}`);

  await expect(mine).toContainText('Retiré', { timeout: 15_000 });
  await expect(mine.getByRole('button', { name: 'Annuler le transfert' })).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await expectNoHorizontalScroll(page);

  await page.goto('/historique?tab=transfers');
  await expect(page.getByRole('tab', { name: 'Transferts' })).toHaveAttribute('aria-selected', 'true');
  const newest = page.getByRole('list', { name: 'Transferts' }).getByRole('listitem').first();
  await expect(newest).toContainText('Transfert à Fatima Zahra Alaoui');
  await expect(newest).toContainText('Retiré');
  await expectNoSeriousViolations(page);
});
