import type { TAdvanceLimit, TPolicyChange, TTravelPolicy } from '@tasbiq/contracts/expense-policy';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeHandler, validationError } from '../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A text with amounts: formatMoney puts no-break spaces where the test writes spaces. */
const exact = (text: string) =>
  new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s')}$`);

const page = <T,>(results: T[]) => ({ body: { count: results.length, next: null, previous: null, results } });

const line = (
  group: number | null,
  name: string | null,
  amount: string | null,
  count = 3,
): TAdvanceLimit => ({
  id: amount ? (group ?? 0) + 100 : null,
  group,
  group_name: name,
  employee_count: count,
  amount,
  updated: amount ? '2026-11-20T09:00:00.000+00:00' : null,
});

const policy = (
  id: number,
  from: [number, string] | null,
  to: [number, string] | null,
  ceiling: string,
): TTravelPolicy => ({
  id,
  departure_city: from?.[0] ?? null,
  departure_city_name: from?.[1] ?? null,
  arrival_city: to?.[0] ?? null,
  arrival_city_name: to?.[1] ?? null,
  ceiling,
  updated: '2026-11-20T09:00:00.000+00:00',
});

const CITIES = [
  { id: 84, name: 'Agadir', region: 'Souss-Massa' },
  { id: 1, name: 'Casablanca', region: 'Casablanca-Settat' },
  { id: 38, name: 'Marrakech', region: 'Marrakech-Safi' },
];

const change: TPolicyChange = {
  id: 1,
  subject: 'advance_limit',
  action: 'updated',
  subject_id: 101,
  changed_by: 7,
  changed_by_name: 'Nadia Bennani',
  before: { group: 1, group_name: 'Commerciaux', amount: '1000.00' },
  after: { group: 1, group_name: 'Commerciaux', amount: '1200.00' },
  created: '2026-11-20T14:05:00.000+00:00',
};

function openAs(
  path: string,
  { roles = ['DRH'], handlers = {} }: { roles?: string[]; handlers?: Record<string, FakeHandler> } = {},
) {
  signIn();
  return renderApp(path, {
    handlers: {
      ...sessionHandlers({ account: { roles: roles as ('RH' | 'DRH')[] } }),
      'GET /expenses/advance_limit': {
        body: [
          line(null, null, '1000.00', 4),
          line(1, 'Commerciaux', '1200.00', 12),
          line(2, 'Techniciens', null, 0),
        ],
      },
      'GET /expenses/travel_policies': page([
        policy(1, null, null, '500.00'),
        policy(2, [1, 'Casablanca'], [84, 'Agadir'], '2000.00'),
      ]),
      'GET /expenses/policy_changes': page([change]),
      'GET /cities': { body: CITIES },
      ...handlers,
    },
  });
}

describe('/rh/policy', () => {
  it('shows the limits per group, the routes and the history of changes', async () => {
    openAs('/rh/policy');
    expect(
      await screen.findByRole('heading', { name: 'Politique budgétaire', level: 1 }),
    ).toBeInTheDocument();
    const limits = within(await screen.findByRole('list', { name: "Plafonds d'avance par groupe" }));
    const items = limits.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Salariés sans groupe');
    expect(items[0]).toHaveTextContent('1 000 DH');
    expect(items[1]).toHaveTextContent('12 salariés actifs');
    expect(items[2]).toHaveTextContent('Aucun plafond');
    expect(limits.getByRole('link', { name: 'Modifier le plafond de Commerciaux' })).toHaveAttribute(
      'href',
      '/rh/policy/1/edit',
    );
    expect(limits.getByRole('link', { name: 'Modifier le plafond de Salariés sans groupe' })).toHaveAttribute(
      'href',
      '/rh/policy/ungrouped/edit',
    );
    expect(limits.getByRole('link', { name: 'Définir le plafond de Techniciens' })).toHaveAttribute(
      'href',
      '/rh/policy/add?group=2',
    );

    const routes = within(await screen.findByRole('list', { name: 'Politiques de déplacement' }));
    expect(routes.getByText('Toutes les villes → Toutes les villes')).toBeInTheDocument();
    expect(routes.getByText('Casablanca → Agadir')).toBeInTheDocument();
    expect(routes.getByText(exact('2 000 DH'))).toBeInTheDocument();

    const history = within(await screen.findByRole('list', { name: 'Historique des modifications' }));
    expect(history.getByText("Plafond d'avance · Modification")).toBeInTheDocument();
    expect(history.getByText(exact('Commerciaux : 1 000 DH → 1 200 DH'))).toBeInTheDocument();
    expect(history.getByText(/Nadia Bennani/)).toBeInTheDocument();
  });

  it('is closed to RH (DRH only)', async () => {
    openAs('/rh/policy', { roles: ['RH'] });
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Politique budgétaire' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByText(/introuvable|n'existe pas/i)).toBeInTheDocument();
  });

  it('says when there is no route yet and when a list fails, with a retry', async () => {
    let calls = 0;
    const app = openAs('/rh/policy', {
      handlers: {
        'GET /expenses/travel_policies': page([]),
        'GET /expenses/policy_changes': () => {
          calls += 1;
          return calls === 1 ? { status: 500, body: { type: 'server_error', errors: [] } } : page([]);
        },
      },
    });
    expect(await screen.findByText('Aucune politique de déplacement.')).toBeInTheDocument();
    expect(await screen.findByText("L'historique n'a pas pu être chargé.")).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Aucune modification pour le moment.')).toBeInTheDocument();
  });

  it('adds a route with city pickers, shows the refusal of a route already set, then saves', async () => {
    let attempts = 0;
    const app = openAs('/rh/policy', {
      handlers: {
        'POST /expenses/travel_policies/bulk_create': () => {
          attempts += 1;
          return attempts === 1
            ? validationError([{ attr: 'policies.0.arrival_city', code: 'unique' }])
            : { status: 201, body: [policy(3, [38, 'Marrakech'], null, '1500.00')] };
        },
      },
    });
    await app.user.click(await screen.findByRole('button', { name: 'Ajouter un trajet' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Nouveau trajet' }));
    await app.user.selectOptions(await dialog.findByLabelText('Ville de départ'), 'Marrakech');
    expect(dialog.getByLabelText("Ville d'arrivée")).toHaveValue('');
    await app.user.type(dialog.getByLabelText(/^Plafond \(DH\)/), '150');
    await app.user.click(dialog.getByRole('button', { name: 'Ajouter' }));
    expect(await dialog.findByText("Le plafond doit être d'au moins 200 DH.")).toBeInTheDocument();
    expect(app.api.requestsTo('POST /expenses/travel_policies/bulk_create')).toHaveLength(0);

    await app.user.clear(dialog.getByLabelText(/^Plafond \(DH\)/));
    await app.user.type(dialog.getByLabelText(/^Plafond \(DH\)/), '1500');
    await app.user.click(dialog.getByRole('button', { name: 'Ajouter' }));
    expect(
      await dialog.findByText('Une politique de déplacement existe déjà pour ce trajet.'),
    ).toBeInTheDocument();
    expect(app.api.requestsTo('POST /expenses/travel_policies/bulk_create')[0]!.body).toEqual({
      policies: [{ departure_city: 38, arrival_city: null, ceiling: '1500' }],
    });
    await app.user.click(dialog.getByRole('button', { name: 'Ajouter' }));
    expect(
      await screen.findByText('Le trajet Marrakech → Toutes les villes a été ajouté.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('edits and deletes a route after confirmation', async () => {
    const app = openAs('/rh/policy', {
      handlers: {
        'PUT /expenses/travel_policies/2': (request) => ({
          body: { ...policy(2, [1, 'Casablanca'], [84, 'Agadir'], '2200.00'), ...(request.body as object) },
        }),
        'DELETE /expenses/travel_policies/2': { status: 204 },
      },
    });
    await app.user.click(
      await screen.findByRole('button', { name: 'Modifier le trajet Casablanca → Agadir' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Modifier le trajet' }));
    expect(await dialog.findByLabelText('Ville de départ')).toHaveValue('1');
    const ceiling = dialog.getByLabelText(/^Plafond \(DH\)/);
    expect(ceiling).toHaveValue('2000');
    await app.user.clear(ceiling);
    await app.user.type(ceiling, '2200');
    await app.user.click(dialog.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le trajet Casablanca → Agadir a été modifié.')).toBeInTheDocument();
    expect(app.api.requestsTo('PUT /expenses/travel_policies/2')[0]!.body).toEqual({
      departure_city: 1,
      arrival_city: 84,
      ceiling: '2200',
    });

    await app.user.click(screen.getByRole('button', { name: 'Supprimer le trajet Casablanca → Agadir' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Supprimer ce trajet ?' }));
    await app.user.click(confirm.getByRole('button', { name: 'Supprimer' }));
    const deleted = await screen.findByText('Le trajet Casablanca → Agadir a été supprimé.');
    // The row and its button are gone: the notice takes the focus.
    await waitFor(() => expect(deleted.closest('[tabindex="-1"]')).toHaveFocus());
    expect(app.api.requestsTo('DELETE /expenses/travel_policies/2')).toHaveLength(1);
  });
});

describe('/rh/policy/add and /rh/policy/{id}/edit', () => {
  it('sets the limit of a group that has none, refusing less than 200 DH', async () => {
    const app = openAs('/rh/policy/add?group=2', {
      handlers: {
        'POST /expenses/advance_limit': { status: 201, body: line(2, 'Techniciens', '1500.00', 0) },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Nouvelle politique budgétaire' })).toBeInTheDocument();
    const group = await screen.findByLabelText(/^Groupe/);
    // Only the groups without a limit are offered; the one asked for is chosen.
    expect(
      within(group)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Techniciens']);
    await app.user.type(screen.getByLabelText(/^Plafond d'avance/), '199');
    await app.user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText("Le plafond doit être d'au moins 200 DH.")).toBeInTheDocument();
    await app.user.clear(screen.getByLabelText(/^Plafond d'avance/));
    await app.user.type(screen.getByLabelText(/^Plafond d'avance/), '1500');
    await app.user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText(exact("Le plafond d'avance de Techniciens est de 1 500 DH.")),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Politique budgétaire', level: 1 })).toBeInTheDocument();
    expect(app.api.requestsTo('POST /expenses/advance_limit')[0]!.body).toEqual({ group: 2, amount: '1500' });
  });

  it("changes the ungrouped employees' limit, and removes a group's after confirmation", async () => {
    const app = openAs('/rh/policy/ungrouped/edit', {
      handlers: {
        'POST /expenses/advance_limit': { body: line(null, null, '900.00', 4) },
        'POST /expenses/advance_limit/bulk_save': { body: [] },
      },
    });
    expect(
      await screen.findByRole('heading', { name: "Plafond d'avance : Salariés sans groupe" }),
    ).toBeInTheDocument();
    const amount = screen.getByLabelText(/^Plafond d'avance/);
    expect(amount).toHaveValue('1000');
    await app.user.clear(amount);
    await app.user.type(amount, '900');
    await app.user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText(exact("Le plafond d'avance de Salariés sans groupe est de 900 DH.")),
    ).toBeInTheDocument();
    expect(app.api.requestsTo('POST /expenses/advance_limit')[0]!.body).toEqual({
      group: null,
      amount: '900',
    });

    await app.user.click(screen.getByRole('link', { name: 'Modifier le plafond de Commerciaux' }));
    await app.user.click(await screen.findByRole('button', { name: 'Retirer le plafond' }));
    const confirm = within(
      await screen.findByRole('dialog', { name: 'Retirer le plafond de Commerciaux ?' }),
    );
    await app.user.click(confirm.getByRole('button', { name: 'Retirer' }));
    expect(await screen.findByText("Le plafond d'avance de Commerciaux a été retiré.")).toBeInTheDocument();
    expect(app.api.requestsTo('POST /expenses/advance_limit/bulk_save')[0]!.body).toEqual({
      limits: [{ group: 1, amount: null }],
    });
  });

  it('says so for a limit that does not exist', async () => {
    openAs('/rh/policy/2/edit');
    expect(await screen.findByText("Ce plafond d'avance n'existe pas ou plus.")).toBeInTheDocument();
  });
});
