import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, sequence } from '../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers } from '../../app/testing/render-app.tsx';
import { getAccessToken, getRefreshToken } from '../../lib/http/token-store.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const pendingPair = { access: 'otp-access', refresh: 'otp-refresh', otp_required: true };
const fullPair = { access: 'full-access', refresh: 'full-refresh', otp_required: false };

async function fillCredentials(
  app: ReturnType<typeof renderApp>,
  username = 'salma@acme.ma',
  password = 'secret-pass',
) {
  await screen.findByRole('heading', { name: 'Connexion' });
  if (username) await app.user.type(screen.getByLabelText(/E-mail ou téléphone/), username);
  if (password) await app.user.type(screen.getByLabelText(/^Mot de passe/), password);
  await app.user.click(screen.getByRole('button', { name: 'Se connecter' }));
}

describe('login', () => {
  it('says which fields are required, without calling the API', async () => {
    const app = renderApp('/login');
    await fillCredentials(app, '', '');
    expect(await screen.findByText('le champ "E-mail ou téléphone" est obligatoire')).toBeInTheDocument();
    expect(screen.getByText('le champ "Mot de passe" est obligatoire')).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail ou téléphone/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/E-mail ou téléphone/)).toHaveFocus();
    expect(app.api.requests).toHaveLength(0);
  });

  it('treats blank spaces as an empty username', async () => {
    const app = renderApp('/login');
    await fillCredentials(app, '   ', 'secret-pass');
    expect(await screen.findByText('le champ "E-mail ou téléphone" est obligatoire')).toBeInTheDocument();
    expect(screen.queryByText('le champ "Mot de passe" est obligatoire')).not.toBeInTheDocument();
  });

  it('refuses a login that is neither an e-mail nor a Moroccan phone, without calling the API', async () => {
    const app = renderApp('/login');
    await fillCredentials(app, 'salma', 'secret-pass');
    expect(
      await screen.findByText("L'identifiant n'est pas valide (e-mail ou téléphone)."),
    ).toBeInTheDocument();
    expect(app.api.requests).toHaveLength(0);
  });

  it('shows "Vos identifiants sont incorrectes" for wrong credentials', async () => {
    const app = renderApp('/login', { handlers: { 'POST /auth/token': apiError(401, 'NO_ACTIVE_ACCOUNT') } });
    await fillCredentials(app);
    expect(await screen.findByRole('alert')).toHaveTextContent('Vos identifiants sont incorrectes');
    expect(app.api.requestsTo('POST /auth/token')[0]!.body).toEqual({
      username: 'salma@acme.ma',
      password: 'secret-pass',
    });
    // No bearer on the credentials check, and still logged out.
    expect(app.api.requestsTo('POST /auth/token')[0]!.headers.get('Authorization')).toBeNull();
    expect(getAccessToken()).toBeNull();
    expect(app.pathname()).toBe('/login');
  });

  it('shows the inactive-company message', async () => {
    const app = renderApp('/login', {
      handlers: { 'POST /auth/token': apiError(403, 'ACCOUNT_INACTIVE_COMPANY') },
    });
    await fillCredentials(app);
    expect(await screen.findByRole('alert')).toHaveTextContent("Le compte de votre société n'est pas actif");
  });

  it('stores the tokens and opens the home page', async () => {
    const app = renderApp('/login', {
      handlers: { ...sessionHandlers(), 'POST /auth/token': { body: fullPair } },
    });
    await fillCredentials(app);
    expect(await screen.findByRole('heading', { name: 'Bonjour Salma' })).toBeInTheDocument();
    expect(getAccessToken()).toBe('full-access');
    expect(getRefreshToken()).toBe('full-refresh');
    expect(app.api.requestsTo('GET /auth/account')[0]!.headers.get('Authorization')).toBe(
      'Bearer full-access',
    );
  });

  it('links to the password reset', async () => {
    const app = renderApp('/login');
    await screen.findByRole('heading', { name: 'Connexion' });
    await app.user.click(screen.getByRole('link', { name: 'Mot de passe oublié ?' }));
    expect(await screen.findByRole('heading', { name: 'Mot de passe oublié' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/reset');
  });
});

describe('login with phone confirmation (OTP)', () => {
  function renderOtpLogin(
    verify = sequence(apiError(400, 'incorrect_otp', { attr: 'otp' }), { body: fullPair }),
  ) {
    return renderApp('/login', {
      handlers: {
        ...sessionHandlers(),
        'POST /auth/token': { body: pendingPair },
        'POST /auth/otp': { body: { detail: 'Code envoyé', phone: '+212 6** *** *78', expires_in: 600 } },
        'POST /auth/otp/verify': verify,
      },
    });
  }

  it('sends a code at once, with the phone-limited token kept out of the store', async () => {
    const app = renderOtpLogin();
    await fillCredentials(app);
    expect(await screen.findByRole('heading', { name: 'Vérification du téléphone' })).toBeInTheDocument();
    expect(await screen.findByText(/envoyé par SMS au \+212 6\*\* \*\*\* \*78/)).toBeInTheDocument();
    const sends = app.api.requestsTo('POST /auth/otp');
    expect(sends).toHaveLength(1);
    expect(sends[0]!.headers.get('Authorization')).toBe('Bearer otp-access');
    expect(getAccessToken()).toBeNull();
    expect(app.pathname()).toBe('/login');
  });

  it('validates the code format, then rejects a wrong code and accepts the right one', async () => {
    const app = renderOtpLogin();
    await fillCredentials(app);
    const code = await screen.findByLabelText(/Code de vérification/);

    await app.user.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByText('le champ "Code de vérification" est obligatoire')).toBeInTheDocument();

    // Digits only: the letter never reaches the field; too short is said in French.
    await app.user.type(code, '12a');
    expect(code).toHaveValue('12');
    await app.user.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByText('Le code de vérification est composé de 6 chiffres.')).toBeInTheDocument();
    expect(app.api.requestsTo('POST /auth/otp/verify')).toHaveLength(0);

    await app.user.clear(code);
    await app.user.type(code, '000000');
    await app.user.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByText('Le code saisi est incorrect ou a expiré.')).toBeInTheDocument();

    await app.user.clear(code);
    await app.user.type(code, '123456');
    await app.user.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByRole('heading', { name: 'Bonjour Salma' })).toBeInTheDocument();
    const verifies = app.api.requestsTo('POST /auth/otp/verify');
    expect(verifies[1]!.body).toEqual({ otp: '123456' });
    expect(verifies[1]!.headers.get('Authorization')).toBe('Bearer otp-access');
    expect(getAccessToken()).toBe('full-access');
  });

  it('lets the code be sent again only after the countdown', async () => {
    const app = renderOtpLogin();
    await fillCredentials(app);
    await screen.findByText(/envoyé par SMS/);
    const resend = screen.getByRole('button', { name: 'Renvoyer le code' });
    expect(resend).toBeDisabled();
    expect(screen.getByText(/Vous pourrez renvoyer dans/)).toHaveTextContent('1:00');

    // Jump past the countdown: only Date is faked, so the app's timers keep running.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Renvoyer le code' })).toBeEnabled(), {
      timeout: 2500,
    });
    vi.useRealTimers();
    await app.user.click(screen.getByRole('button', { name: 'Renvoyer le code' }));
    await waitFor(() => expect(app.api.requestsTo('POST /auth/otp')).toHaveLength(2));
  });

  it('explains when too many codes were sent', async () => {
    const app = renderApp('/login', {
      handlers: {
        'POST /auth/token': { body: pendingPair },
        'POST /auth/otp': apiError(429, 'OTP_RETRIES_REACHED'),
      },
    });
    await fillCredentials(app);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Vous avez atteint la limite d'envoi de codes",
    );
  });

  it('says why the code is asked when the account had too many failed logins', async () => {
    const app = renderApp('/login', {
      handlers: {
        ...sessionHandlers(),
        'POST /auth/token': { body: { ...pendingPair, otp_reason: 'failed_logins' } },
        'POST /auth/otp': { body: { detail: 'Code envoyé', phone: '+212 6** *** *78', expires_in: 600 } },
        'POST /auth/otp/verify': { body: fullPair },
      },
    });
    await fillCredentials(app);
    expect(await screen.findByRole('heading', { name: 'Vérification de sécurité' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      /De nombreuses tentatives de connexion ont échoué sur votre compte.*code envoyé par SMS/,
    );
    expect(await screen.findByText(/envoyé par SMS au \+212 6\*\* \*\*\* \*78/)).toBeInTheDocument();
    await app.user.type(screen.getByLabelText(/Code de vérification/), '123456');
    await app.user.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByRole('heading', { name: 'Bonjour Salma' })).toBeInTheDocument();
    expect(getAccessToken()).toBe('full-access');
  });

  it('goes back to the credentials', async () => {
    const app = renderOtpLogin();
    await fillCredentials(app);
    await screen.findByRole('heading', { name: 'Vérification du téléphone' });
    await app.user.click(screen.getByRole('button', { name: 'Retour à la connexion' }));
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
  });
});
