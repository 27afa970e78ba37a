import type { TAdvanceLimit, TPolicyChange, TTravelPolicy } from '@tasbiq/contracts/expense-policy';
import {
  EXPENSE_CATEGORY_LABELS_FR,
  type TExpenseCategory,
  type TPolicyItem,
} from '@tasbiq/contracts/expenses';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type FakeHandler,
  type FakeRequest,
  type FakeResponse,
  validationError,
} from '../../app/testing/fake-api.ts';
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
      'GET /expenses/policy_items': page([]),
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

    // findBy: the page is given back to assistive technologies once the closed dialog has left.
    await app.user.click(
      await screen.findByRole('button', { name: 'Supprimer le trajet Casablanca → Agadir' }),
    );
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

const item = (
  id: number,
  group: [number, string] | null,
  category: TExpenseCategory,
  ceiling: string | null,
): TPolicyItem => ({
  id,
  group: group ? { id: group[0], name: group[1] } : null,
  category,
  category_label: EXPENSE_CATEGORY_LABELS_FR[category],
  ceiling,
  updated: '2026-11-20T09:00:00.000+00:00',
});

/** GET /expenses/policy_items/ answering by `group` / `ungrouped` / `offset` like the API. */
function itemsApi(all: TPolicyItem[]): (request: FakeRequest) => FakeResponse {
  return (request) => {
    const group = request.query.get('group');
    const scoped = request.query.get('ungrouped')
      ? all.filter((i) => i.group === null)
      : group
        ? all.filter((i) => i.group?.id === Number(group))
        : all;
    const offset = Number(request.query.get('offset') ?? 0);
    const limit = Number(request.query.get('limit') ?? 10);
    return {
      body: {
        count: scoped.length,
        next: offset + limit < scoped.length ? `?offset=${offset + limit}` : null,
        previous: null,
        results: scoped.slice(offset, offset + limit),
      },
    };
  };
}

describe('category ceilings on /rh/policy', () => {
  it('lists each group with its categories, icons and ceilings per day (empty = Illimité), 10 a page', async () => {
    const many = [
      item(1, null, 'food', '100.00'),
      item(2, null, 'train', null),
      ...(['food', 'hotel', 'bank', 'phone', 'gas-station', 'train', 'plane'] as const).map((c, n) =>
        item(10 + n, [1, 'Commerciaux'], c, `${150 + n}.00`),
      ),
      item(20, [2, 'Techniciens'], 'food', '80.00'),
      item(21, [2, 'Techniciens'], 'hotel', '500.00'),
    ];
    const app = openAs('/rh/policy', { handlers: { 'GET /expenses/policy_items': itemsApi(many) } });
    const section = within(await screen.findByRole('region', { name: 'Plafonds par catégorie' }));
    const list = within(await section.findByRole('list', { name: 'Plafonds par catégorie et par groupe' }));
    const blocks = list.getAllByRole('listitem');
    expect(blocks.map((b) => within(b).getByRole('heading').textContent)).toEqual([
      'Salariés sans groupe',
      'Commerciaux',
      'Techniciens',
    ]);
    expect(blocks[0]).toHaveTextContent(/Restauration\s*100\sDH\s\/ jour/);
    expect(within(blocks[0]!).getByText('Illimité')).toBeInTheDocument();
    expect(blocks[0]!.querySelector('[data-category-icon="food"]')).not.toBeNull();
    expect(blocks[0]!.querySelector('[data-category-icon="train"]')).not.toBeNull();
    // Page 1 holds 10 items: Techniciens' food is the 10th, its hotel on page 2.
    expect(blocks[2]).toHaveTextContent(/Restauration\s*80\sDH/);
    expect(blocks[2]).not.toHaveTextContent('Hôtel');
    // A group with an advance limit is edited in its form, one without in the add form.
    expect(
      list.getByRole('link', { name: 'Modifier les plafonds par catégorie de Commerciaux' }),
    ).toHaveAttribute('href', '/rh/policy/1/edit');
    expect(
      list.getByRole('link', { name: 'Modifier les plafonds par catégorie de Techniciens' }),
    ).toHaveAttribute('href', '/rh/policy/add?group=2');
    expect(app.api.requestsTo('GET /expenses/policy_items')[0]!.query.get('limit')).toBe('10');

    await app.user.click(section.getByRole('button', { name: /suivant/i }));
    await waitFor(() => expect(section.getByText('Hôtel')).toBeInTheDocument());
    expect(section.queryByText('Salariés sans groupe')).not.toBeInTheDocument();
  });

  it('says when there is no ceiling yet, and when the list fails, with a retry', async () => {
    let calls = 0;
    const app = openAs('/rh/policy', {
      handlers: {
        'GET /expenses/policy_items': () => {
          calls += 1;
          return calls === 1 ? { status: 500, body: { type: 'server_error', errors: [] } } : page([]);
        },
      },
    });
    const section = within(await screen.findByRole('region', { name: 'Plafonds par catégorie' }));
    expect(
      await section.findByText("Les plafonds par catégorie n'ont pas pu être chargés."),
    ).toBeInTheDocument();
    await app.user.click(section.getByRole('button', { name: 'Réessayer' }));
    expect(await section.findByText('Aucun plafond par catégorie pour le moment.')).toBeInTheDocument();
  });

  it('shows the ceiling changes in the history: group, category, old → new', async () => {
    openAs('/rh/policy', {
      handlers: {
        'GET /expenses/policy_changes': page([
          {
            ...change,
            id: 2,
            subject: 'policy_item',
            subject_id: 11,
            before: {
              group: 1,
              group_name: 'Commerciaux',
              category: 'food',
              category_label: 'Restauration',
              ceiling: null,
            },
            after: {
              group: 1,
              group_name: 'Commerciaux',
              category: 'food',
              category_label: 'Restauration',
              ceiling: '150.00',
            },
          },
          {
            ...change,
            id: 3,
            subject: 'policy_item',
            action: 'created',
            before: null,
            after: {
              group: null,
              group_name: null,
              category: 'hotel',
              category_label: 'Hôtel',
              ceiling: '600.00',
            },
          },
        ]),
      },
    });
    const history = within(await screen.findByRole('list', { name: 'Historique des modifications' }));
    expect(history.getByText('Plafond par catégorie · Modification')).toBeInTheDocument();
    expect(
      history.getByText(exact('Commerciaux · Restauration : Illimité → 150 DH / jour')),
    ).toBeInTheDocument();
    expect(history.getByText(exact('Salariés sans groupe · Hôtel : 600 DH / jour'))).toBeInTheDocument();
  });
});

describe('category ceilings in the policy form', () => {
  const saved = [item(11, [1, 'Commerciaux'], 'food', '150.00'), item(12, [1, 'Commerciaux'], 'train', null)];

  it("fills a group's ceilings, refuses a bad amount in French, then saves only the changes with the limit", async () => {
    const app = openAs('/rh/policy/1/edit', {
      handlers: {
        'GET /expenses/policy_items': itemsApi(saved),
        'POST /expenses/policy_items/bulk_save': { body: [] },
        'POST /expenses/advance_limit': { body: line(1, 'Commerciaux', '1200.00', 12) },
      },
    });
    const food = await screen.findByLabelText('Restauration (DH par jour)');
    expect(food).toHaveValue('150');
    expect(screen.getByLabelText('Train (DH par jour)')).toHaveValue('');
    expect(screen.getByLabelText('Hôtel (DH par jour)')).toHaveAttribute('placeholder', 'Illimité');
    expect(app.api.requestsTo('GET /expenses/policy_items')[0]!.query.get('group')).toBe('1');

    await app.user.type(screen.getByLabelText('Hôtel (DH par jour)'), '-5');
    await app.user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Montant invalide')).toBeInTheDocument();
    expect(screen.getByLabelText('Hôtel (DH par jour)')).toHaveAttribute('aria-invalid', 'true');
    expect(app.api.requestsTo('POST /expenses/policy_items/bulk_save')).toHaveLength(0);
    expect(app.api.requestsTo('POST /expenses/advance_limit')).toHaveLength(0);

    await app.user.clear(screen.getByLabelText('Hôtel (DH par jour)'));
    await app.user.type(screen.getByLabelText('Hôtel (DH par jour)'), '600,50');
    await app.user.clear(food);
    await app.user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText(
        exact(
          "Le plafond d'avance de Commerciaux est de 1 200 DH. Les plafonds par catégorie sont enregistrés.",
        ),
      ),
    ).toBeInTheDocument();
    // food 150 → unlimited, hotel unset → 600.50; train (unlimited, unchanged) is not sent.
    expect(app.api.requestsTo('POST /expenses/policy_items/bulk_save')[0]!.body).toEqual({
      items: [
        { group: 1, category: 'food', ceiling: null },
        { group: 1, category: 'hotel', ceiling: '600.50' },
      ],
    });
    expect(app.api.requestsTo('POST /expenses/advance_limit')).toHaveLength(1);
  });

  it('saves nothing when the ceilings are refused, and says so; the limit is not sent', async () => {
    const app = openAs('/rh/policy/1/edit', {
      handlers: {
        'GET /expenses/policy_items': itemsApi(saved),
        'POST /expenses/policy_items/bulk_save': validationError([
          { attr: 'items.0.ceiling', code: 'invalid' },
        ]),
        'POST /expenses/advance_limit': { body: line(1, 'Commerciaux', '1200.00', 12) },
      },
    });
    await app.user.type(await screen.findByLabelText('Avion (DH par jour)'), '2000');
    await app.user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText(/Rien n'a été enregistré : les plafonds par catégorie ont été refusés\./),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Avion (DH par jour)')).toHaveAttribute('aria-invalid', 'true');
    expect(app.api.requestsTo('POST /expenses/advance_limit')).toHaveLength(0);
  });

  it('says that the ceilings are saved but not the limit when the limit then fails; the retry sends only the limit', async () => {
    let current = saved;
    let limitCalls = 0;
    const app = openAs('/rh/policy/1/edit', {
      handlers: {
        'GET /expenses/policy_items': (request) => itemsApi(current)(request),
        'POST /expenses/policy_items/bulk_save': () => {
          current = [...saved, item(13, [1, 'Commerciaux'], 'plane', '2000.00')];
          return { body: [current[2]] };
        },
        'POST /expenses/advance_limit': () => {
          limitCalls += 1;
          return limitCalls === 1
            ? { status: 500, body: { type: 'server_error', errors: [] } }
            : { body: line(1, 'Commerciaux', '1200.00', 12) };
        },
      },
    });
    await app.user.type(await screen.findByLabelText('Avion (DH par jour)'), '2000');
    await app.user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText(/Les plafonds par catégorie sont enregistrés, mais pas le plafond d'avance/),
    ).toBeInTheDocument();
    await waitFor(() => expect(app.api.requestsTo('GET /expenses/policy_items').length).toBeGreaterThan(1));
    await app.user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText(exact("Le plafond d'avance de Commerciaux est de 1 200 DH.")),
    ).toBeInTheDocument();
    expect(app.api.requestsTo('POST /expenses/policy_items/bulk_save')).toHaveLength(1);
    expect(app.api.requestsTo('POST /expenses/advance_limit')).toHaveLength(2);
  });

  it("loads the chosen group's ceilings in the add form", async () => {
    const app = openAs('/rh/policy/add?group=2', {
      handlers: {
        'GET /expenses/policy_items': itemsApi([item(30, [2, 'Techniciens'], 'phone', '90.00')]),
        'POST /expenses/advance_limit': { status: 201, body: line(2, 'Techniciens', '1500.00', 0) },
      },
    });
    expect(await screen.findByLabelText('Téléphone (DH par jour)')).toHaveValue('90');
    await app.user.type(screen.getByLabelText(/^Plafond d'avance/), '1500');
    await app.user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText(exact("Le plafond d'avance de Techniciens est de 1 500 DH.")),
    ).toBeInTheDocument();
    // Nothing changed in the ceilings: no bulk_save.
    expect(app.api.requestsTo('POST /expenses/policy_items/bulk_save')).toHaveLength(0);
  });

  it('a new group policy may hold only category ceilings; with neither, it asks for one', async () => {
    const app = openAs('/rh/policy/add?group=2', {
      handlers: {
        'GET /expenses/policy_items': itemsApi([]),
        'POST /expenses/policy_items/bulk_save': { body: [] },
      },
    });
    const food = await screen.findByLabelText('Restauration (DH par jour)');
    await app.user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText("Indiquez le plafond d'avance, ou au moins un plafond par catégorie."),
    ).toBeInTheDocument();
    expect(app.api.requestsTo('POST /expenses/policy_items/bulk_save')).toHaveLength(0);

    await app.user.type(food, '120');
    await app.user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText('Les plafonds par catégorie de Techniciens sont enregistrés.'),
    ).toBeInTheDocument();
    expect(app.api.requestsTo('POST /expenses/policy_items/bulk_save')[0]!.body).toEqual({
      items: [{ group: 2, category: 'food', ceiling: '120.00' }],
    });
    expect(app.api.requestsTo('POST /expenses/advance_limit')).toHaveLength(0);
  });
});
