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
});
