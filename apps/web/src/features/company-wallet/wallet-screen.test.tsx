import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeHandler, sequence } from '../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';
import { makeWalletExport, makeWalletTransaction, page } from './testing/wallet-data.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const movements = [
  makeWalletTransaction({ id: 3, type: 'advance', title: 'Avance sur salaire', amount: '-1515.00' }),
  makeWalletTransaction({
    id: 2,
    type: 'wallet_funding',
    title: 'Alimentation du portefeuille',
    amount: '500000.00',
    description: '',
  }),
];

function transactionsHandler(count = movements.length): FakeHandler {
  return { body: page(movements, count) };
}

async function openWallet(path = '/rh/wallet', extra: Record<string, FakeHandler> = {}) {
  signIn();
  const app = renderApp(path, {
    handlers: {
      ...sessionHandlers({ account: { roles: ['RH'] }, settings: { items_per_page: 20 } }),
      'GET /company/wallet/balance': {
        body: { balance: '498485.00', total_credit: '500000.00', total_debit: '1515.00' },
      },
      'GET /company/wallet/transactions': transactionsHandler(),
      'GET /company/wallet/export': { body: page([]) },
      ...extra,
    },
  });
  await screen.findByRole('heading', { name: 'Portefeuille', level: 1 });
  return app;
}

const lastQuery = (app: Awaited<ReturnType<typeof openWallet>>) =>
  app.api.requestsTo('GET /company/wallet/transactions').at(-1)!.query;

describe('/rh/wallet', () => {
  it('shows the balance with its totals, and the movements signed: + credit in green, − debit', async () => {
    await openWallet();
    const balance = screen.getByRole('region', { name: 'Solde du portefeuille' });
    expect(await within(balance).findByText('498 485 DH')).toBeInTheDocument();
    expect(within(balance).getByText('500 000 DH')).toBeInTheDocument();
    expect(within(balance).getByText('1 515 DH')).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Mouvements du portefeuille' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent(`Avance sur salaire`);
    expect(rows[0]).toHaveTextContent(`Débit − 1 515 DH`);
    expect(within(rows[0]!).getByText('Karim Benali (M-001)')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('12/11/2026 14:05');
    expect(rows[1]).toHaveTextContent('Alimentation');
    expect(rows[1]).toHaveTextContent(`Crédit + 500 000 DH`);
    // Colour helps, the sign and the hidden word say it.
    expect(within(rows[1]!).getByText('500 000 DH')).toHaveClass('text-emerald-700');
    expect(within(rows[0]!).getByText('1 515 DH')).toHaveClass('text-red-700');
    // Phones get the same movements as cards.
    expect(
      within(screen.getByRole('list', { name: 'Mouvements du portefeuille' })).getAllByRole('listitem'),
    ).toHaveLength(2);
    expect(screen.getByText('2 mouvements')).toBeInTheDocument();
  });

  it('sends type, search and date range to the API, keeps them in the address, back to page 1', async () => {
    const app = await openWallet('/rh/wallet?page=2', {
      'GET /company/wallet/transactions': transactionsHandler(45),
    });
    await screen.findByRole('table');
    expect(lastQuery(app).get('page')).toBe('2');
    expect(lastQuery(app).get('limit')).toBe('20');

    await app.user.selectOptions(screen.getByLabelText('Type'), 'Avance sur salaire');
    await waitFor(() => expect(lastQuery(app).get('transaction_type')).toBe('advance'));
    expect(lastQuery(app).get('page')).toBeNull();

    await app.user.type(screen.getByLabelText('Rechercher un mouvement'), 'Karim');
    await waitFor(() => expect(lastQuery(app).get('search')).toBe('Karim'));
    const searches = app.api.requestsTo('GET /company/wallet/transactions').map((r) => r.query.get('search'));
    expect(searches.filter(Boolean)).toEqual(['Karim']);

    await app.user.type(screen.getByLabelText('Date de début'), '2026-03-01');
    await app.user.type(screen.getByLabelText('Date de fin'), '2026-03-31');
    await waitFor(() => expect(lastQuery(app).get('created_before')).toBe('2026-03-31'));
    expect(lastQuery(app).get('created_after')).toBe('2026-03-01');
    expect(new URLSearchParams(app.router.state.location.search).get('type')).toBe('advance');

    await app.user.click(screen.getByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(lastQuery(app).get('page')).toBe('2'));
    expect(lastQuery(app).get('transaction_type')).toBe('advance');

    await app.user.click(screen.getAllByRole('button', { name: 'Effacer les filtres' })[0]!);
    await waitFor(() => expect(lastQuery(app).get('transaction_type')).toBeNull());
    expect(lastQuery(app).get('search')).toBeNull();
    expect(lastQuery(app).get('created_after')).toBeNull();
    expect(app.router.state.location.search).toBe('');
  });

  it('refuses an end date before the start date without asking the API', async () => {
    const app = await openWallet('/rh/wallet?from=2026-03-20&to=2026-03-01');
    expect(await screen.findByText('La date de fin doit être après la date de début.')).toBeInTheDocument();
    expect(screen.getByLabelText('Date de fin')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Exporter (CSV)' })).toBeDisabled();
    expect(app.api.requestsTo('GET /company/wallet/transactions')).toHaveLength(0);
  });

  it('says when there is no movement, and when none matches the filters', async () => {
    await openWallet('/rh/wallet', { 'GET /company/wallet/transactions': { body: page([]) } });
    expect(await screen.findByText('Aucun mouvement pour le moment.')).toBeInTheDocument();
    expect(screen.getByText('Aucun export pour le moment.')).toBeInTheDocument();
  });

  it('says when none matches the filters', async () => {
    await openWallet('/rh/wallet?type=fee', { 'GET /company/wallet/transactions': { body: page([]) } });
    expect(await screen.findByText('Aucun mouvement ne correspond à ces critères.')).toBeInTheDocument();
  });

  it('shows a failed load with a retry', async () => {
    const app = await openWallet('/rh/wallet', {
      'GET /company/wallet/transactions': sequence(apiError(500, 'error'), transactionsHandler()),
      'GET /company/wallet/balance': apiError(500, 'error'),
    });
    expect(await screen.findByText("Les mouvements n'ont pas pu être chargés.")).toBeInTheDocument();
    expect(screen.getByText(/Le solde n'a pas pu être chargé/)).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Mouvements' });
    await app.user.click(within(section).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('table', { name: 'Mouvements du portefeuille' })).toBeInTheDocument();
  });

  it('exports with the filters on screen, then offers the file and refreshes the history', async () => {
    const created = makeWalletExport({ id: 9, rows: 2, created: '2026-11-12T15:00:00+00:00' });
    const app = await openWallet('/rh/wallet?type=advance&search=Karim&from=2026-03-01', {
      'POST /company/wallet/export': { status: 201, body: created },
      'GET /company/wallet/export': sequence({ body: page([]) }, { body: page([created]) }),
      'GET /company/wallet/export/9/download': { body: '\ufeffDate;Type' },
    });
    await screen.findByRole('table');
    await app.user.click(screen.getByRole('button', { name: 'Exporter (CSV)' }));

    expect(await screen.findByText('Export terminé')).toBeInTheDocument();
    expect(screen.getByText('Le fichier contient 2 mouvements.')).toBeInTheDocument();
    expect(app.api.requestsTo('POST /company/wallet/export')[0]!.body).toEqual({
      transaction_type: 'advance',
      search: 'Karim',
      created_after: '2026-03-01',
    });
    const history = screen.getByRole('region', { name: 'Historique des exports' });
    expect(await within(history).findByText('Terminé')).toBeInTheDocument();

    const createObjectURL = vi.fn(() => 'blob:wallet');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await app.user.click(screen.getByRole('button', { name: 'Télécharger le fichier' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const anchor = click.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(anchor.download).toBe('portefeuille-2026-11-12-9.csv');
    const download = app.api.requestsTo('GET /company/wallet/export/9/download')[0]!;
    expect(download.headers.get('Authorization')).toBe('Bearer access-token');
  });

  it('exports everything when no filter is set (an empty body)', async () => {
    const app = await openWallet('/rh/wallet', {
      'POST /company/wallet/export': { status: 201, body: makeWalletExport() },
    });
    await screen.findByRole('table');
    await app.user.click(screen.getByRole('button', { name: 'Exporter (CSV)' }));
    await screen.findByText('Export terminé');
    expect(app.api.requestsTo('POST /company/wallet/export')[0]!.body).toEqual({});
  });

  it('says when the export failed on the server, and when the request itself failed', async () => {
    const app = await openWallet('/rh/wallet', {
      'POST /company/wallet/export': sequence(
        { status: 201, body: makeWalletExport({ status: 'failed', download_url: null }) },
        apiError(403, 'permission_denied'),
      ),
    });
    await screen.findByRole('table');
    await app.user.click(screen.getByRole('button', { name: 'Exporter (CSV)' }));
    expect(await screen.findByText("L'export a échoué.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Télécharger le fichier' })).not.toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Exporter (CSV)' }));
    expect(await screen.findByText("L'export n'a pas pu être créé.")).toBeInTheDocument();
    expect(screen.queryByText("L'export a échoué.")).not.toBeInTheDocument();
  });

  it('lists past exports with their status; only finished ones download', async () => {
    const app = await openWallet('/rh/wallet', {
      'GET /company/wallet/export': {
        body: page([
          makeWalletExport({
            id: 5,
            rows: 1,
            created: '2026-11-10T09:30:00+00:00',
            filters: {
              transaction_type_in: ['advance', 'fee'],
              created_after: '2026-10-20',
              created_before: '2026-10-31',
              search: 'Salma',
            },
          }),
          makeWalletExport({ id: 4, status: 'failed', download_url: null, rows: 0 }),
        ]),
      },
      'GET /company/wallet/export/5/download': { body: 'csv' },
    });
    const history = screen.getByRole('region', { name: 'Historique des exports' });
    const items = await within(history).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Terminé');
    expect(items[0]).toHaveTextContent('1 mouvement');
    // Which filters made each file.
    expect(items[0]).toHaveTextContent(
      'Filtres : Types : Avance sur salaire, Frais · du 20/10/2026 au 31/10/2026 · recherche « Salma »',
    );
    expect(items[1]).toHaveTextContent('Filtres : Tous les mouvements');
    expect(items[1]).toHaveTextContent('Échoué');
    expect(within(items[1]!).queryByRole('button')).not.toBeInTheDocument();

    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await app.user.click(
      within(items[0]!).getByRole('button', { name: "Télécharger l'export du 10/11/2026 09:30" }),
    );
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe(
      'portefeuille-2026-11-10-5.csv',
    );
  });

  it('reports a download that fails', async () => {
    const app = await openWallet('/rh/wallet', {
      'GET /company/wallet/export': { body: page([makeWalletExport({ id: 5 })]) },
      'GET /company/wallet/export/5/download': apiError(404, 'not_found'),
    });
    const history = screen.getByRole('region', { name: 'Historique des exports' });
    await app.user.click(await within(history).findByRole('button', { name: /^Télécharger/ }));
    expect(await screen.findByText("Le fichier n'a pas pu être téléchargé.")).toBeInTheDocument();
  });
});
