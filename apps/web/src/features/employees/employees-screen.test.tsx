import type { TEmployeeListItem } from '@tasbiq/contracts/employees';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeHandler } from '../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';
import { groupOptionsHandler, makeEmployeeItem } from './testing/make-employee.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const people: TEmployeeListItem[] = [
  makeEmployeeItem({ id: 1, first_name: 'Amine', last_name: 'Alaoui', status: 'activated' }),
  makeEmployeeItem({ id: 2, first_name: 'Badr', last_name: 'Bennani', status: 'invited', group: null }),
  makeEmployeeItem({
    id: 3,
    first_name: 'Chaimae',
    last_name: 'Chraibi',
    status: 'deactivated',
    is_active: false,
    group: { id: 4, name: 'Siège' },
  }),
];

/** A fake GET /employees/ that filters like the API does (enough for the screen's needs). */
function employeesHandler(all: TEmployeeListItem[]): FakeHandler {
  return (request) => {
    const q = request.query;
    const search = q.get('search')?.toLowerCase();
    const limit = Number(q.get('limit') ?? 20);
    const offset = Number(q.get('offset') ?? 0);
    const matching = all.filter(
      (e) =>
        (!search || `${e.first_name} ${e.last_name}`.toLowerCase().includes(search)) &&
        (!q.get('status') || e.status === q.get('status')) &&
        (!q.get('group') || e.group?.id === Number(q.get('group'))) &&
        (q.get('grouped') !== 'false' || e.group === null) &&
        (!q.get('is_active') || String(e.is_active) === q.get('is_active')),
    );
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

async function openList(path = '/rh/employees', extra: Record<string, FakeHandler> = {}, itemsPerPage = 20) {
  signIn();
  const app = renderApp(path, {
    handlers: {
      ...sessionHandlers({ account: { roles: ['RH'] }, settings: { items_per_page: itemsPerPage } }),
      'GET /groups': groupOptionsHandler,
      'GET /employees': employeesHandler(people),
      ...extra,
    },
  });
  await screen.findByRole('heading', { name: 'Salariés', level: 1 });
  return app;
}

const tableNames = () =>
  within(screen.getByRole('table'))
    .queryAllByRole('link')
    .map((link) => link.textContent);

describe('/rh/employees list', () => {
  it('shows the staff as a table and as cards, with the count and links to the details', async () => {
    await openList();
    await waitFor(() => expect(tableNames()).toEqual(['Amine Alaoui', 'Badr Bennani', 'Chaimae Chraibi']));
    expect(screen.getByText('3 salariés')).toBeInTheDocument();
    const table = within(screen.getByRole('table'));
    expect(table.getByRole('link', { name: 'Amine Alaoui' })).toHaveAttribute('href', '/rh/employees/1');
    expect(table.getByText('Invité')).toBeInTheDocument();
    expect(table.getAllByText('8 500 DH')).toHaveLength(3);
    const cards = within(screen.getByRole('list', { name: 'Salariés' }));
    expect(cards.getByRole('link', { name: 'Chaimae Chraibi' })).toBeInTheDocument();
    expect(cards.getByText('M-007 · Sans groupe')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Importer (CSV)' })).toHaveAttribute(
      'href',
      '/rh/employees/import',
    );
    expect(screen.getByRole('link', { name: 'Jours travaillés' })).toHaveAttribute(
      'href',
      '/rh/employees/worked-days',
    );
  });

  it('searches once typing pauses, and keeps the search in the address', async () => {
    const app = await openList();
    await waitFor(() => expect(tableNames()).toHaveLength(3));
    await app.user.type(screen.getByLabelText('Rechercher un salarié'), 'benn');
    await waitFor(() => expect(tableNames()).toEqual(['Badr Bennani']));
    const searches = app.api.requestsTo('GET /employees').map((r) => r.query.get('search'));
    // Debounced: not one request per keystroke.
    expect(searches.filter((s) => s !== null)).toEqual(['benn']);
    expect(app.router.state.location.search).toBe('?search=benn');
  });

  it('filters by status, group (or no group) and active, each sent to the API', async () => {
    const app = await openList();
    await waitFor(() => expect(tableNames()).toHaveLength(3));
    await app.user.selectOptions(screen.getByLabelText('Statut'), 'Invité');
    await waitFor(() => expect(tableNames()).toEqual(['Badr Bennani']));
    expect(app.api.requestsTo('GET /employees').at(-1)!.query.get('status')).toBe('invited');

    await app.user.selectOptions(screen.getByLabelText('Statut'), 'Tous les statuts');
    await app.user.selectOptions(await screen.findByLabelText('Groupe'), 'Siège');
    await waitFor(() => expect(tableNames()).toEqual(['Chaimae Chraibi']));
    expect(app.api.requestsTo('GET /employees').at(-1)!.query.get('group')).toBe('4');

    await app.user.selectOptions(screen.getByLabelText('Groupe'), 'Sans groupe');
    await waitFor(() => expect(tableNames()).toEqual(['Badr Bennani']));
    const last = app.api.requestsTo('GET /employees').at(-1)!.query;
    expect(last.get('grouped')).toBe('false');
    expect(last.get('group')).toBeNull();

    await app.user.selectOptions(screen.getByLabelText('Groupe'), 'Tous les groupes');
    await app.user.selectOptions(screen.getByLabelText('Actif'), 'Inactifs');
    await waitFor(() => expect(tableNames()).toEqual(['Chaimae Chraibi']));
    expect(app.api.requestsTo('GET /employees').at(-1)!.query.get('is_active')).toBe('false');

    await app.user.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    await waitFor(() => expect(tableNames()).toHaveLength(3));
    expect(app.router.state.location.search).toBe('');
  });

  it('opens with the filters of the address (a link from the groups page)', async () => {
    const app = await openList('/rh/employees?group=3');
    await waitFor(() => expect(tableNames()).toEqual(['Amine Alaoui']));
    expect(app.api.requestsTo('GET /employees')[0]!.query.get('group')).toBe('3');
    expect(await screen.findByDisplayValue('Usine')).toBeInTheDocument();
  });

  it('pages with the company page size', async () => {
    const many = Array.from({ length: 5 }, (_, i) =>
      makeEmployeeItem({ id: i + 1, first_name: `P${i + 1}`, last_name: 'Test' }),
    );
    const app = await openList('/rh/employees', { 'GET /employees': employeesHandler(many) }, 2);
    await waitFor(() => expect(tableNames()).toEqual(['P1 Test', 'P2 Test']));
    expect(screen.getByText('1–2 sur 5')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(tableNames()).toEqual(['P3 Test', 'P4 Test']));
    const last = app.api.requestsTo('GET /employees').at(-1)!.query;
    expect([last.get('limit'), last.get('offset')]).toEqual(['2', '2']);
  });

  it('says when there is nobody yet, when nothing matches, and when the list fails', async () => {
    const app = await openList('/rh/employees', { 'GET /employees': employeesHandler([]) });
    expect(await screen.findByText('Aucun salarié pour le moment.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Ajouter un salarié' }).length).toBeGreaterThan(0);

    app.api.on('GET /employees', employeesHandler(people));
    await app.user.selectOptions(screen.getByLabelText('Statut'), 'Désactivé');
    app.api.on('GET /employees', employeesHandler([]));
    await app.user.type(screen.getByLabelText('Rechercher un salarié'), 'zzz');
    expect(await screen.findByText('Aucun salarié ne correspond à ces critères.')).toBeInTheDocument();

    app.api.on('GET /employees', apiError(500, 'error'));
    await app.user.selectOptions(screen.getByLabelText('Actif'), 'Actifs');
    expect(await screen.findByText("La liste des salariés n'a pas pu être chargée.")).toBeInTheDocument();
    app.api.on('GET /employees', employeesHandler(people));
    await app.user.click(screen.getByRole('button', { name: 'Réessayer' }));
    await waitFor(() =>
      expect(screen.queryByText("La liste des salariés n'a pas pu être chargée.")).toBeNull(),
    );
  });

  it('exports the CSV with the current filters', async () => {
    const createObjectURL = vi.fn(() => 'blob:salaries');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const app = await openList('/rh/employees?status=invited', {
      'GET /employees/export': { body: 'Matricule;Nom' },
    });
    await waitFor(() => expect(tableNames()).toEqual(['Badr Bennani']));
    await app.user.click(screen.getByRole('button', { name: 'Exporter (CSV)' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const request = app.api.requestsTo('GET /employees/export')[0]!;
    expect(request.query.get('export_format')).toBe('csv');
    expect(request.query.get('status')).toBe('invited');
    expect(request.query.get('limit')).toBeNull();
    const anchor = click.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(anchor.download).toMatch(/^salaries-\d{4}-\d{2}-\d{2}\.csv$/);
    click.mockRestore();
  });

  it('says when the export fails', async () => {
    const app = await openList('/rh/employees', { 'GET /employees/export': apiError(500, 'error') });
    await app.user.click(screen.getByRole('button', { name: 'Exporter (CSV)' }));
    expect(await screen.findByText("L'export n'a pas pu être téléchargé.")).toBeInTheDocument();
  });
});
