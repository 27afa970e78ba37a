import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeSolde } from '../features/shared/testing/money-fixtures.ts';
import { App } from './app.tsx';
import { installFakeApi } from './testing/fake-api.ts';
import { makeAccount, makeSettings, makeTerms } from './testing/fixtures.ts';
import { signIn } from './testing/render-app.tsx';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the first page (issue 9 §4)', () => {
  it('with a session, asks for the home’s balance while the account call is still on its way, once', async () => {
    signIn();
    const api = installFakeApi();
    let answerAccount: () => void = () => {};
    const account = new Promise<void>((resolve) => (answerAccount = resolve));
    api.on('GET /auth/account', async () => {
      await account;
      return { body: makeAccount() };
    });
    api.on('GET /settings', { body: makeSettings() });
    api.on('GET /terms/latest', { body: makeTerms() });
    api.on('GET /announcements/published', { body: { count: 0, next: null, previous: null, results: [] } });
    api.on('GET /employees/solde', { body: makeSolde({ earned: '4250.00', balance: '1500.00' }) });

    render(<App />);
    await waitFor(() => expect(api.requestsTo('GET /employees/solde')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Mon solde' })).not.toBeInTheDocument();

    answerAccount();
    const solde = await screen.findByRole('region', { name: 'Mon solde' });
    expect(await within(solde).findByText('Disponible')).toBeInTheDocument();
    expect(api.requestsTo('GET /employees/solde')).toHaveLength(1);
  });

  it('without a session, asks for nothing but the login page', async () => {
    const api = installFakeApi();
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(api.requestsTo('GET /employees/solde')).toHaveLength(0);
  });
});
