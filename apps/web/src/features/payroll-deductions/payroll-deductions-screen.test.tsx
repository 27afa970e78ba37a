import type { TPayrollDeduction } from '@tasbiq/contracts/payroll';
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
    total: '1500.00',
  }),
];
const totals = {
  employees: 2,
  advances_count: 3,
  recharges_count: 1,
  advances_amount: '3500.00',
  fees_amount: '15.00',
  recharges_amount: '97.00',
  total: '3612.00',
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
          total: sum((row) => row.total),
        }
      : totals;
    return { body: { count: matching.length, next: null, previous: null, results: matching, totals: shown } };
  };
}

async function openStatement(path = '/rh/deductions', extra: Record<string, FakeHandler> = {}) {
  signIn();
  const app = renderApp(path, {
    handlers: {
      ...sessionHandlers({ account: { roles: ['RH'] } }),
      'GET /payroll/deductions': deductionsHandler(),
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
      'Total à retenir',
    ]);
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(plain(bodyRows[0]!.textContent)).toBe('ATL-0001Karim Benjelloun22 000 DH15 DH97 DH2 112 DH');
    expect(plain(bodyRows[1]!.textContent)).toBe('ATL-0002Salma Idrissi11 500 DH0 DH0 DH1 500 DH');
    // The totals row, in the table's footer.
    expect(plain(bodyRows[2]!.textContent)).toBe('Total (2 salariés)33 500 DH15 DH97 DH3 612 DH');
    expect(within(table).getByRole('rowheader', { name: 'Total (2 salariés)' })).toBeInTheDocument();
    // On phones: cards and a totals card.
    expect(
      within(screen.getByRole('list', { name: 'Retenues par salarié' })).getAllByRole('listitem'),
    ).toHaveLength(2);
    expect(plain(screen.getByLabelText('Totaux du mois').textContent)).toContain('Total à retenir3 612 DH');
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
      'Total de la recherche (1 salarié)11 500 DH0 DH0 DH1 500 DH',
    );
    expect(plain(screen.getByText(/^Pour cette recherche :/).textContent)).toBe(
      'Pour cette recherche : 1 salarié · total à retenir 1 500 DH (le fichier CSV ne contient que ces salariés)',
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
