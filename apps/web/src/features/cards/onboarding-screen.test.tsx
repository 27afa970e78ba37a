import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../app/testing/fake-api.ts';
import { renderApp } from '../../app/testing/render-app.tsx';

const VERIFIED = {
  first_name: 'Karim',
  company: 'Atlas SARL',
  phone_hint: null,
  expires: '2026-11-27T10:00:00+00:00',
};

describe('/onboarding: the card order from HR’s link', () => {
  it('checks the link, then the phone and its code, then shows the order form', async () => {
    const app = renderApp('/onboarding?token=abc.def', {
      handlers: {
        'POST /onboarding/verify': { body: VERIFIED },
        'POST /onboarding/request_otp': { body: { token: '12.flow', phone: '+212 6•• ••• •78' } },
        'POST /onboarding/verify_otp': { body: { phone_token: 'phone-token' } },
        'GET /cities': { body: [{ id: 1, name: 'Casablanca', region: 'Casablanca-Settat' }] },
      },
    });
    expect(await screen.findByText(/Bonjour Karim, Atlas SARL vous invite/)).toBeInTheDocument();
    await app.user.type(screen.getByLabelText('Numéro de mobile'), '0612345678');
    await app.user.click(screen.getByRole('button', { name: 'Recevoir le code' }));
    await app.user.type(await screen.findByLabelText('Code reçu par SMS'), '123456');
    await app.user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByRole('button', { name: 'Commander ma carte' })).toBeInTheDocument();
    expect(app.api.requestsTo('POST /onboarding/request_otp')[0]!.body).toEqual({
      onboarding_token: 'abc.def',
      phone: '0612345678',
    });
    expect(app.api.requestsTo('POST /onboarding/verify_otp')[0]!.body).toEqual({
      token: '12.flow',
      otp: '123456',
    });
  });

  it('takes the SMS code in the one OTP field: digits only, pasted with spaces or not', async () => {
    const app = renderApp('/onboarding?token=abc.def', {
      handlers: {
        'POST /onboarding/verify': { body: VERIFIED },
        'POST /onboarding/request_otp': { body: { token: '12.flow', phone: '+212 6•• ••• •78' } },
        'POST /onboarding/verify_otp': { body: { phone_token: 'phone-token' } },
        'GET /cities': { body: [] },
      },
    });
    await app.user.type(await screen.findByLabelText('Numéro de mobile'), '0612345678');
    await app.user.click(screen.getByRole('button', { name: 'Recevoir le code' }));
    const code = await screen.findByLabelText('Code reçu par SMS');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await app.user.click(code);
    await app.user.paste('12 34 56');
    expect(code).toHaveValue('123456');
    await app.user.click(screen.getByRole('button', { name: 'Valider' }));
    await screen.findByRole('button', { name: 'Commander ma carte' });
    expect(app.api.requestsTo('POST /onboarding/verify_otp')[0]!.body).toEqual({
      token: '12.flow',
      otp: '123456',
    });
  });

  it('says so when the link is invalid, expired or used', async () => {
    renderApp('/onboarding?token=used', {
      handlers: { 'POST /onboarding/verify': apiError(400, 'INVALID_TOKEN') },
    });
    expect(await screen.findByText('Le lien est invalide ou a expiré.')).toBeInTheDocument();
  });

  it('names another account’s phone', async () => {
    const app = renderApp('/onboarding?token=abc.def', {
      handlers: {
        'POST /onboarding/verify': { body: VERIFIED },
        'POST /onboarding/request_otp': apiError(400, 'PHONE_EXISTS', {
          attr: 'phone',
          type: 'validation_error',
        }),
      },
    });
    await app.user.type(await screen.findByLabelText('Numéro de mobile'), '0612345678');
    await app.user.click(screen.getByRole('button', { name: 'Recevoir le code' }));
    expect(await screen.findByText('Ce numéro de téléphone est déjà utilisé.')).toBeInTheDocument();
  });

  const png = (name: string) =>
    new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

  function toOrderForm(extra: Record<string, unknown>) {
    return renderApp('/onboarding?token=abc.def', {
      handlers: {
        'POST /onboarding/verify': { body: VERIFIED },
        'POST /onboarding/request_otp': { body: { token: '12.flow', phone: '+212 6•• ••• •78' } },
        'POST /onboarding/verify_otp': { body: { phone_token: 'phone-token' } },
        ...extra,
      },
    });
  }
  async function confirmPhone(app: ReturnType<typeof toOrderForm>) {
    await app.user.type(await screen.findByLabelText('Numéro de mobile'), '0612345678');
    await app.user.click(screen.getByRole('button', { name: 'Recevoir le code' }));
    await app.user.type(await screen.findByLabelText('Code reçu par SMS'), '123456');
    await app.user.click(screen.getByRole('button', { name: 'Valider' }));
  }

  it('says when the cities could not be loaded, and loads them again on demand', async () => {
    const app = toOrderForm({ 'GET /cities': apiError(503, 'error') });
    await confirmPhone(app);
    expect(await screen.findByText(/La liste des villes n’a pas pu être chargée\./)).toBeInTheDocument();
    app.api.on('GET /cities', { body: [{ id: 1, name: 'Casablanca', region: 'Casablanca-Settat' }] });
    await app.user.click(screen.getByRole('button', { name: /Réessayer/ }));
    expect(await screen.findByRole('option', { name: 'Casablanca' })).toBeInTheDocument();
    expect(screen.queryByText(/La liste des villes n’a pas pu être chargée/)).toBeNull();
  });

  it('a refused order is not a dead end: it says the link is spent and how to go on', async () => {
    const refused = {
      id: 3,
      status: 'refused',
      step: 'done',
      progress: 1,
      error_code: 'CIN_MISMATCH',
      error_detail: 'La CIN ne correspond pas à celle de votre dossier.',
      hint: null,
      city: 1,
      city_name: 'Casablanca',
      address: '12 rue Ibn Batouta',
      area: 'Maârif',
      zip: '20330',
      phone: '+212612345678',
      created: '2026-11-20T10:00:00+00:00',
    };
    const app = toOrderForm({
      'GET /cities': { body: [{ id: 1, name: 'Casablanca', region: 'Casablanca-Settat' }] },
      'POST /onboarding': { status: 201, body: refused },
      'GET /onboarding/orders/3': { body: refused },
    });
    await confirmPhone(app);
    await app.user.upload(await screen.findByLabelText('Recto de la CIN'), png('recto.png'));
    await app.user.upload(screen.getByLabelText('Verso de la CIN'), png('verso.png'));
    await screen.findByRole('option', { name: 'Casablanca' });
    await app.user.selectOptions(screen.getByLabelText(/^Ville/), '1');
    await app.user.type(screen.getByLabelText(/^Adresse de livraison/), '12 rue Ibn Batouta');
    await app.user.type(screen.getByLabelText(/^Quartier/), 'Maârif');
    await app.user.type(screen.getByLabelText(/^Code postal/), '20330');
    await app.user.click(screen.getByRole('button', { name: 'Commander ma carte' }));
    expect(await screen.findByText('La CIN ne correspond pas à celle de votre dossier.')).toBeInTheDocument();
    // No form below it here: the link was used by this order.
    expect(screen.queryByText(/recommencer ci-dessous/)).toBeNull();
    expect(screen.getByText(/demandez un nouveau lien à votre service RH/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Se connecter à Tasbiq' })).toHaveAttribute('href', '/login');
  });
});
