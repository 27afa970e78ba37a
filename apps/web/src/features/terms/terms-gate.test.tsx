import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeHandler, sequence } from '../../app/testing/fake-api.ts';
import { makeTerms } from '../../app/testing/fixtures.ts';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const TITLE = "Conditions générales d'utilisation";
const announcement = {
  id: 1,
  title: 'Nouvelle mutuelle',
  content: '<p>Dès janvier.</p>',
  published_at: '2025-01-02T10:00:00+01:00',
};

/** The terms side of the API: pending until POST /terms/ {terms: id} is received. */
function termsServer({ id = 3, acceptance = { status: 201, body: {} } as FakeHandler } = {}) {
  const state = { isAccepted: false };
  const accept = sequence(acceptance, { status: 201, body: {} });
  const handlers: Record<string, FakeHandler> = {
    'GET /terms/latest': () => ({
      body: makeTerms({
        id,
        version: `${id}.0`,
        content: `<p>Version ${id}</p>`,
        accepted: state.isAccepted,
      }),
    }),
    'POST /terms': async (request) => {
      const answer = typeof accept === 'function' ? await accept(request) : accept;
      if ((answer.status ?? 200) < 300) state.isAccepted = true;
      return answer;
    },
  };
  return { state, handlers };
}

describe('terms of use', () => {
  it('opens, non-dismissible, when the latest terms are pending after login', async () => {
    signIn();
    const terms = termsServer();
    const app = renderApp('/', { handlers: { ...sessionHandlers(), ...terms.handlers } });
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    // The text's sanitiser downloads with the first terms shown (terms-gate.tsx).
    expect(await within(dialog).findByTestId('rich-content')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Fermer' })).not.toBeInTheDocument();
    // The text scrolls inside the modal: keyboard users must be able to focus it (axe: scrollable-region-focusable).
    const text = within(dialog).getByRole('region', { name: 'Texte des conditions' });
    expect(text).toHaveAttribute('tabindex', '0');
    expect(text).toContainElement(within(dialog).getByTestId('rich-content'));

    await app.user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: TITLE })).toBeInTheDocument();

    await app.user.click(within(dialog).getByRole('button', { name: "J'accepte" }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument());
    expect(app.api.requestsTo('POST /terms')[0]!.body).toEqual({ terms: 3 });
  });

  it('stays closed when the terms are accepted', async () => {
    signIn();
    renderApp('/', { handlers: sessionHandlers() });
    await screen.findByRole('heading', { name: 'Bonjour Salma' });
    expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument();
  });

  it('retries a call refused with terms_not_accepted once the user accepts', async () => {
    signIn();
    const terms = termsServer({ id: 4 });
    // New terms are published while the user is in: the first look said "accepted", then a call
    // is refused and the HTTP client hands over to the terms modal.
    const latest = terms.handlers['GET /terms/latest'] as Extract<FakeHandler, (...args: never[]) => unknown>;
    let isPublished = false;
    const app = renderApp('/', {
      handlers: {
        ...sessionHandlers(),
        ...terms.handlers,
        'GET /terms/latest': (request) =>
          isPublished ? latest(request) : { body: makeTerms({ id: 3, accepted: true }) },
        'GET /announcements/published': () => {
          isPublished = true;
          return terms.state.isAccepted
            ? { body: { count: 1, next: null, previous: null, results: [announcement] } }
            : apiError(403, 'terms_not_accepted');
        },
      },
    });

    await screen.findByRole('heading', { name: 'Bonjour Salma' });
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    expect(await within(dialog).findByText(/version 4\.0/)).toBeInTheDocument();
    expect(screen.queryByText('Nouvelle mutuelle')).not.toBeInTheDocument();

    await app.user.click(within(dialog).getByRole('button', { name: "J'accepte" }));

    // The refused call was replayed: its answer is on the page.
    expect(await screen.findByRole('heading', { name: 'Nouvelle mutuelle' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument());
    expect(app.api.requestsTo('POST /terms')[0]!.body).toEqual({ terms: 4 });
    expect(app.api.requestsTo('GET /announcements/published')).toHaveLength(2);
  });

  it('shows the error when the acceptance fails, and lets the user try again', async () => {
    signIn();
    const terms = termsServer({ acceptance: apiError(500, 'error') });
    const app = renderApp('/', { handlers: { ...sessionHandlers(), ...terms.handlers } });
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    await app.user.click(within(dialog).getByRole('button', { name: "J'accepte" }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Erreur interne');
    await app.user.click(within(dialog).getByRole('button', { name: "J'accepte" }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument());
    expect(app.api.requestsTo('POST /terms')).toHaveLength(2);
  });

  it('lets the user log out instead', async () => {
    signIn();
    const terms = termsServer();
    const app = renderApp('/', {
      handlers: { ...sessionHandlers(), ...terms.handlers, 'POST /auth/logout': { body: {} } },
    });
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    await app.user.click(within(dialog).getByRole('button', { name: 'Se déconnecter' }));
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument();
  });
});
