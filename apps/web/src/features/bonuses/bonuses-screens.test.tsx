import type {
  TBonus,
  TBonusBeneficiary,
  TBonusFileParse,
  TBonusTransaction,
} from '@tasbiq/contracts/bonuses';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validationError } from '../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';

vi.mock('lottie-web', () => import('../../app/testing/fake-lottie.ts'));

afterEach(() => {
  vi.unstubAllGlobals();
});

const page = <T,>(results: T[]) => ({ body: { count: results.length, next: null, previous: null, results } });

function bonus(overrides: Partial<TBonus> = {}): TBonus {
  return {
    id: 5,
    title: 'aid_el_kbir',
    custom_title: null,
    display_title: 'Aïd El Kébir',
    comment: '',
    type: 'collective',
    target: 'all',
    group: null,
    recurrence_type: 'non_recurrent',
    is_saved: false,
    next_occurrence: null,
    source: null,
    status: 'pending',
    amount: '1000.00',
    total_amount: '3000.00',
    confirmed_amount: '0.00',
    beneficiaries_count: 3,
    created: '2026-11-20T10:15:00+00:00',
    created_by: { id: 99, first_name: 'Rhita', last_name: 'RH' },
    updated: '2026-11-20T10:15:00+00:00',
    replied: null,
    replied_by: null,
    reply_comment: null,
    payment: { pending: 3, refused: 0, to_pay: 0, executed: 0, failed: 0, paid_amount: '0.00' },
    ...overrides,
  };
}

const beneficiary = (id: number, first: string): TBonusBeneficiary => ({
  id: id * 10,
  employee: { id, first_name: first, last_name: 'Alaoui', serial: `M-${id}`, cin: `AB${id}` },
  amount: '1000.00',
  status: 'pending',
  payout_method: null,
  failure_reason: null,
  paid: null,
});

describe('/rh/bonuses', () => {
  it('lists the bonuses and sends the filters', async () => {
    signIn();
    const app = renderApp('/rh/bonuses', {
      handlers: {
        ...sessionHandlers({ account: { roles: ['RH'] } }),
        'GET /bonuses': page([
          bonus(),
          bonus({ id: 6, status: 'confirmed', display_title: 'Panier repas', title: 'meal_basket' }),
        ]),
      },
    });
    const table = await screen.findByRole('table', { name: 'Primes' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Aïd El Kébir');
    expect(rows[0]).toHaveTextContent('3 000');
    expect(rows[0]).toHaveTextContent('En attente');
    expect(rows[1]).toHaveTextContent('Confirmée');
    await app.user.selectOptions(screen.getByLabelText('Statut'), 'Confirmée');
    await waitFor(() =>
      expect(app.api.requestsTo('GET /bonuses').at(-1)!.query.get('status')).toBe('confirmed'),
    );
    await app.user.selectOptions(screen.getByLabelText('Type'), 'Individuelle');
    await waitFor(() =>
      expect(app.api.requestsTo('GET /bonuses').at(-1)!.query.get('type')).toBe('individual'),
    );
  });

  it('says when there is none yet, with a way to create one', async () => {
    signIn();
    renderApp('/rh/bonuses', {
      handlers: { ...sessionHandlers({ account: { roles: ['RH'] } }), 'GET /bonuses': page([]) },
    });
    expect(await screen.findByText('Aucune prime pour le moment.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Nouvelle prime' }).length).toBeGreaterThan(0);
  });
});

describe('/rh/bonuses/add', () => {
  const parsed: TBonusFileParse = {
    format: 'xlsx',
    rows: 3,
    matched: [
      {
        line: 2,
        employee: { id: 7, first_name: 'Karim', last_name: 'Benjelloun', serial: 'M-7', cin: 'AB7' },
        amount: '1500.00',
      },
      {
        line: 3,
        employee: { id: 8, first_name: 'Salma', last_name: 'Idrissi', serial: null, cin: 'AB8' },
        amount: '250.00',
      },
    ],
    report: [
      {
        line: 4,
        identifier: 'ZZ1',
        amount: '100',
        code: 'unknown_employee',
        detail: 'Aucun salarié de la société avec cette CIN ou ce matricule.',
      },
    ],
    total_amount: '1750.00',
  };

  it('reads a file, shows its report, totals the amounts and sends them', async () => {
    signIn();
    const app = renderApp('/rh/bonuses/add', {
      handlers: {
        ...sessionHandlers({ account: { roles: ['RH'] } }),
        'GET /groups': page([]),
        'POST /bonuses/parse': { body: parsed },
        'POST /bonuses': { status: 201, body: bonus({ id: 42, type: 'individual' }) },
        'GET /bonuses/42': { body: bonus({ id: 42, type: 'individual' }) },
        'GET /bonuses/42/beneficiaries': page([]),
      },
    });
    await screen.findByRole('heading', { name: 'Nouvelle prime', level: 1 });
    await app.user.selectOptions(screen.getByLabelText('Intitulé'), 'Performance');
    await app.user.selectOptions(screen.getByLabelText('Type'), 'Individuelle');
    const file = new File(['CIN;Montant\n'], 'primes.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    await app.user.upload(screen.getByLabelText(/Fichier des montants/), file);
    expect(await screen.findByText(/2 lignes retenues sur 3/)).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Lignes écartées du fichier' })).toHaveTextContent('ZZ1');
    expect(screen.getByRole('region', { name: 'Récapitulatif' })).toHaveTextContent(
      /Total : 1\s750\sDH pour 2 salariés/,
    );

    await app.user.clear(screen.getByLabelText('Montant (DH) pour Salma Idrissi'));
    await app.user.type(screen.getByLabelText('Montant (DH) pour Salma Idrissi'), '300');
    await app.user.click(screen.getByRole('button', { name: 'Envoyer pour validation' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/rh/bonuses/42'));
    expect(app.api.requestsTo('POST /bonuses')[0]!.body).toMatchObject({
      title: 'performance',
      type: 'individual',
      amounts: [
        { employee: 7, amount: '1500' },
        { employee: 8, amount: '300' },
      ],
    });
  });

  it('totals amounts typed as the API reads them (spaces, no-break spaces, a decimal comma)', async () => {
    signIn();
    const app = renderApp('/rh/bonuses/add', {
      handlers: {
        ...sessionHandlers({ account: { roles: ['RH'] } }),
        'GET /groups': page([]),
        'POST /bonuses/parse': { body: parsed },
      },
    });
    await screen.findByRole('heading', { name: 'Nouvelle prime', level: 1 });
    await app.user.selectOptions(screen.getByLabelText('Type'), 'Individuelle');
    const file = new File(['CIN;Montant\n'], 'primes.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    await app.user.upload(screen.getByLabelText(/Fichier des montants/), file);
    const field = await screen.findByLabelText('Montant (DH) pour Salma Idrissi');
    const summary = () => screen.getByRole('region', { name: 'Récapitulatif' });
    for (const typed of ['2 500', '2\u00a0500', '2500,00']) {
      await app.user.clear(field);
      await app.user.type(field, typed);
      expect(summary()).toHaveTextContent(/Total : 4\s000\sDH pour 2 salariés/);
    }
    // What the API refuses counts for nothing.
    await app.user.clear(field);
    await app.user.type(field, '12,5');
    expect(summary()).toHaveTextContent(/Total : 1\s500\sDH pour 2 salariés/);
  });

  it('starts from a saved model: its title, type and amounts', async () => {
    signIn();
    const model = bonus({
      id: 12,
      title: 'transport',
      display_title: 'Transport',
      type: 'individual',
      target: null,
      amount: null,
      is_saved: true,
      beneficiaries_count: 1,
    });
    const app = renderApp('/rh/bonuses/add', {
      handlers: {
        ...sessionHandlers({ account: { roles: ['RH'] } }),
        'GET /groups': page([]),
        'GET /bonuses/saved': page([model]),
        'GET /bonuses/12/beneficiaries': page([{ ...beneficiary(7, 'Karim'), amount: '450.00' }]),
        'POST /bonuses': { status: 201, body: bonus({ id: 43 }) },
        'GET /bonuses/43': { body: bonus({ id: 43 }) },
        'GET /bonuses/43/beneficiaries': page([]),
      },
    });
    await app.user.selectOptions(await screen.findByLabelText('Partir d’un modèle'), '12');
    expect(await screen.findByLabelText('Montant (DH) pour Karim Alaoui (M-7)')).toHaveValue('450');
    expect(screen.getByLabelText('Intitulé')).toHaveValue('transport');
    await app.user.click(screen.getByRole('button', { name: 'Envoyer pour validation' }));
    await waitFor(() => expect(app.api.requestsTo('POST /bonuses')).toHaveLength(1));
    expect(app.api.requestsTo('POST /bonuses')[0]!.body).toMatchObject({
      title: 'transport',
      type: 'individual',
      is_saved: false,
      amounts: [{ employee: 7, amount: '450' }],
    });
  });

  it('shows the API’s refusals under their fields', async () => {
    signIn();
    const app = renderApp('/rh/bonuses/add', {
      handlers: {
        ...sessionHandlers({ account: { roles: ['RH'] } }),
        'GET /groups': page([]),
        'POST /bonuses': validationError([{ attr: 'amount', code: 'required' }]),
      },
    });
    await screen.findByRole('heading', { name: 'Nouvelle prime', level: 1 });
    await app.user.click(screen.getByRole('button', { name: 'Envoyer pour validation' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/Montant par salarié \(DH\)/)).toHaveAttribute('aria-invalid', 'true'),
    );
  });
});

describe('/rh/bonuses/:id', () => {
  it('lets a DRH who is not the author confirm some beneficiaries, after a confirmation', async () => {
    signIn();
    const app = renderApp('/rh/bonuses/5', {
      handlers: {
        ...sessionHandlers({ account: { id: 1, roles: ['DRH'] } }),
        'GET /bonuses/5': { body: bonus() },
        'GET /bonuses/5/beneficiaries': page([
          beneficiary(7, 'Karim'),
          beneficiary(8, 'Salma'),
          beneficiary(9, 'Omar'),
        ]),
        'POST /bonuses/5/reply': { body: bonus({ status: 'partially_confirmed' }) },
      },
    });
    await screen.findByRole('heading', { name: 'Votre réponse' });
    await app.user.click(screen.getByRole('checkbox', { name: 'Confirmer pour Karim Alaoui' }));
    await app.user.click(screen.getByRole('checkbox', { name: 'Confirmer pour Omar Alaoui' }));
    await app.user.type(screen.getByLabelText('Commentaire'), 'Objectif atteint par deux');
    await app.user.click(screen.getByRole('button', { name: 'Confirmer la sélection (2)' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Confirmer la prime pour 2 salariés choisis');
    await app.user.click(within(dialog).getByRole('button', { name: 'Confirmer la sélection' }));
    await waitFor(() => expect(app.api.requestsTo('POST /bonuses/5/reply')).toHaveLength(1));
    expect(app.api.requestsTo('POST /bonuses/5/reply')[0]!.body).toEqual({
      reply: 'partial',
      comment: 'Objectif atteint par deux',
      confirmed_employees: [7, 9],
    });
  });

  it('does not offer the reply to the author, nor to an RH', async () => {
    signIn();
    renderApp('/rh/bonuses/5', {
      handlers: {
        ...sessionHandlers({ account: { id: 99, roles: ['DRH'] } }),
        'GET /bonuses/5': { body: bonus() },
        'GET /bonuses/5/beneficiaries': page([beneficiary(7, 'Karim')]),
      },
    });
    expect(await screen.findByText(/En attente de la réponse d’un DRH/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Votre réponse' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('shows a missing bonus as not found', async () => {
    signIn();
    renderApp('/rh/bonuses/77', {
      handlers: {
        ...sessionHandlers({ account: { roles: ['RH'] } }),
        'GET /bonuses/77': {
          status: 404,
          body: { type: 'client_error', errors: [{ code: 'not_found', detail: 'x', attr: null }] },
        },
        'GET /bonuses/77/beneficiaries': page([]),
      },
    });
    expect(await screen.findByText('Cette prime est introuvable.')).toBeInTheDocument();
  });
});

describe('/bonuses (employee)', () => {
  const paid: TBonusTransaction = {
    id: 31,
    bonus: { id: 5, title: 'aid_el_kbir', display_title: 'Aïd El Kébir' },
    amount: '1000.00',
    status: 'executed',
    payout_method: 'card',
    is_seen: false,
    created: '2026-11-20T10:15:00+00:00',
    paid: '2026-11-20T10:16:00+00:00',
    failure_reason: null,
  };

  it('celebrates an unseen bonus with its amount, then marks it seen', async () => {
    signIn();
    const app = renderApp('/bonuses', {
      handlers: {
        ...sessionHandlers(),
        'GET /bonuses/transactions': page([paid]),
        'GET /bonuses/transactions/unseen': { body: [paid] },
        'POST /bonuses/transactions/31/seen': { body: { id: 31, is_seen: true } },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Félicitations !' });
    expect(dialog).toHaveTextContent(/prime « Aïd El Kébir » de 1\s000\sDH/);
    expect(dialog).toHaveTextContent('disponible sur votre carte prépayée');
    app.api.on('GET /bonuses/transactions/unseen', { body: [] });
    await app.user.click(within(dialog).getByRole('button', { name: 'Merci !' }));
    await waitFor(() => expect(app.api.requestsTo('POST /bonuses/transactions/31/seen')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('list', { name: 'Mes primes' })).toHaveTextContent('Versée');
  });

  it('says when there is no bonus yet', async () => {
    signIn();
    renderApp('/bonuses', {
      handlers: {
        ...sessionHandlers(),
        'GET /bonuses/transactions': page([]),
        'GET /bonuses/transactions/unseen': { body: [] },
      },
    });
    expect(await screen.findByText('Aucune prime pour le moment.')).toBeInTheDocument();
  });
});
