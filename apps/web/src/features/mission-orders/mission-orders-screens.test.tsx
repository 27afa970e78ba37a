import type { TMissionOrderDetails } from '@tasbiq/contracts/mission-orders';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeHandler, validationError } from '../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function makeOrder(overrides: Partial<TMissionOrderDetails> = {}): TMissionOrderDetails {
  return {
    id: 7,
    number: 'ODM-2026-0042',
    title: 'Visite client Agadir',
    start_date: '2026-12-01',
    end_date: '2026-12-03',
    guests: 1,
    departure_city: { id: 1, name: 'Casablanca' },
    arrival_city: { id: 84, name: 'Agadir' },
    description: 'Client Souss Distribution',
    advance_amount: '1500.00',
    requested_advance_amount: '1500.00',
    advance_status: 'none',
    payout_method: null,
    advance_paid: '0.00',
    advance_failure_reason: null,
    status: 'pending',
    report_status: 'awaiting_odm',
    employee: { id: 3, first_name: 'Karim', last_name: 'Benjelloun', serial: 'ATL-0001' },
    files: [
      {
        id: 1,
        name: 'programme-des-rendez-vous-agadir.pdf',
        content_type: 'application/pdf',
        size: 1200,
        url: '/api/expenses/odm/7/files/1/',
      },
    ],
    created: '2026-11-20T10:00:00.000+00:00',
    submitted: '2026-11-20T10:00:00.000+00:00',
    replied: null,
    is_overdue: false,
    can_review: false,
    can_edit: false,
    is_own: true,
    history: [
      {
        id: 1,
        type: 'submitted',
        comment: null,
        by: { id: 1, first_name: 'Karim', last_name: 'Benjelloun' },
        amount_before: null,
        amount_after: '1500.00',
        created: '2026-11-20T10:00:00.000+00:00',
      },
    ],
    advance_ceiling: { limit: '3000.00', route_ceiling: '2000.00', ceiling: '2000.00' },
    ...overrides,
  };
}

const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
const cities = [
  { id: 1, name: 'Casablanca', region: 'Casablanca-Settat' },
  { id: 84, name: 'Agadir', region: 'Souss-Massa' },
];

function open(path: string, handlers: Record<string, FakeHandler>, roles: string[] = []) {
  signIn();
  return renderApp(path, { handlers: { ...sessionHandlers({ account: { roles } }), ...handlers } });
}

describe('/missionorders', () => {
  it('lists the employee’s orders; a reviewer also gets « À valider » with overdue ones flagged', async () => {
    const app = open('/missionorders', {
      'GET /expenses/odm': (request) =>
        request.query.get('view') === 'review'
          ? { body: page([makeOrder({ id: 9, number: 'ODM-2026-0043', is_overdue: true })]) }
          : { body: page([makeOrder()]) },
    });
    const reviewTab = await screen.findByRole('tab', { name: 'À valider' });
    const mine = within(await screen.findByRole('tabpanel', { name: 'Mes ordres' }));
    expect(await mine.findByRole('link', { name: /ODM-2026-0042 · Visite client Agadir/ })).toHaveAttribute(
      'href',
      '/missionorders/7',
    );
    await app.user.click(reviewTab);
    const panel = within(await screen.findByRole('tabpanel', { name: 'À valider' }));
    expect(await panel.findByText('En retard')).toBeInTheDocument();
    expect(panel.getByRole('link', { name: /Karim Benjelloun/ })).toHaveAttribute('href', '/missionorders/9');
  });

  it('hides « À valider » from someone who reviews nothing', async () => {
    open('/missionorders', {
      'GET /expenses/odm': (request) =>
        request.query.get('view') === 'review' ? apiError(403, 'permission_denied') : { body: page([]) },
    });
    expect(await screen.findByText('Aucun ordre de mission.')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'À valider' })).not.toBeInTheDocument();
  });
});

describe('/missionorders/add', () => {
  it('shows the ceiling of the route as the person types and refuses an end before the start', async () => {
    const app = open('/missionorders/add', {
      'GET /cities': { body: cities },
      'GET /expenses/odm/ceiling': (request) => ({
        body:
          request.query.get('arrival_city') === '84'
            ? { limit: '3000.00', route_ceiling: '2000.00', ceiling: '2000.00' }
            : { limit: '3000.00', route_ceiling: null, ceiling: '3000.00' },
      }),
      'POST /expenses/odm': { status: 201, body: makeOrder() },
      'GET /expenses/odm/7': { body: makeOrder() },
    });
    await screen.findByRole('heading', { name: 'Nouvel ordre de mission' });
    await app.user.type(screen.getByLabelText(/Titre de la mission/), 'Visite client Agadir');
    await app.user.type(screen.getByLabelText(/Date de début/), '2026-12-03');
    await app.user.type(screen.getByLabelText(/Date de fin/), '2026-12-01');
    await app.user.selectOptions(await screen.findByLabelText(/Ville de départ/), 'Casablanca');
    await app.user.selectOptions(screen.getByLabelText(/Ville d’arrivée/), 'Agadir');
    expect(await screen.findByText(/Plafond autorisé pour ce trajet : 2\s000\sDH/)).toBeInTheDocument();
    await app.user.type(screen.getByLabelText(/Avance demandée/), '2500');
    expect(await screen.findByText(/dépasse le plafond autorisé de 2\s000\sDH/)).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Envoyer l’ordre de mission' }));
    expect(screen.getByText('La date de fin doit être après la date de début.')).toBeInTheDocument();
    expect(app.api.requestsTo('POST /expenses/odm')).toHaveLength(0);

    await app.user.clear(screen.getByLabelText(/Date de fin/));
    await app.user.type(screen.getByLabelText(/Date de fin/), '2026-12-05');
    await app.user.clear(screen.getByLabelText(/Avance demandée/));
    await app.user.type(screen.getByLabelText(/Avance demandée/), '1500');
    await app.user.click(screen.getByRole('button', { name: 'Envoyer l’ordre de mission' }));
    await screen.findByRole('heading', { name: 'Ordre de mission ODM-2026-0042' });
    const sent = app.api.requestsTo('POST /expenses/odm')[0]!.body as FormData;
    expect(sent.get('advance_amount')).toBe('1500');
    expect(sent.get('arrival_city')).toBe('84');
  });

  it('puts the server’s field errors under their field', async () => {
    const app = open('/missionorders/add', {
      'GET /cities': { body: cities },
      'GET /expenses/odm/ceiling': { body: { limit: null, route_ceiling: null, ceiling: null } },
      'POST /expenses/odm': validationError([{ attr: 'end_date', code: 'END_BEFORE_START' }]),
    });
    await screen.findByRole('heading', { name: 'Nouvel ordre de mission' });
    expect(await screen.findByText('Aucun plafond d’avance n’est fixé pour ce trajet.')).toBeInTheDocument();
    await app.user.type(screen.getByLabelText(/Titre de la mission/), 'Mission');
    await app.user.type(screen.getByLabelText(/Date de début/), '2026-12-01');
    await app.user.type(screen.getByLabelText(/Date de fin/), '2026-12-02');
    await app.user.selectOptions(await screen.findByLabelText(/Ville de départ/), 'Casablanca');
    await app.user.selectOptions(screen.getByLabelText(/Ville d’arrivée/), 'Agadir');
    await app.user.click(screen.getByRole('button', { name: 'Envoyer l’ordre de mission' }));
    expect(await screen.findByText('La date de fin doit être après la date de début.')).toBeInTheDocument();
  });
});

describe('/missionorders/{id}', () => {
  it('a reviewer lowers the advance, must comment to return, and approves', async () => {
    let current = makeOrder({ can_review: true });
    const app = open('/missionorders/7', {
      'GET /expenses/odm/7': () => ({ body: current }),
      'PUT /expenses/odm/7/advance': (request) => {
        const amount = (request.body as { amount: string }).amount;
        current = { ...current, advance_amount: `${amount}.00` };
        return { body: current };
      },
      'POST /expenses/odm/7/reply': (request) => {
        current = { ...current, status: 'accepted', can_review: false, report_status: 'draft' };
        return { body: { ...current, reply: request.body } };
      },
    });
    await screen.findByRole('heading', { name: 'Ordre de mission ODM-2026-0042' });
    // File names are shortened to 20 characters on screen.
    expect(
      screen.getByRole('button', { name: /Télécharger programme-des-rendez-vous-agadir.pdf/ }),
    ).toHaveTextContent(/^programme-des-r….pdf$/);
    const advance = screen.getByLabelText(/Avance accordée/);
    await app.user.clear(advance);
    await app.user.type(advance, '2500');
    expect(await screen.findByText(/dépasse le plafond autorisé de 2\s000\sDH/)).toBeInTheDocument();
    await app.user.clear(advance);
    await app.user.type(advance, '1200');
    await app.user.click(screen.getByRole('button', { name: 'Modifier l’avance' }));
    await waitFor(() => expect(app.api.requestsTo('PUT /expenses/odm/7/advance')).toHaveLength(1));
    expect(app.api.requestsTo('PUT /expenses/odm/7/advance')[0]!.body).toEqual({ amount: '1200' });

    await app.user.click(await screen.findByRole('button', { name: 'Retourner pour modification' }));
    expect(screen.getByText('le champ "Commentaire" est obligatoire')).toBeInTheDocument();
    expect(app.api.requestsTo('POST /expenses/odm/7/reply')).toHaveLength(0);

    await app.user.click(screen.getByRole('button', { name: 'Approuver' }));
    await waitFor(() => expect(app.api.requestsTo('POST /expenses/odm/7/reply')).toHaveLength(1));
    expect(app.api.requestsTo('POST /expenses/odm/7/reply')[0]!.body).toEqual({
      reply: 'approve',
      comment: null,
    });
    expect(await screen.findByText('Acceptée')).toBeInTheDocument();
  });

  it('shows a returned order’s comment and the way to edit it; a paid advance to justify', async () => {
    open('/missionorders/7', {
      'GET /expenses/odm/7': {
        body: makeOrder({
          status: 'returned',
          can_edit: true,
          history: [
            ...makeOrder().history,
            {
              id: 2,
              type: 'returned',
              comment: 'Précisez le client',
              by: { id: 2, first_name: 'Youssef', last_name: 'Alami' },
              amount_before: null,
              amount_after: null,
              created: '2026-11-21T10:00:00.000+00:00',
            },
          ],
        }),
      },
    });
    expect(await screen.findByText('« Précisez le client »')).toBeInTheDocument();
    expect(screen.getByText(/Retourné pour modification par Youssef Alami/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Modifier et renvoyer' })).toHaveAttribute(
      'href',
      '/missionorders/7/edit',
    );
  });
});

describe('/rh/missionorders', () => {
  it('lists the company’s orders for HR with their filters in the address', async () => {
    const app = open(
      '/rh/missionorders',
      { 'GET /expenses/odm': { body: page([makeOrder({ is_overdue: true })]) } },
      ['RH'],
    );
    expect(await screen.findByRole('link', { name: /ODM-2026-0042/ })).toHaveAttribute(
      'href',
      '/rh/missionorders/7',
    );
    expect(app.api.requestsTo('GET /expenses/odm')[0]!.query.get('view')).toBe('review');
    await app.user.selectOptions(screen.getByLabelText('Statut'), 'pending');
    await waitFor(() =>
      expect(app.api.requestsTo('GET /expenses/odm').at(-1)!.query.get('status')).toBe('pending'),
    );
  });
});
