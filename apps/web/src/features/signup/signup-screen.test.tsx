import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, sequence, validationError } from '../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';
import { getAccessToken, getRefreshToken } from '../../lib/http/token-store.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const TOKEN = 'lien-atlas';
const company = { 'GET /signup/lien-atlas': { body: { company: { name: 'Atlas Textile' } } } };
const otpSent = { body: { phone_token: 'jeton-1', expires_in: 600 } };

/** Opens the link and gets through the phone and code steps. */
async function toDetailsStep(handlers = {}) {
  const app = renderApp(`/signup/${TOKEN}`, {
    handlers: {
      ...company,
      'POST /signup/request_otp': otpSent,
      'POST /signup/verify_otp': { body: { verified: true } },
      ...handlers,
    },
  });
  await screen.findByRole('heading', { name: 'Créer votre compte' });
  await app.user.type(screen.getByLabelText(/Numéro de téléphone/), '06 12 34 56 78');
  await app.user.click(screen.getByRole('button', { name: 'Recevoir le code' }));
  await screen.findByRole('heading', { name: 'Vérification du téléphone' });
  await app.user.type(screen.getByLabelText(/Code de vérification/), '123456');
  await app.user.click(screen.getByRole('button', { name: 'Vérifier' }));
  await screen.findByRole('heading', { name: 'Vos informations' });
  return app;
}

async function fillDetails(
  app: Awaited<ReturnType<typeof toDetailsStep>>,
  overrides: Record<string, string> = {},
) {
  const values = {
    Matricule: 'M0042',
    'Date de naissance': '1992-07-14',
    Prénom: 'Salma',
    Nom: 'Bennani',
    'Mot de passe': 'Casablanca-Sud-2026',
    'Confirmation du mot de passe': 'Casablanca-Sud-2026',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(new RegExp(`^${label}`));
    await app.user.clear(input);
    if (value) await app.user.type(input, value);
  }
}

describe('public signup: the link', () => {
  it('says an invalid or expired link is so', async () => {
    renderApp('/signup/mauvais', { handlers: { 'GET /signup/mauvais': apiError(404, 'INVALID_TOKEN') } });
    expect(await screen.findByText('Le lien est invalide ou a expiré.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Aller à la connexion' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText(/Numéro de téléphone/)).not.toBeInTheDocument();
  });

  it('sends a logged-in visitor home, like /login', async () => {
    signIn();
    const app = renderApp(`/signup/${TOKEN}`, { handlers: { ...company, ...sessionHandlers() } });
    await screen.findByRole('heading', { name: 'Bonjour Salma' });
    expect(app.pathname()).toBe('/');
  });
});

describe('public signup: phone and code', () => {
  it('shows the company, checks the phone and sends it normalised', async () => {
    const app = renderApp(`/signup/${TOKEN}`, {
      handlers: { ...company, 'POST /signup/request_otp': otpSent },
    });
    expect(await screen.findByText('Atlas Textile')).toBeInTheDocument();
    expect(screen.getByText('Étape 1 sur 3 : Téléphone')).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Recevoir le code' }));
    expect(await screen.findByText('le champ "Numéro de téléphone" est obligatoire')).toBeInTheDocument();
    await app.user.type(screen.getByLabelText(/Numéro de téléphone/), '0812');
    await app.user.click(screen.getByRole('button', { name: 'Recevoir le code' }));
    expect(await screen.findByText("Le numéro de téléphone n'est pas valide.")).toBeInTheDocument();
    expect(app.api.requestsTo('POST /signup/request_otp')).toHaveLength(0);

    await app.user.clear(screen.getByLabelText(/Numéro de téléphone/));
    await app.user.type(screen.getByLabelText(/Numéro de téléphone/), '06 12 34 56 78');
    await app.user.click(screen.getByRole('button', { name: 'Recevoir le code' }));
    expect(await screen.findByText(/envoyé par SMS au 06 12 34 56 78/)).toBeInTheDocument();
    expect(app.api.requestsTo('POST /signup/request_otp')[0]!.body).toEqual({
      signup_token: TOKEN,
      phone: '+212612345678',
    });
    // The resend waits for its countdown.
    expect(screen.getByRole('button', { name: 'Renvoyer le code' })).toBeDisabled();
  });

  it('asks for the code whatever the number; a registered one is told only once its code is confirmed', async () => {
    const app = renderApp(`/signup/${TOKEN}`, {
      handlers: {
        ...company,
        // The API answers a registered number like a free one (no account enumeration)…
        'POST /signup/request_otp': otpSent,
        // …and says PHONE_EXISTS only to the holder of the phone, after the right code.
        'POST /signup/verify_otp': validationError([{ attr: 'phone', code: 'PHONE_EXISTS' }]),
      },
    });
    await screen.findByText('Atlas Textile');
    await app.user.type(screen.getByLabelText(/Numéro de téléphone/), '0612345678');
    await app.user.click(screen.getByRole('button', { name: 'Recevoir le code' }));
    await screen.findByRole('heading', { name: 'Vérification du téléphone' });
    expect(screen.queryByText(/déjà/)).not.toBeInTheDocument();
    await app.user.type(screen.getByLabelText(/Code de vérification/), '123456');
    await app.user.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByText('Ce numéro a déjà un compte Tasbiq.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Mot de passe oublié ?' })).toHaveAttribute('href', '/reset');
    expect(screen.queryByRole('heading', { name: 'Vos informations' })).not.toBeInTheDocument();
  });

  it('says a wrong code under the field, then accepts the right one with the phone token', async () => {
    const app = renderApp(`/signup/${TOKEN}`, {
      handlers: {
        ...company,
        'POST /signup/request_otp': otpSent,
        'POST /signup/verify_otp': sequence(validationError([{ attr: 'otp', code: 'incorrect_otp' }]), {
          body: { verified: true },
        }),
      },
    });
    await screen.findByText('Atlas Textile');
    await app.user.type(screen.getByLabelText(/Numéro de téléphone/), '0612345678');
    await app.user.click(screen.getByRole('button', { name: 'Recevoir le code' }));
    await screen.findByRole('heading', { name: 'Vérification du téléphone' });
    await app.user.type(screen.getByLabelText(/Code de vérification/), '000000');
    await app.user.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByText('Le code saisi est incorrect ou a expiré.')).toBeInTheDocument();

    await app.user.clear(screen.getByLabelText(/Code de vérification/));
    await app.user.type(screen.getByLabelText(/Code de vérification/), '123456');
    await app.user.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByRole('heading', { name: 'Vos informations' })).toBeInTheDocument();
    expect(app.api.requestsTo('POST /signup/verify_otp')[1]!.body).toEqual({
      phone_token: 'jeton-1',
      otp: '123456',
    });
  });

  it('lets the person change the number', async () => {
    const app = renderApp(`/signup/${TOKEN}`, {
      handlers: { ...company, 'POST /signup/request_otp': otpSent },
    });
    await screen.findByText('Atlas Textile');
    await app.user.type(screen.getByLabelText(/Numéro de téléphone/), '0612345678');
    await app.user.click(screen.getByRole('button', { name: 'Recevoir le code' }));
    await app.user.click(await screen.findByRole('button', { name: 'Changer de numéro' }));
    expect(await screen.findByLabelText(/Numéro de téléphone/)).toHaveValue('0612345678');
  });
});

describe('public signup: identity and password', () => {
  it('creates the account, stores the tokens and lands home', async () => {
    const app = await toDetailsStep({
      'POST /signup': { body: { access: 'acces-neuf', refresh: 'refresh-neuf', otp_required: false } },
      ...sessionHandlers({ account: { first_name: 'Salma' } }),
    });
    await fillDetails(app, { 'E-mail': 'Salma@Exemple.ma' });
    await app.user.click(screen.getByRole('button', { name: 'Créer mon compte' }));

    await screen.findByRole('heading', { name: 'Bonjour Salma' });
    expect(app.pathname()).toBe('/');
    expect(getAccessToken()).toBe('acces-neuf');
    expect(getRefreshToken()).toBe('refresh-neuf');
    expect(app.api.requestsTo('POST /signup')[0]!.body).toEqual({
      signup_token: TOKEN,
      phone_token: 'jeton-1',
      serial: 'M0042',
      birthday: '1992-07-14',
      first_name: 'Salma',
      last_name: 'Bennani',
      email: 'salma@exemple.ma',
      password: 'Casablanca-Sud-2026',
      confirm_password: 'Casablanca-Sud-2026',
    });
  });

  it('checks the form before sending: required fields and matching passwords', async () => {
    const app = await toDetailsStep();
    await app.user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByText('le champ "Matricule" est obligatoire')).toBeInTheDocument();
    expect(screen.getByText('le champ "Date de naissance" est obligatoire')).toBeInTheDocument();
    await fillDetails(app, { 'Confirmation du mot de passe': 'Autre-chose-2026' });
    await app.user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByText('Les deux mots de passe ne correspondent pas.')).toBeInTheDocument();
    expect(app.api.requestsTo('POST /signup')).toHaveLength(0);
  });

  it('says when matricule and birthday match no identity', async () => {
    const app = await toDetailsStep({ 'POST /signup': apiError(400, 'IDENTITY_NOT_FOUND') });
    await fillDetails(app);
    await app.user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByText('Matricule ou date de naissance incorrects.')).toBeInTheDocument();
    expect(getAccessToken()).toBeNull();
  });

  it('puts password policy errors under the password', async () => {
    const app = await toDetailsStep({
      'POST /signup': validationError([{ attr: 'password', code: 'PASSWORD_TOO_COMMON' }]),
    });
    await fillDetails(app);
    await app.user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByText('Ce mot de passe est trop courant.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Mot de passe/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers to check the phone again when its confirmation expired', async () => {
    const app = await toDetailsStep({
      'POST /signup': validationError([{ attr: 'phone_token', code: 'phone_not_confirmed' }]),
    });
    await fillDetails(app);
    await app.user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    await app.user.click(await screen.findByRole('button', { name: 'Vérifier à nouveau mon numéro' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Créer votre compte' })).toBeInTheDocument(),
    );
  });
});
