import type { TTransaction } from '@tasbiq/contracts/transactions';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeHandler, sequence } from '../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';
import { currentMonth } from '../../lib/dates/casablanca-month.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const plain = (text: string | null | undefined) => text?.replace(/\s+/g, ' ');

const karim = { id: 7, first_name: 'Karim', last_name: 'Benjelloun', serial: 'ATL-0001' };
const all: TTransaction[] = [
  {
    id: 31,
    type: 'advance',
    employee: karim,
    title: 'Avance sur salaire',
    amount: '1500.00',
    fees: '15.00',
    status: 'processing',
    created: '2026-11-20T10:15:00+00:00',
  },
  {
    id: 31,
    type: 'recharge',
    employee: { id: 8, first_name: 'Salma', last_name: 'Idrissi', serial: null },
    title: 'Recharge 100 DH',
    amount: '97.00',
    fees: '0.00',
    status: 'failed',
    created: '2026-11-19T18:40:00+00:00',
  },
  {
    id: 30,
    type: 'advance',
    employee: karim,
    title: 'Avance sur salaire',
    amount: '500.00',
    fees: '0.00',
    status: 'canceled',
    created: '2026-10-02T09:00:00+00:00',
  },
];

function transactionsHandler(items = all): FakeHandler {
  return (request) => {
    const q = request.query;
    const types = q.get('type_in')?.split(',');
    const matching = items.filter((t) => !types || types.includes(t.type));
    const limit = Number(q.get('limit') ?? 20);
    const offset = Number(q.get('offset') ?? 0);
    return {
      body: {
        count: matching.length,
        next: null,
        previous: null,
        results: matching.slice(offset, offset + limit),
      },
    };
  };
}

async function openList(
  path = '/rh/transactions',
  extra: Record<string, FakeHandler> = {},
  itemsPerPage = 20,
) {
  signIn();
  const app = renderApp(path, {
    handlers: {
      ...sessionHandlers({ account: { roles: ['RH'] }, settings: { items_per_page: itemsPerPage } }),
      'GET /transactions': transactionsHandler(),
      ...extra,
    },
  });
  await screen.findByRole('heading', { name: 'Transactions', level: 1 });
  return app;
}

const lastQuery = (app: Awaited<ReturnType<typeof openList>>) =>
  app.api.requestsTo('GET /transactions').at(-1)!.query;

describe('/rh/transactions', () => {
  it("lists the company's advances and top-ups with employee, type, amounts and French status", async () => {
    await openList();
    const table = await screen.findByRole('table', { name: 'Transactions' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(plain(rows[0]!.textContent)).toBe(
      '20/11/2026 10:15Karim BenjellounATL-0001Avance sur salaire1 500 DH15 DHEn cours de traitement',
    );
    // The type once; the title under it only when it says more (a top-up's operator and amount).
    const typeCell = (row: HTMLElement) => plain(within(row).getAllByRole('cell')[2]!.textContent);
    expect(typeCell(rows[0]!)).toBe('Avance sur salaire');
    expect(typeCell(rows[1]!)).toBe('Recharge téléphoniqueRecharge 100 DH');
    expect(within(rows[0]!).getAllByText('Avance sur salaire')).toHaveLength(1);
    const cards = within(screen.getByRole('list', { name: 'Transactions' })).getAllByRole('listitem');
    expect(cards[0]).toHaveTextContent(/^Karim Benjelloun.*Avance sur salaire · Frais : 15\sDH/);
    expect(cards[1]).toHaveTextContent('Recharge téléphonique · Recharge 100 DH');
    expect(rows[1]).toHaveTextContent('Recharge téléphonique');
    expect(rows[1]).toHaveTextContent('97 DH');
    expect(rows[1]).toHaveTextContent('Échouée');
    expect(rows[2]).toHaveTextContent('Gratuite');
    expect(rows[2]).toHaveTextContent('Annulée');
    expect(within(screen.getByRole('list', { name: 'Transactions' })).getAllByRole('listitem')).toHaveLength(
      3,
    );
    expect(screen.getByText('3 transactions')).toBeInTheDocument();
  });

  it('sends type, status, year, month and the employee search, kept in the address', async () => {
    const app = await openList();
    await screen.findByRole('table');
    expect(lastQuery(app).get('limit')).toBe('20');
    expect(lastQuery(app).get('offset')).toBeNull();

    await app.user.selectOptions(screen.getByLabelText('Type'), 'Recharge téléphonique');
    await waitFor(() => expect(lastQuery(app).get('type_in')).toBe('recharge'));
    await app.user.selectOptions(screen.getByLabelText('Statut'), 'Échouée');
    await waitFor(() => expect(lastQuery(app).get('status')).toBe('failed'));
    expect(lastQuery(app).get('type_in')).toBe('recharge');

    // A month alone means this year's.
    await app.user.selectOptions(screen.getByLabelText('Mois'), 'Novembre');
    await waitFor(() => expect(lastQuery(app).get('month')).toBe('11'));
    expect(lastQuery(app).get('year')).toBe(String(currentMonth().year));

    await app.user.type(screen.getByLabelText('Rechercher un salarié'), 'Karim');
    await waitFor(() => expect(lastQuery(app).get('search')).toBe('Karim'));
    expect(new URLSearchParams(app.router.state.location.search).get('type')).toBe('recharge');

    // No year: no month either.
    await app.user.selectOptions(screen.getByLabelText('Année'), 'Toutes les années');
    await waitFor(() => expect(lastQuery(app).get('year')).toBeNull());
    expect(lastQuery(app).get('month')).toBeNull();
    expect(screen.getByLabelText('Mois')).toHaveValue('');
  });

  it('pages with limit and offset', async () => {
    const app = await openList('/rh/transactions', {}, 2);
    await screen.findByRole('table');
    expect(screen.getByText('1–2 sur 3')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(lastQuery(app).get('offset')).toBe('2'));
    expect(await screen.findByText('3–3 sur 3')).toBeInTheDocument();
    expect(app.router.state.location.search).toBe('?offset=2');
  });

  it('says « environ » when the API answers an estimated count (past 10 000 rows)', async () => {
    await openList('/rh/transactions', {
      'GET /transactions': {
        body: { count: 1_048_391, count_is_estimate: true, next: '/next', previous: null, results: all },
      },
    });
    await screen.findByRole('table');
    expect(plain(screen.getByText(/transactions$/).textContent)).toBe('environ 1 000 000 transactions');
    const pages = screen.getByRole('navigation', { name: 'Pagination des transactions' });
    expect(plain(pages.querySelector('p')?.textContent)).toBe('1–20 sur environ 1 000 000');
  });

  it('shows an empty list, and an empty filtered one with a way out', async () => {
    const app = await openList('/rh/transactions?type=advance', {
      'GET /transactions': transactionsHandler([]),
    });
    expect(await screen.findByText('Aucune transaction ne correspond à ces critères.')).toBeInTheDocument();
    await app.user.click(screen.getAllByRole('button', { name: 'Effacer les filtres' })[0]!);
    expect(await screen.findByText('Aucune transaction pour le moment.')).toBeInTheDocument();
  });

  it('shows a failed load with a retry', async () => {
    const app = await openList('/rh/transactions', {
      'GET /transactions': sequence(apiError(500, 'error'), transactionsHandler()),
    });
    expect(await screen.findByText("Les transactions n'ont pas pu être chargées.")).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('table', { name: 'Transactions' })).toBeInTheDocument();
  });
});
