import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, validationError } from '../../app/testing/fake-api.ts';
import { renderApp } from '../../app/testing/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('password reset: asking for a link', () => {
  it('requires the username', async () => {
    const app = renderApp('/reset');
    await screen.findByRole('heading', { name: 'Mot de passe oublié' });
    await app.user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(await screen.findByText('le champ "E-mail ou téléphone" est obligatoire')).toBeInTheDocument();
    expect(app.api.requests).toHaveLength(0);
  });

  it('confirms the sending and offers to resend after the countdown', async () => {
    const app = renderApp('/reset', {
      handlers: { 'POST /auth/password-reset': { body: { detail: 'ok' } } },
    });
    await screen.findByRole('heading', { name: 'Mot de passe oublié' });
    await app.user.type(screen.getByLabelText(/E-mail ou téléphone/), '0612345678');
    await app.user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));

    expect(await screen.findByRole('heading', { name: 'Vérifiez vos messages' })).toBeInTheDocument();
    expect(screen.getByText(/« 0612345678 »/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Renvoyer le lien' })).toBeDisabled();
    expect(app.api.requestsTo('POST /auth/password-reset')[0]!.body).toEqual({ username: '0612345678' });
    expect(screen.getByRole('link', { name: 'Retour à la connexion' })).toHaveAttribute('href', '/login');
  });
});

describe('password reset: the link', () => {
  it('says an invalid or expired link is so', async () => {
    const app = renderApp('/reset?token=bad', {
      handlers: { 'POST /auth/password-reset/verify': apiError(400, 'RESET_PASSWORD_FAILED') },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Le lien est invalide ou a expiré.');
    expect(screen.getByRole('link', { name: 'Demander un nouveau lien' })).toHaveAttribute('href', '/reset');
    expect(app.api.requestsTo('POST /auth/password-reset/verify')[0]!.body).toEqual({ token: 'bad' });
  });

  it('sets a new password and leads to the login', async () => {
    const app = renderApp('/reset?token=good', {
      handlers: {
        'POST /auth/password-reset/verify': { body: { detail: 'Le lien est valide.' } },
        'POST /auth/password-reset/confirm': { body: { detail: 'ok' } },
      },
    });
    await screen.findByRole('heading', { name: 'Nouveau mot de passe' });
    const newPassword = screen.getByLabelText(/^Nouveau mot de passe/);
    const confirmation = screen.getByLabelText(/^Confirmation du mot de passe/);

    await app.user.type(newPassword, 'Casablanca-2025');
    await app.user.type(confirmation, 'Casablanca-2024');
    await app.user.click(screen.getByRole('button', { name: 'Réinitialiser le mot de passe' }));
    expect(await screen.findByText('Les deux mots de passe ne correspondent pas.')).toBeInTheDocument();
    expect(app.api.requestsTo('POST /auth/password-reset/confirm')).toHaveLength(0);

    await app.user.clear(confirmation);
    await app.user.type(confirmation, 'Casablanca-2025');
    await app.user.click(screen.getByRole('button', { name: 'Réinitialiser le mot de passe' }));
    expect(await screen.findByRole('heading', { name: 'Mot de passe modifié' })).toBeInTheDocument();
    expect(app.api.requestsTo('POST /auth/password-reset/confirm')[0]!.body).toEqual({
      token: 'good',
      new_password: 'Casablanca-2025',
      confirm_password: 'Casablanca-2025',
    });
    await app.user.click(screen.getByRole('link', { name: 'Se connecter' }));
    await waitFor(() => expect(app.pathname()).toBe('/login'));
  });

  it('puts the password policy errors under the field', async () => {
    const app = renderApp('/reset?token=good', {
      handlers: {
        'POST /auth/password-reset/verify': { body: { detail: 'ok' } },
        'POST /auth/password-reset/confirm': validationError([
          { attr: 'new_password', code: 'PASSWORD_TOO_COMMON' },
        ]),
      },
    });
    await screen.findByRole('heading', { name: 'Nouveau mot de passe' });
    await app.user.type(screen.getByLabelText(/^Nouveau mot de passe/), 'password');
    await app.user.type(screen.getByLabelText(/^Confirmation du mot de passe/), 'password');
    await app.user.click(screen.getByRole('button', { name: 'Réinitialiser le mot de passe' }));
    expect(await screen.findByText('Ce mot de passe est trop courant.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Nouveau mot de passe/)).toHaveAttribute('aria-invalid', 'true');
  });
});
