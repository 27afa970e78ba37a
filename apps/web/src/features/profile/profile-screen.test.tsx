import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, sequence, validationError } from '../../app/testing/fake-api.ts';
import { makeAccount } from '../../app/testing/fixtures.ts';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openProfile(options: Parameters<typeof sessionHandlers>[0] = {}, extra = {}) {
  signIn();
  const app = renderApp('/profile', { handlers: { ...sessionHandlers(options), ...extra } });
  await screen.findByRole('heading', { name: 'Mon profil' });
  return app;
}

describe('profile: général', () => {
  it('shows who the account is', async () => {
    await openProfile();
    const general = screen.getByRole('tabpanel', { name: 'Général' });
    expect(within(general).getByText('Salma Alaoui')).toBeInTheDocument();
    expect(within(general).getByText('salma@acme.ma')).toBeInTheDocument();
    expect(within(general).getByText('+212612345678')).toBeInTheDocument();
    expect(within(general).getByText('BE123456')).toBeInTheDocument();
    expect(within(general).getByText('Acme Maroc')).toBeInTheDocument();
  });

  it('changes the phone: new number, code sent there, code checked, account refreshed', async () => {
    let phone = '+212612345678';
    const app = await openProfile(
      {},
      {
        'GET /auth/account': () => ({ body: makeAccount({ phone }) }),
        'POST /auth/change_phone': { body: { token: 'flow-1' } },
        'POST /auth/change_phone/validate': sequence(apiError(400, 'incorrect_otp', { attr: 'otp' }), () => {
          phone = '+212698765432';
          return { body: { detail: 'ok' } };
        }),
      },
    );
    await app.user.click(screen.getByRole('button', { name: 'Modifier le téléphone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le numéro de téléphone' });

    await app.user.click(within(dialog).getByRole('button', { name: 'Recevoir le code' }));
    expect(
      await within(dialog).findByText('le champ "Nouveau numéro de téléphone" est obligatoire'),
    ).toBeInTheDocument();

    await app.user.type(within(dialog).getByLabelText(/Nouveau numéro de téléphone/), '0612');
    await app.user.click(within(dialog).getByRole('button', { name: 'Recevoir le code' }));
    expect(await within(dialog).findByText("Le numéro de téléphone n'est pas valide.")).toBeInTheDocument();

    await app.user.clear(within(dialog).getByLabelText(/Nouveau numéro de téléphone/));
    await app.user.type(within(dialog).getByLabelText(/Nouveau numéro de téléphone/), '06 98 76 54 32');
    await app.user.click(within(dialog).getByRole('button', { name: 'Recevoir le code' }));
    expect(await within(dialog).findByText(/envoyé par SMS au \+212698765432/)).toBeInTheDocument();
    expect(app.api.requestsTo('POST /auth/change_phone')[0]!.body).toEqual({ phone: '+212698765432' });

    await app.user.type(within(dialog).getByLabelText(/Code de vérification/), '111111');
    await app.user.click(within(dialog).getByRole('button', { name: 'Valider' }));
    expect(await within(dialog).findByText('Le code saisi est incorrect ou a expiré.')).toBeInTheDocument();

    await app.user.clear(within(dialog).getByLabelText(/Code de vérification/));
    await app.user.type(within(dialog).getByLabelText(/Code de vérification/), '123456');
    await app.user.click(within(dialog).getByRole('button', { name: 'Valider' }));

    expect(await screen.findByText('Votre numéro de téléphone a été modifié.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(app.api.requestsTo('POST /auth/change_phone/validate')[1]!.body).toEqual({
      token: 'flow-1',
      otp: '123456',
    });
    expect(await screen.findByText('+212698765432')).toBeInTheDocument();
  });

  it('says when the new e-mail is already used', async () => {
    const app = await openProfile(
      {},
      { 'POST /auth/change_email': validationError([{ attr: 'email', code: 'EMAIL_EXISTS' }]) },
    );
    await app.user.click(screen.getByRole('button', { name: "Modifier l'e-mail" }));
    const dialog = await screen.findByRole('dialog', { name: "Modifier l'adresse e-mail" });
    await app.user.type(within(dialog).getByLabelText(/Nouvelle adresse e-mail/), 'Other@Acme.ma');
    await app.user.click(within(dialog).getByRole('button', { name: 'Recevoir le code' }));
    expect(await within(dialog).findByText('Cette adresse e-mail est déjà utilisée.')).toBeInTheDocument();
    expect(app.api.requestsTo('POST /auth/change_email')[0]!.body).toEqual({ email: 'other@acme.ma' });
  });
});

describe('profile: sécurité', () => {
  it('asks for the current password once the user has chosen one', async () => {
    const app = await openProfile(
      {},
      {
        'POST /auth/change-password': sequence(apiError(400, 'PASSWORD_INCORECT', { attr: 'old_password' }), {
          body: { detail: 'ok' },
        }),
      },
    );
    await app.user.click(screen.getByRole('tab', { name: 'Sécurité' }));
    const current = await screen.findByLabelText(/^Mot de passe actuel/);

    await app.user.click(screen.getByRole('button', { name: 'Modifier le mot de passe' }));
    expect(await screen.findByText('le champ "Mot de passe actuel" est obligatoire')).toBeInTheDocument();
    expect(screen.getByText('le champ "Nouveau mot de passe" est obligatoire')).toBeInTheDocument();

    await app.user.type(current, 'wrong-one');
    await app.user.type(screen.getByLabelText(/^Nouveau mot de passe/), 'Marrakech-2025');
    await app.user.type(screen.getByLabelText(/^Confirmation du mot de passe/), 'Marrakech-2025');
    await app.user.click(screen.getByRole('button', { name: 'Modifier le mot de passe' }));
    expect(await screen.findByText("L'ancien mot de passe est incorrect.")).toBeInTheDocument();

    await app.user.clear(current);
    await app.user.type(current, 'right-one');
    await app.user.click(screen.getByRole('button', { name: 'Modifier le mot de passe' }));
    expect(
      await screen.findByText(
        'Votre mot de passe a été modifié. Vos sessions sur vos autres appareils ont été fermées.',
      ),
    ).toBeInTheDocument();
    expect(app.api.requestsTo('POST /auth/change-password')[1]!.body).toEqual({
      old_password: 'right-one',
      new_password: 'Marrakech-2025',
      confirm_password: 'Marrakech-2025',
    });
  });

  it('does not ask for the old password before the first change', async () => {
    const app = await openProfile(
      { account: { has_changed_password: false } },
      { 'POST /auth/change-password': { body: { detail: 'ok' } } },
    );
    await app.user.click(screen.getByRole('tab', { name: 'Sécurité' }));
    await screen.findByLabelText(/^Nouveau mot de passe/);
    expect(screen.queryByLabelText(/^Mot de passe actuel/)).not.toBeInTheDocument();

    await app.user.type(screen.getByLabelText(/^Nouveau mot de passe/), 'Marrakech-2025');
    await app.user.type(screen.getByLabelText(/^Confirmation du mot de passe/), 'Marrakech-2026');
    await app.user.click(screen.getByRole('button', { name: 'Modifier le mot de passe' }));
    expect(await screen.findByText('Les deux mots de passe ne correspondent pas.')).toBeInTheDocument();

    await app.user.clear(screen.getByLabelText(/^Confirmation du mot de passe/));
    await app.user.type(screen.getByLabelText(/^Confirmation du mot de passe/), 'Marrakech-2025');
    await app.user.click(screen.getByRole('button', { name: 'Modifier le mot de passe' }));
    await waitFor(() => expect(app.api.requestsTo('POST /auth/change-password')).toHaveLength(1));
    expect(app.api.requestsTo('POST /auth/change-password')[0]!.body).toEqual({
      new_password: 'Marrakech-2025',
      confirm_password: 'Marrakech-2025',
    });
  });

  it('puts the password policy errors under the new password', async () => {
    const app = await openProfile(
      { account: { has_changed_password: false } },
      {
        'POST /auth/change-password': validationError([
          { attr: 'new_password', code: 'PASSWORD_ENTIRELY_NUMERIC' },
        ]),
      },
    );
    await app.user.click(screen.getByRole('tab', { name: 'Sécurité' }));
    await app.user.type(await screen.findByLabelText(/^Nouveau mot de passe/), '12345678');
    await app.user.type(screen.getByLabelText(/^Confirmation du mot de passe/), '12345678');
    await app.user.click(screen.getByRole('button', { name: 'Modifier le mot de passe' }));
    expect(await screen.findByText('Ce mot de passe est entièrement numérique.')).toBeInTheDocument();
  });
});

describe('profile: se déconnecter partout', () => {
  it('asks for confirmation, ends every session, logs out here too and says so on /login', async () => {
    const app = await openProfile(
      {},
      {
        'POST /auth/logout_all': {
          body: { detail: 'Vous avez été déconnecté de tous vos appareils.', sessions_ended: 3 },
        },
      },
    );
    await app.user.click(screen.getByRole('tab', { name: 'Sécurité' }));
    await app.user.click(await screen.findByRole('button', { name: 'Se déconnecter partout' }));

    // Nothing happens before the confirmation; "Annuler" closes the dialog and keeps the session.
    let dialog = await screen.findByRole('dialog', { name: 'Se déconnecter partout ?' });
    expect(within(dialog).getByText(/y compris celui-ci/)).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.api.requestsTo('POST /auth/logout_all')).toHaveLength(0);

    await app.user.click(screen.getByRole('button', { name: 'Se déconnecter partout' }));
    dialog = await screen.findByRole('dialog', { name: 'Se déconnecter partout ?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Tout déconnecter' }));

    expect(
      await screen.findByText('Vous avez été déconnecté de tous vos appareils, y compris celui-ci.'),
    ).toBeInTheDocument();
    expect(app.pathname()).toBe('/login');
    expect(screen.getByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(app.api.requestsTo('POST /auth/logout_all')).toHaveLength(1);
    expect(app.api.requestsTo('POST /auth/logout_all')[0]!.headers.get('authorization')).toBe(
      'Bearer access-token',
    );
    expect(localStorage.getItem('tasbiq.access')).toBeNull();
    expect(localStorage.getItem('tasbiq.refresh')).toBeNull();

    // Shown once: the next visit to /login is a plain login.
    app.unmount();
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Connexion' });
    expect(screen.queryByText(/déconnecté de tous vos appareils/)).not.toBeInTheDocument();
  });

  it('stays logged in and says so when the sessions could not be ended', async () => {
    const app = await openProfile({}, { 'POST /auth/logout_all': apiError(500, 'error') });
    await app.user.click(screen.getByRole('tab', { name: 'Sécurité' }));
    await app.user.click(await screen.findByRole('button', { name: 'Se déconnecter partout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Se déconnecter partout ?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Tout déconnecter' }));

    expect(await within(dialog).findByText(/Vos sessions n’ont pas été fermées\./)).toBeInTheDocument();
    expect(app.pathname()).toBe('/profile');
    expect(localStorage.getItem('tasbiq.access')).toBe('access-token');
  });
});
