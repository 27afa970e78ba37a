import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, installFakeApi, sequence } from './testing/fake-api.ts';
import { makeSettings } from './testing/fixtures.ts';
import { renderApp, sessionHandlers, signIn } from './testing/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('routing and guards', () => {
  it('sends an anonymous visitor from a protected page to /login', async () => {
    const app = renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/login');
  });

  it('sends an anonymous visitor from the HR area to /login', async () => {
    const app = renderApp('/rh/employees');
    await screen.findByRole('heading', { name: 'Connexion' });
    expect(app.pathname()).toBe('/login');
  });

  it('shows the not-found page with a link home for an unknown path', async () => {
    const app = renderApp('/nulle-part');
    expect(await screen.findByRole('heading', { name: 'Page non trouvée' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
    expect(app.pathname()).toBe('/nulle-part');
  });

  it('sends a logged-in visitor from /login to /', async () => {
    signIn();
    const app = renderApp('/login', { handlers: sessionHandlers() });
    expect(await screen.findByRole('heading', { name: 'Bonjour Salma' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/');
  });

  it('sends a logged-in visitor from /reset and /onboarding to /', async () => {
    signIn();
    const app = renderApp('/onboarding?token=abc', { handlers: sessionHandlers() });
    await screen.findByRole('heading', { name: 'Bonjour Salma' });
    expect(app.pathname()).toBe('/');
  });

  it('lets an anonymous visitor open /reset and /onboarding', async () => {
    renderApp('/onboarding?token=abc');
    expect(await screen.findByRole('heading', { name: 'Commande de carte' })).toBeInTheDocument();
  });

  it('sends a non-HR employee from /rh to /', async () => {
    signIn();
    const app = renderApp('/rh', { handlers: sessionHandlers() });
    await screen.findByRole('heading', { name: 'Bonjour Salma' });
    expect(app.pathname()).toBe('/');
  });

  it('sends a non-employee (no company) from the employee area to /404', async () => {
    signIn();
    const app = renderApp('/', { handlers: sessionHandlers({ account: { company: null } }) });
    await screen.findByRole('heading', { name: 'Page non trouvée' });
    expect(app.pathname()).toBe('/404');
  });

  it('redirects to /404 when the feature is off', async () => {
    signIn();
    const app = renderApp('/advance', {
      handlers: sessionHandlers({ settings: { advances_enabled: false } }),
    });
    await screen.findByRole('heading', { name: 'Page non trouvée' });
    expect(app.pathname()).toBe('/404');
  });

  it('opens a page whose feature is on', async () => {
    signIn();
    const app = renderApp('/advance', { handlers: sessionHandlers() });
    expect(await screen.findByRole('heading', { name: 'Avance sur salaire' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/advance');
  });

  it('opens historique with recharges alone, and closes it with neither', async () => {
    signIn();
    const api = installFakeApi(sessionHandlers({ settings: { advances_enabled: false } }));
    const first = renderApp('/historique', { api });
    expect(await screen.findByRole('heading', { name: 'Historique' })).toBeInTheDocument();
    first.unmount();

    api.on('GET /settings', { body: makeSettings({ advances_enabled: false, recharges_enabled: false }) });
    const second = renderApp('/historique', { api });
    await screen.findByRole('heading', { name: 'Page non trouvée' });
    expect(second.pathname()).toBe('/404');
  });

  it('redirects an HR page to /404 when its feature is off', async () => {
    signIn();
    const app = renderApp('/rh/bonuses/add', {
      handlers: sessionHandlers({ account: { roles: ['RH'] }, settings: { bonuses_enabled: false } }),
    });
    await screen.findByRole('heading', { name: 'Page non trouvée' });
    expect(app.pathname()).toBe('/404');
  });

  it('keeps the budget policy from RH (/404) and opens it to the DRH', async () => {
    signIn();
    const rh = renderApp('/rh/policy', { handlers: sessionHandlers({ account: { roles: ['RH'] } }) });
    await screen.findByRole('heading', { name: 'Page non trouvée' });
    expect(rh.pathname()).toBe('/404');
    rh.unmount();

    const drh = renderApp('/rh/policy/7/edit', {
      handlers: sessionHandlers({ account: { roles: ['DRH'] } }),
    });
    expect(
      await screen.findByRole('heading', { name: 'Modifier la politique budgétaire' }),
    ).toBeInTheDocument();
    expect(drh.pathname()).toBe('/rh/policy/7/edit');
  });

  it('switches an HR employee between the employee and the management modes', async () => {
    signIn();
    const app = renderApp('/', { handlers: sessionHandlers({ account: { roles: ['RH'] } }) });
    await screen.findByRole('heading', { name: 'Bonjour Salma' });

    await app.user.click(screen.getByRole('link', { name: 'Passer au mode Gestion' }));
    expect(await screen.findByRole('heading', { name: 'Tableau de bord' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/rh');

    const hrNav = screen.getByRole('navigation', { name: 'Navigation gestion' });
    expect(within(hrNav).getByRole('link', { name: 'Primes' })).toBeInTheDocument();
    // The policy link is for the DRH only.
    expect(within(hrNav).queryByRole('link', { name: 'Politique budgétaire' })).not.toBeInTheDocument();

    await app.user.click(screen.getAllByRole('link', { name: 'Passer au mode Employé' })[0]!);
    await screen.findByRole('heading', { name: 'Bonjour Salma' });
    expect(app.pathname()).toBe('/');
  });

  it('offers no management mode to a plain employee', async () => {
    signIn();
    renderApp('/', { handlers: sessionHandlers() });
    await screen.findByRole('heading', { name: 'Bonjour Salma' });
    expect(screen.queryByRole('link', { name: 'Passer au mode Gestion' })).not.toBeInTheDocument();
  });

  it('hides the history link when neither advances nor recharges are on', async () => {
    signIn();
    renderApp('/', {
      handlers: sessionHandlers({ settings: { advances_enabled: false, recharges_enabled: false } }),
    });
    const nav = await screen.findByRole('navigation', { name: 'Navigation principale' });
    expect(within(nav).queryByRole('link', { name: 'Historique' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Profil' })).toBeInTheDocument();
  });

  it('has « Ma carte » in the employee menu, only when the company has cards', async () => {
    signIn();
    const app = renderApp('/', { handlers: sessionHandlers() });
    const nav = await screen.findByRole('navigation', { name: 'Navigation principale' });
    expect(within(nav).getByRole('link', { name: 'Ma carte' })).toHaveAttribute('href', '/card');
    app.unmount();
    signIn();
    renderApp('/', { handlers: sessionHandlers({ settings: { cards_enabled: false } }) });
    const without = await screen.findByRole('navigation', { name: 'Navigation principale' });
    expect(within(without).queryByRole('link', { name: 'Ma carte' })).not.toBeInTheDocument();
  });

  it('scrolls back to the top on each navigation', async () => {
    signIn();
    const app = renderApp('/', { handlers: sessionHandlers() });
    await screen.findByRole('heading', { name: 'Bonjour Salma' });
    app.scrollTo.mockClear();
    await app.user.click(screen.getByRole('link', { name: 'Notifications' }));
    await screen.findByRole('heading', { name: 'Notifications' });
    expect(app.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('takes the visitor back to the page they asked for once logged in', async () => {
    const app = renderApp('/profile', {
      handlers: {
        ...sessionHandlers(),
        'POST /auth/token': { body: { access: 'a1', refresh: 'r1', otp_required: false } },
      },
    });
    await screen.findByRole('heading', { name: 'Connexion' });
    await app.user.type(screen.getByLabelText(/E-mail ou téléphone/), 'salma@acme.ma');
    await app.user.type(screen.getByLabelText(/^Mot de passe/), 'secret-pass');
    await app.user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('heading', { name: 'Mon profil' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/profile');
  });

  it('offers a retry when the account cannot be loaded', async () => {
    signIn();
    const app = renderApp('/', {
      handlers: {
        ...sessionHandlers(),
        'GET /auth/account': sequence(apiError(500, 'error'), { body: undefined }),
      },
    });
    expect(await screen.findByText('Impossible de charger votre espace')).toBeInTheDocument();
    app.api.on('GET /auth/account', sessionHandlers()['GET /auth/account']!);
    await app.user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { name: 'Bonjour Salma' })).toBeInTheDocument();
  });

  it('sends the visitor to /login when the session ends', async () => {
    signIn();
    const app = renderApp('/profile', {
      handlers: { ...sessionHandlers(), 'POST /auth/logout': { body: {} } },
    });
    await screen.findByRole('heading', { name: 'Mon profil' });
    await app.user.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    await screen.findByRole('heading', { name: 'Connexion' });
    expect(app.pathname()).toBe('/login');
    expect(localStorage.length).toBe(0);
    await waitFor(() => expect(app.api.requestsTo('POST /auth/logout')).toHaveLength(1));
    expect(app.api.requestsTo('POST /auth/logout')[0]!.body).toEqual({ refresh: 'refresh-token' });
  });
});
