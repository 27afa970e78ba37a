import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeHandler, validationError } from '../../app/testing/fake-api.ts';
import { renderApp } from '../../app/testing/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function openActivate(path: string, handlers: Record<string, FakeHandler> = {}) {
  return renderApp(path, {
    handlers: {
      'POST /auth/activation/verify': { body: { first_name: 'Youssef', company: 'Atlas Démo SARL' } },
      ...handlers,
    },
  });
}

describe('/activate', () => {
  it('greets the person, sets the password, then points to the login', async () => {
    const app = openActivate('/activate?token=abc', {
      'POST /auth/activation/confirm': { body: { detail: 'ok' } },
    });
    expect(await screen.findByRole('heading', { name: 'Bienvenue Youssef' })).toBeInTheDocument();
    expect(screen.getByText(/Atlas Démo SARL vous invite sur Tasbiq/)).toBeInTheDocument();
    expect(app.api.requestsTo('POST /auth/activation/verify')[0]!.body).toEqual({ token: 'abc' });
    // Public call: no bearer token.
    expect(app.api.requestsTo('POST /auth/activation/verify')[0]!.headers.get('Authorization')).toBeNull();

    await app.user.type(screen.getByLabelText(/^Mot de passe/), 'Mon#Premier2026');
    await app.user.type(screen.getByLabelText(/^Confirmation du mot de passe/), 'Mon#Premier2026');
    await app.user.click(screen.getByRole('button', { name: 'Activer mon compte' }));
    expect(await screen.findByRole('heading', { name: 'Compte activé' })).toBeInTheDocument();
    expect(app.api.requestsTo('POST /auth/activation/confirm')[0]!.body).toEqual({
      token: 'abc',
      new_password: 'Mon#Premier2026',
      confirm_password: 'Mon#Premier2026',
    });
    expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/login');
  });

  it('checks the two entries match before sending, and shows the policy errors', async () => {
    const app = openActivate('/activate?token=abc', {
      'POST /auth/activation/confirm': validationError([
        { attr: 'new_password', code: 'PASSWORD_TOO_COMMON' },
      ]),
    });
    await screen.findByRole('heading', { name: 'Bienvenue Youssef' });
    await app.user.type(screen.getByLabelText(/^Mot de passe/), 'password1');
    await app.user.type(screen.getByLabelText(/^Confirmation du mot de passe/), 'password2');
    await app.user.click(screen.getByRole('button', { name: 'Activer mon compte' }));
    expect(await screen.findByText('Les deux mots de passe ne correspondent pas.')).toBeInTheDocument();
    expect(app.api.requestsTo('POST /auth/activation/confirm')).toHaveLength(0);

    await app.user.clear(screen.getByLabelText(/^Confirmation du mot de passe/));
    await app.user.type(screen.getByLabelText(/^Confirmation du mot de passe/), 'password1');
    await app.user.click(screen.getByRole('button', { name: 'Activer mon compte' }));
    expect(await screen.findByText('Ce mot de passe est trop courant.')).toBeInTheDocument();
  });

  it('says a dead link is dead, with or without a token', async () => {
    openActivate('/activate?token=old', { 'POST /auth/activation/verify': apiError(400, 'INVALID_TOKEN') });
    expect(await screen.findByText('Le lien est invalide ou a expiré.')).toBeInTheDocument();
    expect(screen.getByText(/Demandez à votre service RH/)).toBeInTheDocument();
  });

  it('without a token, says so at once', async () => {
    const app = openActivate('/activate');
    expect(await screen.findByText('Le lien est invalide ou a expiré.')).toBeInTheDocument();
    await waitFor(() => expect(app.api.requestsTo('POST /auth/activation/verify')).toHaveLength(0));
  });

  it('offers to retry when the server cannot be reached', async () => {
    const app = openActivate('/activate?token=abc', {
      'POST /auth/activation/verify': apiError(503, 'error'),
    });
    expect(await screen.findByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
    app.api.on('POST /auth/activation/verify', { body: { first_name: 'Youssef', company: 'Atlas' } });
    await app.user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { name: 'Bienvenue Youssef' })).toBeInTheDocument();
  });
});
