import type { TDailyStat } from '@tasbiq/contracts/advances';
import type { THrStats } from '@tasbiq/contracts/stats';
import type { TTransaction } from '@tasbiq/contracts/transactions';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeHandler, sequence } from '../../app/testing/fake-api.ts';
import { renderApp, type SessionOptions, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';

// The real chart draws (plain elements, no layout needed); a test that wants its fallback makes it throw.
const chart = vi.hoisted(() => ({ shouldThrow: false }));
vi.mock('./components/daily-bar-chart.tsx', async (importOriginal) => {
  const original = await importOriginal<typeof import('./components/daily-bar-chart.tsx')>();
  const Real = original.default;
  return {
    ...original,
    default: (props: Parameters<typeof Real>[0]) => {
      if (chart.shouldThrow) throw new Error('chart failed');
      return <Real {...props} />;
    },
  };
});

/** Text with every space (the amounts' no-break ones too) as a plain space. */
const plain = (text: string | null | undefined) => text?.replace(/\s+/g, ' ');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  chart.shouldThrow = false;
});

const stats: THrStats = {
  month: 11,
  year: 2026,
  wallet_balance: '498485.00',
  active_employees: 48,
  employees_with_advance: 7,
  advances_count: 9,
  advances_amount: '13500.00',
  fees_amount: '120.00',
  recharges_count: 4,
  recharges_amount: '388.00',
  bills_count: 0,
  bills_amount: '0.00',
  transfers_count: 0,
  transfers_amount: '0.00',
  pending_advances: 2,
};

function days(values: Array<[number, string]>): TDailyStat[] {
  return values.map(([count, amount], index) => ({
    date: `2026-11-${String(index + 1).padStart(2, '0')}`,
    count,
    amount,
  }));
}

const employee = { id: 7, first_name: 'Karim', last_name: 'Benjelloun', serial: 'ATL-0001' };
const transactions: TTransaction[] = [
  {
    id: 12,
    type: 'advance',
    employee,
    title: 'Avance sur salaire',
    amount: '1500.00',
    fees: '15.00',
    status: 'pending',
    created: new Date(Date.now() - 5 * 60_000).toISOString(),
  },
  {
    id: 12,
    type: 'recharge',
    employee: { ...employee, id: 8, first_name: 'Salma', last_name: 'Idrissi' },
    title: 'Recharge 100 DH',
    amount: '97.00',
    fees: '0.00',
    status: 'executed',
    created: '2026-11-02T10:00:00+00:00',
  },
];

async function openDashboard(extra: Record<string, FakeHandler> = {}, session: SessionOptions = {}) {
  signIn();
  const app = renderApp('/rh', {
    handlers: {
      ...sessionHandlers({ account: { roles: ['RH'] }, ...session }),
      'GET /company/wallet/balance': {
        body: { balance: '498485.00', total_credit: '500000.00', total_debit: '1515.00' },
      },
      'GET /stats/rh': { body: stats },
      'GET /advances/stats/daily': {
        body: days([
          [0, '0.00'],
          [2, '1500.00'],
          [1, '300.50'],
        ]),
      },
      'GET /recharges/stats/daily': {
        body: days([
          [0, '0.00'],
          [1, '97.00'],
          [0, '0.00'],
        ]),
      },
      'GET /transactions': { body: { count: 2, next: null, previous: null, results: transactions } },
      ...extra,
    },
  });
  await screen.findByRole('heading', { name: 'Tableau de bord', level: 1 });
  return app;
}

describe('/rh dashboard', () => {
  it('shows the wallet, linked to the wallet page', async () => {
    await openDashboard();
    const wallet = screen.getByRole('region', { name: 'Solde du portefeuille' });
    expect(await within(wallet).findByText('498 485 DH')).toBeInTheDocument();
    expect(within(wallet).getByText('500 000 DH')).toBeInTheDocument();
    expect(within(wallet).getByText('1 515 DH')).toBeInTheDocument();
    expect(within(wallet).getByRole('link', { name: 'Voir le portefeuille' })).toHaveAttribute(
      'href',
      '/rh/wallet',
    );
  });

  it("shows the month's key figures", async () => {
    await openDashboard();
    const figures = await screen.findByRole('region', { name: 'Chiffres clés de novembre 2026' });
    const value = (label: string) => plain(within(figures).getByText(label).nextElementSibling?.textContent);
    expect(value('Salariés actifs')).toBe('48');
    expect(value('Avances du mois')).toBe('13 500 DH9 avances');
    expect(value('Frais des avances')).toBe('120 DH');
    expect(value('Recharges du mois')).toBe('388 DH4 recharges');
    expect(value('Avances en attente')).toBe('2');
    expect(value('Salariés ayant pris une avance')).toBe('7');
    // No bill nor transfer this month: their tiles stay out.
    expect(within(figures).queryByText('Factures du mois')).not.toBeInTheDocument();
    expect(within(figures).queryByText('Transferts du mois')).not.toBeInTheDocument();
  });

  it("shows the month's bills and transfers once there are any (issue 16)", async () => {
    await openDashboard({
      'GET /stats/rh': {
        body: {
          ...stats,
          bills_count: 3,
          bills_amount: '845.00',
          transfers_count: 1,
          transfers_amount: '515.00',
        },
      },
    });
    const figures = await screen.findByRole('region', { name: 'Chiffres clés de novembre 2026' });
    const value = (label: string) => plain(within(figures).getByText(label).nextElementSibling?.textContent);
    expect(value('Factures du mois')).toBe('845 DH3 factures');
    expect(value('Transferts du mois')).toBe('515 DH1 transfert');
  });

  it('elides "de" before a month that starts with a vowel', async () => {
    await openDashboard({ 'GET /stats/rh': { body: { ...stats, month: 10 } } });
    expect(await screen.findByRole('region', { name: 'Chiffres clés d’octobre 2026' })).toBeInTheDocument();
  });

  it('draws each daily series, with a summary and a hidden table of the active days', async () => {
    await openDashboard();
    const advances = screen.getByRole('region', { name: 'Avances par jour' });
    expect(await within(advances).findAllByTestId('bar')).toHaveLength(3);
    expect(advances).toHaveTextContent('3 avances pour 1 801 DH du 01/11/2026 au 03/11/2026');
    // The drawing is hidden from assistive technologies; the table carries the numbers.
    expect(within(advances).getByTestId('daily-chart')).toHaveAttribute('aria-hidden', 'true');
    const table = within(advances).getByRole('table');
    expect(table.parentElement).toHaveClass('sr-only');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => plain(row.textContent))).toEqual(['02/11/202621 500 DH', '03/11/20261301 DH']);

    const recharges = screen.getByRole('region', { name: 'Recharges par jour' });
    expect(await within(recharges).findAllByTestId('bar')).toHaveLength(3);
    expect(recharges).toHaveTextContent('1 recharge pour 97 DH');
  });

  it('says so when a series has nothing, without loading the chart', async () => {
    await openDashboard({
      'GET /recharges/stats/daily': {
        body: days([
          [0, '0.00'],
          [0, '0.00'],
        ]),
      },
    });
    const recharges = screen.getByRole('region', { name: 'Recharges par jour' });
    expect(await within(recharges).findByText(/Aucune recharge sur la période\./)).toBeInTheDocument();
    expect(within(recharges).queryByTestId('daily-chart')).not.toBeInTheDocument();
    expect(within(recharges).queryByRole('table')).not.toBeInTheDocument();
  });

  it('keeps the figures when the chart cannot be drawn', async () => {
    chart.shouldThrow = true;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await openDashboard();
    const advances = screen.getByRole('region', { name: 'Avances par jour' });
    expect(await within(advances).findByText("Le graphique n'a pas pu être affiché.")).toBeInTheDocument();
    expect(advances).toHaveTextContent('3 avances pour 1 801 DH');
    expect(within(advances).getByRole('table')).toBeInTheDocument();
  });

  it('lists the last 10 transactions with employee, type, amount, status and date', async () => {
    const app = await openDashboard();
    const list = await screen.findByRole('list', { name: 'Dernières transactions' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Karim Benjelloun');
    expect(items[0]).toHaveTextContent('1 500 DH');
    expect(items[0]).toHaveTextContent('Avance sur salaire · il y a 5 minutes');
    expect(items[0]).toHaveTextContent('En attente');
    expect(items[1]).toHaveTextContent('Salma Idrissi');
    expect(items[1]).toHaveTextContent('Recharge téléphonique');
    expect(items[1]).toHaveTextContent('97 DH');
    expect(items[1]).toHaveTextContent('Exécutée');
    expect(app.api.requestsTo('GET /transactions')[0]!.query.get('limit')).toBe('10');
    expect(screen.getByRole('link', { name: 'Tout voir' })).toHaveAttribute('href', '/rh/transactions');
  });

  it('shows the last 3 bonuses (spec §9), each opening its details; none when the feature is off', async () => {
    const latest = [
      {
        id: 5,
        display_title: 'Aïd El Kébir',
        type: 'collective',
        beneficiaries_count: 120,
        total_amount: '120000.00',
        status: 'confirmed',
        created: new Date().toISOString(),
      },
      {
        id: 4,
        display_title: 'Panier repas',
        type: 'individual',
        beneficiaries_count: 1,
        total_amount: '300.00',
        status: 'pending',
        created: new Date().toISOString(),
      },
    ];
    const app = await openDashboard({ 'GET /bonuses/latest': { body: latest } });
    const list = await screen.findByRole('list', { name: 'Dernières primes' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Aïd El Kébir');
    expect(items[0]).toHaveTextContent(/120\s000\sDH/);
    expect(items[0]).toHaveTextContent('Collective · 120 bénéficiaires');
    expect(items[0]).toHaveTextContent('Confirmée');
    expect(within(items[1]!).getByRole('link', { name: 'Panier repas' })).toHaveAttribute(
      'href',
      '/rh/bonuses/4',
    );
    expect(screen.getByRole('link', { name: 'Toutes les primes' })).toHaveAttribute('href', '/rh/bonuses');
    expect(app.api.requestsTo('GET /bonuses/latest')).toHaveLength(1);
  });

  it('makes no bonus call when the feature is off', async () => {
    const app = await openDashboard({}, { settings: { bonuses_enabled: false } });
    await screen.findByRole('list', { name: 'Dernières transactions' });
    expect(screen.queryByRole('heading', { name: 'Dernières primes' })).not.toBeInTheDocument();
    expect(app.api.requests.some((request) => request.path.startsWith('/bonuses'))).toBe(false);
  });

  it('shows empty lists as such', async () => {
    await openDashboard({
      'GET /transactions': { body: { count: 0, next: null, previous: null, results: [] } },
    });
    expect(await screen.findByText('Aucune transaction pour le moment.')).toBeInTheDocument();
  });

  it('lets each block fail on its own, with a retry', async () => {
    const app = await openDashboard({
      'GET /stats/rh': sequence(apiError(500, 'error'), { body: stats }),
      'GET /advances/stats/daily': apiError(500, 'error'),
    });
    expect(await screen.findByText(/Les chiffres clés n'ont pas pu être chargés/)).toBeInTheDocument();
    const advances = screen.getByRole('region', { name: 'Avances par jour' });
    expect(await within(advances).findByText(/Les données n'ont pas pu être chargées/)).toBeInTheDocument();
    // The rest of the page is there.
    expect(await screen.findByRole('list', { name: 'Dernières transactions' })).toBeInTheDocument();
    const figures = screen.getByRole('region', { name: 'Chiffres clés du mois' });
    await app.user.click(within(figures).getByRole('button', { name: 'Réessayer' }));
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Chiffres clés de novembre 2026' })).toBeInTheDocument(),
    );
  });

  it('leaves out the chart of a feature that is off', async () => {
    const app = await openDashboard({}, { settings: { recharges_enabled: false } });
    await screen.findByRole('region', { name: 'Avances par jour' });
    expect(screen.queryByRole('region', { name: 'Recharges par jour' })).not.toBeInTheDocument();
    expect(app.api.requestsTo('GET /recharges/stats/daily')).toHaveLength(0);
  });
});
