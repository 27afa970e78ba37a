import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError } from '../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';
import { makeSolde } from '../shared/testing/money-fixtures.ts';

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

  it('shows the amount earned this month and the available balance', async () => {
    await openHome(
      {},
      { 'GET /employees/solde': { body: makeSolde({ earned: '4250.00', balance: '1500.00' }) } },
    );
    const solde = await screen.findByRole('region', { name: 'Mon solde' });
    // The labels show at once, the figures (spinners until then) when the balance has come.
    await waitFor(() => expect(solde).not.toHaveAttribute('aria-busy'));
    expect(within(solde).getByText('Gagné ce mois-ci').nextElementSibling).toHaveTextContent(/^4\s250\sDH$/);
    expect(within(solde).getByText('Disponible').nextElementSibling).toHaveTextContent(/^1\s500\sDH$/);
    expect(within(solde).getByRole('link', { name: 'Demander une avance' })).toHaveAttribute(
      'href',
      '/advance',
    );
  });

  it('offers no advance link when advances are off', async () => {
    await openHome(
      { settings: { advances_enabled: false } },
      { 'GET /employees/solde': { body: makeSolde() } },
    );
    const solde = await screen.findByRole('region', { name: 'Mon solde' });
    await within(solde).findByText('Disponible');
    expect(within(solde).queryByRole('link')).not.toBeInTheDocument();
  });

  it('leaves the card out when the service refuses (404), and keeps the page', async () => {
    const app = await openHome({}, { 'GET /employees/solde': apiError(404, 'not_found') });
    await vi.waitFor(() => expect(app.api.requestsTo('GET /employees/solde')).toHaveLength(1));
    await vi.waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Mon solde' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('region', { name: 'Mes services' })).toBeInTheDocument();
  });

  it('offers a retry when the balance fails to load', async () => {
    const app = await openHome({}, { 'GET /employees/solde': apiError(500, 'error') });
    const solde = await screen.findByRole('region', { name: 'Mon solde' });
    await within(solde).findByText("Votre solde n'a pas pu être chargé.");
    app.api.on('GET /employees/solde', { body: makeSolde({ balance: '321.00' }) });
    await app.user.click(within(solde).getByRole('button', { name: 'Réessayer' }));
    await within(screen.getByRole('region', { name: 'Mon solde' })).findByText(/^321\sDH$/);
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
});
