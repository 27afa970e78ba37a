import type { TPayrollBonus, TPayrollDeduction } from '@tasbiq/contracts/payroll';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeHandler, sequence } from '../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';
import { currentMonth } from '../../lib/dates/casablanca-month.ts';
import { MONTHS_FR } from '../../lib/format/month-names.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const plain = (text: string | null | undefined) => text?.replace(/\s+/g, ' ');

function deduction(
  overrides: Partial<TPayrollDeduction> & { id: number; name: [string, string] },
): TPayrollDeduction {
  const { id, name, ...rest } = overrides;
  return {
    employee: { id, first_name: name[0], last_name: name[1], serial: `ATL-000${id}`, cin: `BE00000${id}` },
    advances_count: 2,
    advances_amount: '2000.00',
    fees_amount: '15.00',
    recharges_count: 1,
    recharges_amount: '97.00',
    bills_count: 0,
    bills_amount: '0.00',
    transfers_count: 0,
    transfers_amount: '0.00',
    mission_expenses_count: 0,
    mission_expenses_amount: '0.00',
    total: '2112.00',
    ...rest,
  };
}

const rows = [
  deduction({ id: 1, name: ['Karim', 'Benjelloun'] }),
  deduction({
    id: 2,
    name: ['Salma', 'Idrissi'],
    advances_count: 1,
    advances_amount: '1500.00',
    fees_amount: '0.00',
    recharges_amount: '0.00',
    bills_count: 1,
    bills_amount: '412.00',
    transfers_count: 1,
    transfers_amount: '515.00',
    mission_expenses_count: 1,
    mission_expenses_amount: '380.00',
    total: '2807.00',
  }),
];
const totals = {
  employees: 2,
  advances_count: 3,
  recharges_count: 1,
  advances_amount: '3500.00',
  fees_amount: '15.00',
  recharges_amount: '97.00',
  bills_count: 1,
  bills_amount: '412.00',
  transfers_count: 1,
  transfers_amount: '515.00',
  mission_expenses_count: 1,
  mission_expenses_amount: '380.00',
  total: '4919.00',
};

function deductionsHandler(items = rows): FakeHandler {
  return (request) => {
    const search = request.query.get('search')?.toLowerCase();
    const matching = items.filter(
      (row) =>
        !search || `${row.employee.first_name} ${row.employee.last_name}`.toLowerCase().includes(search),
    );
    // Like the API: with a search, the totals are those of the employees it keeps.
    const sum = (pick: (row: TPayrollDeduction) => string) =>
      matching.reduce((total, row) => total + Number(pick(row)), 0).toFixed(2);
    const shown = search
      ? {
          employees: matching.length,
          advances_count: matching.reduce((n, row) => n + row.advances_count, 0),
          recharges_count: matching.reduce((n, row) => n + row.recharges_count, 0),
          advances_amount: sum((row) => row.advances_amount),
          fees_amount: sum((row) => row.fees_amount),
          recharges_amount: sum((row) => row.recharges_amount),
          bills_count: matching.reduce((n, row) => n + row.bills_count, 0),
          bills_amount: sum((row) => row.bills_amount),
          transfers_count: matching.reduce((n, row) => n + row.transfers_count, 0),
          transfers_amount: sum((row) => row.transfers_amount),
          mission_expenses_count: matching.reduce((n, row) => n + row.mission_expenses_count, 0),
          mission_expenses_amount: sum((row) => row.mission_expenses_amount),
          total: sum((row) => row.total),
        }
      : totals;
    return { body: { count: matching.length, next: null, previous: null, results: matching, totals: shown } };
  };
}

const noBonuses = {
  body: {
    count: 0,
    next: null,
    previous: null,
    results: [],
    totals: { bonuses: 0, employees: 0, amount: '0.00' },
  },
};

async function openStatement(
  path = '/rh/deductions',
  extra: Record<string, FakeHandler> = {},
  settings: { bonuses_enabled?: boolean } = {},
) {
  signIn();
  const app = renderApp(path, {
    handlers: {
      ...sessionHandlers({ account: { roles: ['RH'] }, settings }),
      'GET /payroll/deductions': deductionsHandler(),
      'GET /payroll/bonuses': noBonuses,
      ...extra,
    },
  });
  await screen.findByRole('heading', { name: 'Retenues sur salaire', level: 1 });
  return app;
}

const lastQuery = (app: Awaited<ReturnType<typeof openStatement>>) =>
  app.api.requestsTo('GET /payroll/deductions').at(-1)!.query;

describe('/rh/deductions', () => {
  it("opens on the current month and shows each employee's deduction with the month's totals", async () => {
    const app = await openStatement();
    const { month, year } = currentMonth();
    expect(screen.getByLabelText('Mois')).toHaveValue(String(month));
    expect(screen.getByLabelText('Année')).toHaveValue(String(year));
    const table = await screen.findByRole('table', { name: 'Retenues sur salaire par salarié' });
    expect(lastQuery(app).get('month')).toBe(String(month));
    expect(lastQuery(app).get('year')).toBe(String(year));

    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Matricule',
      'Nom',
      "Nombre d'avances",
      'Avances',
      'Frais',
      'Recharges',
      'Factures',
      'Transferts',
      'Frais de mission',
      'Total à retenir',
    ]);
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(plain(bodyRows[0]!.textContent)).toBe(
      'ATL-0001Karim Benjelloun22 000 DH15 DH97 DH0 DH0 DH0 DH2 112 DH',
    );
    expect(plain(bodyRows[1]!.textContent)).toBe(
      'ATL-0002Salma Idrissi11 500 DH0 DH0 DH412 DH515 DH380 DH2 807 DH',
    );
    // The totals row, in the table's footer.
    expect(plain(bodyRows[2]!.textContent)).toBe(
      'Total (2 salariés)33 500 DH15 DH97 DH412 DH515 DH380 DH4 919 DH',
    );
    expect(within(table).getByRole('rowheader', { name: 'Total (2 salariés)' })).toBeInTheDocument();
    // On phones: cards and a totals card.
    expect(
      within(screen.getByRole('list', { name: 'Retenues par salarié' })).getAllByRole('listitem'),
    ).toHaveLength(2);
    const salmaCard = within(screen.getByRole('list', { name: 'Retenues par salarié' })).getAllByRole(
      'listitem',
    )[1]!;
    expect(plain(salmaCard.textContent)).toContain('Factures (1)412 DH');
    expect(plain(salmaCard.textContent)).toContain('Transferts (1)515 DH');
    expect(plain(salmaCard.textContent)).toContain('Frais de mission (1)380 DH');
    const monthTotals = plain(screen.getByLabelText('Totaux du mois').textContent);
    expect(monthTotals).toContain('Total à retenir4 919 DH');
    expect(monthTotals).toContain('Frais de mission380 DH');
    expect(monthTotals).toContain('Factures412 DH');
    expect(monthTotals).toContain('Transferts515 DH');
  });

  it('asks for another month, and searches an employee', async () => {
    const app = await openStatement('/rh/deductions?month=3&year=2026');
    await screen.findByRole('table');
    expect(lastQuery(app).get('month')).toBe('3');
    await app.user.selectOptions(screen.getByLabelText('Mois'), MONTHS_FR[1]!);
    await waitFor(() => expect(lastQuery(app).get('month')).toBe('2'));
    expect(lastQuery(app).get('year')).toBe('2026');
    expect(screen.getByRole('heading', { level: 1 }).parentElement).toHaveTextContent(
      'Ce que la paie doit retenir pour février 2026 :',
    );

    await app.user.type(screen.getByLabelText('Rechercher un salarié'), 'salma');
    await waitFor(() => expect(lastQuery(app).get('search')).toBe('salma'));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3));
    expect(app.router.state.location.search).toBe('?month=2&year=2026&search=salma');
  });

  it('totals and downloads what the search lists, and says so', async () => {
    const app = await openStatement('/rh/deductions?month=3&year=2026', {
      'GET /payroll/deductions/export': { body: '\ufeffMatricule;Nom' },
    });
    await screen.findByRole('table');
    await app.user.type(screen.getByLabelText('Rechercher un salarié'), 'salma');
    const table = screen.getByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const footer = within(table).getByRole('rowheader', { name: 'Total de la recherche (1 salarié)' });
    expect(plain(footer.parentElement!.textContent)).toBe(
      'Total de la recherche (1 salarié)11 500 DH0 DH0 DH412 DH515 DH380 DH2 807 DH',
    );
    expect(plain(screen.getByText(/^Pour cette recherche :/).textContent)).toBe(
      'Pour cette recherche : 1 salarié · total à retenir 2 807 DH (le fichier CSV ne contient que ces salariés)',
    );
    expect(screen.getByLabelText('Totaux de la recherche')).toBeInTheDocument();

    const createObjectURL = vi.fn(() => 'blob:retenues');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await app.user.click(screen.getByRole('button', { name: 'Télécharger le CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(app.api.requestsTo('GET /payroll/deductions/export')[0]!.query.get('search')).toBe('salma');
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe(
      'retenues-paie-2026-03-recherche.csv',
    );
  });

  it('says when a month has nothing to deduct (the file stays available: it says so too)', async () => {
    await openStatement('/rh/deductions?month=1&year=2026', {
      'GET /payroll/deductions': {
        body: {
          count: 0,
          next: null,
          previous: null,
          results: [],
          totals: {
            ...totals,
            employees: 0,
            advances_amount: '0.00',
            fees_amount: '0.00',
            recharges_amount: '0.00',
            bills_count: 0,
            bills_amount: '0.00',
            transfers_count: 0,
            transfers_amount: '0.00',
            total: '0.00',
          },
        },
      },
    });
    expect(await screen.findByText('Rien à retenir pour janvier 2026.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Télécharger le CSV' })).toBeEnabled();
  });

  it('writes the month in lower case inside a sentence, with "d’" before a vowel', async () => {
    await openStatement('/rh/deductions?month=10&year=2026');
    expect(screen.getByText(/^Ce que la paie doit retenir pour octobre 2026 :/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Retenues d’octobre 2026' })).toBeInTheDocument();
  });

  it('downloads the CSV of the chosen month through the authenticated client', async () => {
    const app = await openStatement('/rh/deductions?month=3&year=2026', {
      'GET /payroll/deductions/export': { body: '\ufeffMatricule;Nom' },
    });
    await screen.findByRole('table');
    const createObjectURL = vi.fn(() => 'blob:retenues');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await app.user.click(screen.getByRole('button', { name: 'Télécharger le CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe(
      'retenues-paie-2026-03.csv',
    );
    const request = app.api.requestsTo('GET /payroll/deductions/export')[0]!;
    expect(request.query.get('month')).toBe('3');
    expect(request.query.get('year')).toBe('2026');
    expect(request.headers.get('Authorization')).toBe('Bearer access-token');
  });

  it('reports a failed download and a failed load (with a retry)', async () => {
    const app = await openStatement('/rh/deductions', {
      'GET /payroll/deductions': sequence(apiError(500, 'error'), deductionsHandler()),
      'GET /payroll/deductions/export': apiError(403, 'permission_denied'),
    });
    expect(await screen.findByText("Les retenues n'ont pas pu être chargées.")).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Réessayer' }));
    await screen.findByRole('table');
    await app.user.click(screen.getByRole('button', { name: 'Télécharger le CSV' }));
    expect(await screen.findByText("Le fichier n'a pas pu être téléchargé.")).toBeInTheDocument();
  });
});

function paidBonus(
  id: number,
  name: [string, string],
  title: string,
  paid: string,
  amount: string,
): TPayrollBonus {
  return {
    id,
    employee: { id, first_name: name[0], last_name: name[1], serial: `ATL-000${id}`, cin: `BE00000${id}` },
    bonus: { id: 50 + id, display_title: title },
    paid,
    amount,
  };
}

const paidBonuses = [
  paidBonus(1, ['Karim', 'Benjelloun'], 'Aïd El Kébir', '2026-10-02T09:00:00.000+00:00', '500.00'),
  paidBonus(2, ['Salma', 'Idrissi'], 'Panier Ramadan', '2026-10-31T23:30:00.000+00:00', '300.00'),
];

function bonusesHandler(): FakeHandler {
  return (request) => {
    const search = request.query.get('search')?.toLowerCase();
    const matching = paidBonuses.filter(
      (row) =>
        !search || `${row.employee.first_name} ${row.employee.last_name}`.toLowerCase().includes(search),
    );
    const amount = matching.reduce((total, row) => total + Number(row.amount), 0).toFixed(2);
    return {
      body: {
        count: matching.length,
        next: null,
        previous: null,
        results: matching,
        totals: { bonuses: matching.length, employees: matching.length, amount },
      },
    };
  };
}

describe('/rh/deductions « Primes » (issue 13)', () => {
  it('lists the bonuses paid in the month under the deductions, with their total, for the same month', async () => {
    const app = await openStatement('/rh/deductions?month=10&year=2026', {
      'GET /payroll/bonuses': bonusesHandler(),
    });
    const section = screen.getByRole('region', { name: 'Primes' });
    expect(section).toHaveTextContent('Les primes versées en octobre 2026 sont du salaire imposable');
    const table = await within(section).findByRole('table', { name: 'Primes versées par salarié' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Matricule', 'Nom', 'Prime', 'Versée le', 'Montant']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(plain(rows[0]!.textContent)).toBe('ATL-0001Karim BenjellounAïd El Kébir02/10/2026500 DH');
    // Paid at 23:30 UTC on 31 October: still 31 October in Casablanca, whatever the device says.
    expect(plain(rows[1]!.textContent)).toBe('ATL-0002Salma IdrissiPanier Ramadan31/10/2026300 DH');
    expect(plain(rows[2]!.textContent)).toBe('Total (2 primes, 2 salariés)800 DH');
    const query = app.api.requestsTo('GET /payroll/bonuses').at(-1)!.query;
    expect(query.get('month')).toBe('10');
    expect(query.get('year')).toBe('2026');
  });

  it('follows the search and the month, each list keeps its own page in the address', async () => {
    const app = await openStatement('/rh/deductions?month=10&year=2026&primes_offset=20', {
      'GET /payroll/bonuses': bonusesHandler(),
    });
    const section = screen.getByRole('region', { name: 'Primes' });
    await within(section).findByRole('table');
    expect(app.api.requestsTo('GET /payroll/bonuses').at(-1)!.query.get('offset')).toBe('20');
    await app.user.type(screen.getByLabelText('Rechercher un salarié'), 'salma');
    await waitFor(() =>
      expect(app.api.requestsTo('GET /payroll/bonuses').at(-1)!.query.get('search')).toBe('salma'),
    );
    // A new search starts both lists again from their first page.
    expect(app.api.requestsTo('GET /payroll/bonuses').at(-1)!.query.get('offset')).toBeNull();
    expect(app.router.state.location.search).toBe('?month=10&year=2026&search=salma');
    await waitFor(() =>
      expect(
        within(section).getByRole('rowheader', { name: 'Total de la recherche (1 prime, 1 salarié)' }),
      ).toBeInTheDocument(),
    );
  });

  it('downloads the « Primes » CSV of the month and the search', async () => {
    const app = await openStatement('/rh/deductions?month=3&year=2026&search=karim', {
      'GET /payroll/bonuses': bonusesHandler(),
      'GET /payroll/bonuses/export': { body: '\ufeffMatricule;Nom' },
    });
    const createObjectURL = vi.fn(() => 'blob:primes');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await app.user.click(screen.getByRole('button', { name: 'Télécharger le CSV des primes' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe(
      'primes-paie-2026-03-recherche.csv',
    );
    const request = app.api.requestsTo('GET /payroll/bonuses/export')[0]!;
    expect([request.query.get('month'), request.query.get('year'), request.query.get('search')]).toEqual([
      '3',
      '2026',
      'karim',
    ]);
    expect(app.api.requestsTo('GET /payroll/deductions/export')).toHaveLength(0);
  });

  it('says when no bonus was paid in the month', async () => {
    await openStatement('/rh/deductions?month=1&year=2026');
    expect(await screen.findByText('Aucune prime versée pour janvier 2026.')).toBeInTheDocument();
  });

  it('is not there for a company without bonuses', async () => {
    const app = await openStatement('/rh/deductions?month=1&year=2026', {}, { bonuses_enabled: false });
    await screen.findByRole('table');
    expect(screen.queryByRole('region', { name: 'Primes' })).not.toBeInTheDocument();
    expect(app.api.requestsTo('GET /payroll/bonuses')).toHaveLength(0);
  });
});
