import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { validationError } from '../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';

/**
 * Issue 10: the profile refuses, before anything is sent, a fixed line (the code goes by SMS), the
 * account's own phone or e-mail (nothing would change) and the current password as the new one;
 * the API refuses them too (SAME_PHONE… under the field when only it can tell).
 */
async function openProfile(extra = {}, account = {}) {
  signIn();
  const app = renderApp('/profile', { handlers: { ...sessionHandlers({ account }), ...extra } });
  await screen.findByRole('heading', { name: 'Mon profil' });
  return app;
}

async function openPhoneDialog(app: Awaited<ReturnType<typeof openProfile>>) {
  await app.user.click(screen.getByRole('button', { name: 'Modifier le téléphone' }));
  const dialog = await screen.findByRole('dialog', { name: 'Modifier le numéro de téléphone' });
  return { dialog, input: within(dialog).getByLabelText(/Nouveau numéro de téléphone/) };
}

describe('profile: new phone', () => {
  it('refuses a fixed line: the code is sent by SMS', async () => {
    const app = await openProfile({ 'POST /auth/change_phone': { body: { token: 'flow-1' } } });
    const { dialog, input } = await openPhoneDialog(app);
    expect(within(dialog).getByText(/par SMS à ce nouveau numéro de mobile/)).toBeInTheDocument();
    await app.user.type(input, '0512345678');
    await app.user.click(within(dialog).getByRole('button', { name: 'Recevoir le code' }));
    expect(
      await within(dialog).findByText(
        'Saisissez un numéro de mobile (06…, 07… ou +212 6…/7…) : le code est envoyé par SMS.',
      ),
    ).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(app.api.requestsTo('POST /auth/change_phone')).toHaveLength(0);

    // +2127… is a mobile.
    await app.user.clear(input);
    await app.user.type(input, '+212 7 12 34 56 78');
    await app.user.click(within(dialog).getByRole('button', { name: 'Recevoir le code' }));
    await waitFor(() => expect(app.api.requestsTo('POST /auth/change_phone')).toHaveLength(1));
    expect(app.api.requestsTo('POST /auth/change_phone')[0]!.body).toEqual({ phone: '+212712345678' });
  });

  it('refuses the current number, however it is written', async () => {
    const app = await openProfile({}, { phone: '+212612345678' });
    const { dialog, input } = await openPhoneDialog(app);
    await app.user.type(input, '06 12 34 56 78');
    await app.user.click(within(dialog).getByRole('button', { name: 'Recevoir le code' }));
    expect(
      await within(dialog).findByText(
        'Ce numéro est déjà celui de votre compte. Saisissez le nouveau numéro.',
      ),
    ).toBeInTheDocument();
    expect(app.api.requestsTo('POST /auth/change_phone')).toHaveLength(0);
  });

  it("shows the API's SAME_PHONE under the field", async () => {
    const app = await openProfile({
      'POST /auth/change_phone': validationError([{ attr: 'phone', code: 'SAME_PHONE' }]),
    });
    const { dialog, input } = await openPhoneDialog(app);
    await app.user.type(input, '0698765432');
    await app.user.click(within(dialog).getByRole('button', { name: 'Recevoir le code' }));
    expect(
      await within(dialog).findByText(
        'Ce numéro est déjà celui de votre compte. Saisissez le nouveau numéro.',
      ),
    ).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('profile: new e-mail', () => {
  it('refuses the current address, whatever its case', async () => {
    const app = await openProfile({}, { email: 'salma@acme.ma' });
    await app.user.click(screen.getByRole('button', { name: "Modifier l'e-mail" }));
    const dialog = await screen.findByRole('dialog', { name: "Modifier l'adresse e-mail" });
    await app.user.type(within(dialog).getByLabelText(/Nouvelle adresse e-mail/), 'Salma@Acme.ma');
    await app.user.click(within(dialog).getByRole('button', { name: 'Recevoir le code' }));
    expect(
      await within(dialog).findByText(
        'Cette adresse est déjà celle de votre compte. Saisissez la nouvelle adresse.',
      ),
    ).toBeInTheDocument();
    expect(app.api.requestsTo('POST /auth/change_email')).toHaveLength(0);
  });
});

describe('profile: code step', () => {
  it('keeps only digits in the code, on a numeric keypad', async () => {
    const app = await openProfile({ 'POST /auth/change_email': { body: { token: 'flow-1' } } });
    await app.user.click(screen.getByRole('button', { name: "Modifier l'e-mail" }));
    const dialog = await screen.findByRole('dialog', { name: "Modifier l'adresse e-mail" });
    await app.user.type(within(dialog).getByLabelText(/Nouvelle adresse e-mail/), 'nouvelle@acme.ma');
    await app.user.click(within(dialog).getByRole('button', { name: 'Recevoir le code' }));
    const code = await within(dialog).findByLabelText(/Code de vérification/);
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('pattern', '[0-9]*');
    await app.user.type(code, '1a2b3c');
    expect(code).toHaveValue('123');
  });
});

describe('profile: new password', () => {
  it('refuses the current password as the new one, before sending anything', async () => {
    const app = await openProfile({ 'POST /auth/change-password': { body: { detail: 'ok' } } });
    await app.user.click(screen.getByRole('tab', { name: 'Sécurité' }));
    await app.user.type(await screen.findByLabelText(/^Mot de passe actuel/), 'Marrakech-2025');
    await app.user.type(screen.getByLabelText(/^Nouveau mot de passe/), 'Marrakech-2025');
    await app.user.type(screen.getByLabelText(/^Confirmation du mot de passe/), 'Marrakech-2025');
    await app.user.click(screen.getByRole('button', { name: 'Modifier le mot de passe' }));
    expect(
      await screen.findByText('Le nouveau mot de passe doit être différent du mot de passe actuel.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Nouveau mot de passe/)).toHaveAttribute('aria-invalid', 'true');
    expect(app.api.requestsTo('POST /auth/change-password')).toHaveLength(0);
  });

  it("shows the API's SAME_PASSWORD when the old password is not asked", async () => {
    const app = await openProfile(
      {
        'POST /auth/change-password': validationError([{ attr: 'new_password', code: 'SAME_PASSWORD' }]),
      },
      { has_changed_password: false },
    );
    await app.user.click(screen.getByRole('tab', { name: 'Sécurité' }));
    await app.user.type(await screen.findByLabelText(/^Nouveau mot de passe/), 'Marrakech-2025');
    await app.user.type(screen.getByLabelText(/^Confirmation du mot de passe/), 'Marrakech-2025');
    await app.user.click(screen.getByRole('button', { name: 'Modifier le mot de passe' }));
    expect(
      await screen.findByText('Le nouveau mot de passe doit être différent du mot de passe actuel.'),
    ).toBeInTheDocument();
  });
});
