import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError } from '../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';
import { pickEarnedAmount } from './api/get-solde.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openHome(options: Parameters<typeof sessionHandlers>[0] = {}, extra = {}) {
  signIn();
  const app = renderApp('/', { handlers: { ...sessionHandlers(options), ...extra } });
  await screen.findByRole('heading', { name: 'Bonjour Salma' });
  return app;
}

function serviceNames(): string[] {
  const services = screen.getByRole('region', { name: 'Mes services' });
  return within(services)
    .getAllByRole('link')
    .map((link) => link.querySelector('.font-semibold')?.textContent ?? '');
}

describe('employee home', () => {
  it('shows one tile per enabled service', async () => {
    await openHome();
    expect(serviceNames()).toEqual([
      'Avance sur salaire',
      'Recharge téléphonique',
      'Fiches de paie',
      'Primes et paniers',
      'Notes de frais',
      'Carte',
    ]);
    const services = screen.getByRole('region', { name: 'Mes services' });
    expect(within(services).getByRole('link', { name: /Notes de frais/ })).toHaveAttribute(
      'href',
      '/missionorders',
    );
  });

  it('leaves out the services that are off', async () => {
    await openHome({ settings: { advances_enabled: false, cards_enabled: false, expenses_enabled: false } });
    expect(serviceNames()).toEqual(['Recharge téléphonique', 'Fiches de paie', 'Primes et paniers']);
  });

  it('shows the amount earned this month when the call succeeds', async () => {
    await openHome({}, { 'GET /employees/solde': { body: { solde: '4250.00' } } });
    const earned = await screen.findByRole('region', { name: 'Gagné ce mois-ci' });
    expect(earned).toHaveTextContent(/4\s250\sDH/);
  });

  it('hides the amount when the call fails, and keeps the page', async () => {
    const app = await openHome({}, { 'GET /employees/solde': apiError(404, 'not_found') });
    await vi.waitFor(() => expect(app.api.requestsTo('GET /employees/solde')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Gagné ce mois-ci' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Mes services' })).toBeInTheDocument();
  });

  it('lists the published announcements', async () => {
    await openHome(
      {},
      {
        'GET /announcements/published': {
          body: {
            count: 1,
            next: null,
            previous: null,
            results: [
              {
                id: 1,
                title: 'Fermeture le 18 novembre',
                content: '<p>Fête</p>',
                published_at: '2025-11-10T09:00:00+01:00',
              },
            ],
          },
        },
      },
    );
    const news = await screen.findByRole('region', { name: 'Annonces' });
    expect(within(news).getByRole('heading', { name: 'Fermeture le 18 novembre' })).toBeInTheDocument();
  });

  it('reads the earned amount from the likely fields', () => {
    expect(pickEarnedAmount({ solde: '1500.00' })).toBe('1500.00');
    expect(pickEarnedAmount({ earned: 300 })).toBe(300);
    expect(pickEarnedAmount('12.50')).toBe('12.50');
    expect(pickEarnedAmount({ other: 'x' })).toBeNull();
    expect(pickEarnedAmount({ solde: 'abc' })).toBeNull();
    expect(pickEarnedAmount(null)).toBeNull();
  });
});
