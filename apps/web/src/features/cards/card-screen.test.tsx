import type { TCard, TCardActivity, TCardOrder, TCardState } from '@tasbiq/contracts/cards';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, sequence } from '../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';
import { cinPhotoProblem } from './components/cin-capture.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const CITIES = [
  { id: 1, name: 'Casablanca', region: 'Casablanca-Settat' },
  { id: 40, name: 'Rabat', region: 'Rabat-Salé-Kénitra' },
];

function makeCard(overrides: Partial<TCard> = {}): TCard {
  return {
    id: 7,
    status: 'delivered',
    status_label: 'Livrée',
    last4: '4821',
    is_active: false,
    ordered: '2026-11-20T10:00:00+00:00',
    assigned: '2026-11-20T10:00:15+00:00',
    delivered: '2026-11-20T10:00:45+00:00',
    receipt_confirmed: null,
    contract_signed: null,
    activated: null,
    blocked: null,
    canceled: null,
    cancel_reason: null,
    has_signed_contract: false,
    delivery: { city_name: 'Casablanca', address: '12 rue Ibn Batouta', area: 'Maârif', zip: '20330' },
    ...overrides,
  };
}

function makeOrder(overrides: Partial<TCardOrder> = {}): TCardOrder {
  return {
    id: 3,
    status: 'checking',
    step: 'front',
    progress: 0.3,
    error_code: null,
    error_detail: null,
    hint: null,
    city: 1,
    city_name: 'Casablanca',
    address: '12 rue Ibn Batouta',
    area: 'Maârif',
    zip: '20330',
    phone: '+212612345678',
    created: '2026-11-20T10:00:00+00:00',
    ...overrides,
  };
}

const ACTIVITY: TCardActivity = {
  month: 11,
  year: 2026,
  total_credit: '700.00',
  total_debit: '120.50',
  balance: '579.50',
  results: [
    {
      id: 2,
      type: '2',
      amount: '120.50',
      balance: '579.50',
      label: 'Marjane Californie',
      created: '2026-11-21T12:00:00+00:00',
    },
    {
      id: 1,
      type: '1',
      amount: '700.00',
      balance: '700.00',
      label: 'Avance sur salaire n° 12',
      created: '2026-11-20T12:00:00+00:00',
    },
  ],
};

async function openCard(state: TCardState | ReturnType<typeof sequence>, extra = {}) {
  signIn();
  const card = typeof state === 'function' ? state : { body: state };
  const app = renderApp('/card', {
    handlers: {
      ...sessionHandlers(),
      'GET /card': card,
      'GET /cities': { body: CITIES },
      'GET /card/transactions': { body: ACTIVITY },
      ...extra,
    },
  });
  await screen.findByRole('heading', { name: 'Ma carte' });
  return app;
}

const png = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

describe('/card without a card: the order', () => {
  it('asks for both sides of the CIN and a valid address before sending anything', async () => {
    const app = await openCard({ card: null, order: null });
    await app.user.click(await screen.findByRole('button', { name: 'Commander ma carte' }));
    expect(screen.getByText('Prenez en photo le recto de votre CIN.')).toBeInTheDocument();
    expect(screen.getByText('Prenez en photo le verso de votre CIN.')).toBeInTheDocument();
    expect(screen.getByText('le champ "Code postal" est obligatoire')).toBeInTheDocument();
    expect(app.api.requestsTo('POST /card/order')).toHaveLength(0);
  });

  it('sends the photos and the address, then shows the check’s progress', async () => {
    const app = await openCard(
      sequence({ body: { card: null, order: null } }, { body: { card: null, order: makeOrder() } }),
      { 'POST /card/order': { status: 201, body: makeOrder({ step: 'queued', progress: 0 }) } },
    );
    await app.user.upload(await screen.findByLabelText('Recto de la CIN'), png('recto.png'));
    expect(await screen.findByRole('img', { name: 'Aperçu : recto de la cin' })).toBeInTheDocument();
    expect(screen.getByText('Reprendre la photo')).toBeInTheDocument();
    await app.user.upload(screen.getByLabelText('Verso de la CIN'), png('verso.png'));
    await screen.findByRole('option', { name: 'Rabat' });
    await app.user.selectOptions(screen.getByLabelText(/^Ville/), '40');
    await app.user.type(screen.getByLabelText(/^Adresse de livraison/), '12 rue Ibn Batouta');
    await app.user.type(screen.getByLabelText(/^Quartier/), 'Agdal');
    await app.user.type(screen.getByLabelText(/^Code postal/), '10090');
    await app.user.click(screen.getByRole('button', { name: 'Commander ma carte' }));

    const progress = await screen.findByRole('progressbar', { name: 'Vérification de votre CIN' });
    expect(progress).toHaveAttribute('aria-valuenow', '30');
    expect(screen.getByText('Lecture du recto de votre CIN…')).toBeInTheDocument();
    const [sent] = app.api.requestsTo('POST /card/order');
    const form = sent!.body as FormData;
    expect(form.get('city')).toBe('40');
    expect(form.get('zip')).toBe('10090');
    expect((form.get('cin_front') as File).name).toBe('recto.png');
    expect((form.get('cin_back') as File).name).toBe('verso.png');
  });

  it('refuses a photo that is not PNG or JPEG, or too big, on the phone already', () => {
    expect(cinPhotoProblem(new File(['%PDF-1.4'], 'cin.png', { type: 'application/pdf' }))).toBe(
      'Choisissez une photo au format PNG ou JPEG.',
    );
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'cin.jpg', { type: 'image/jpeg' });
    expect(cinPhotoProblem(big)).toBe('La photo dépasse 10 Mo. Reprenez-la en qualité normale.');
    expect(cinPhotoProblem(png('ok.png'))).toBeNull();
  });

  it('says why the last order was refused, in French, with the photo hint', async () => {
    await openCard({
      card: null,
      order: makeOrder({
        status: 'refused',
        step: 'done',
        progress: 1,
        error_code: 'CIN_EXPIRED_SOON',
        error_detail: 'Votre CIN expire bientôt. Veuillez la renouveler avant de commander une carte.',
      }),
    });
    expect(await screen.findByText('Votre commande n’a pas pu être acceptée')).toBeInTheDocument();
    expect(screen.getByText(/Votre CIN expire bientôt/)).toBeInTheDocument();
  });
});

describe('/card with a card on its way', () => {
  it('a delivered card asks for the printed number; a wrong one gets the spec’s message', async () => {
    const app = await openCard(
      { card: makeCard(), order: null },
      { 'POST /card/confirm_delivery': apiError(400, 'WRONG_CARD_NUMBER') },
    );
    const input = await screen.findByLabelText('Numéro de la carte');
    await app.user.type(input, '5333171234564821');
    expect(input).toHaveValue('5333 1712 3456 4821');
    await app.user.click(screen.getByRole('button', { name: 'Confirmer la réception' }));
    expect(await screen.findByText('Le numéro de carte est incorrect.')).toBeInTheDocument();
    expect(app.api.requestsTo('POST /card/confirm_delivery')[0]!.body).toEqual({
      card_number: '5333171234564821',
    });
  });

  it('an ordered card says it is being prepared and where it goes', async () => {
    await openCard({ card: makeCard({ status: 'ordered', last4: null }), order: null });
    expect(await screen.findByText('Votre carte est en préparation')).toBeInTheDocument();
    expect(screen.getByText(/12 rue Ibn Batouta, Maârif, 20330 Casablanca/)).toBeInTheDocument();
  });
});

describe('/card with an active card', () => {
  it('shows the month’s activity and blocks the card after a confirmation', async () => {
    const app = await openCard(
      { card: makeCard({ status: 'active', is_active: true }), order: null },
      { 'PUT /card/toggle': { body: makeCard({ status: 'blocked' }) } },
    );
    const activity = await screen.findByRole('region', { name: 'Activité de la carte' });
    expect(await within(activity).findByText('Marjane Californie')).toBeInTheDocument();
    expect(within(activity).getByText(/Crédits/)).toHaveTextContent(/700\sDH/);

    await app.user.click(screen.getByRole('button', { name: 'Bloquer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bloquer votre carte ?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Bloquer la carte' }));
    expect(await screen.findByText('Votre carte est bloquée.')).toBeInTheDocument();
    expect(app.api.requestsTo('PUT /card/toggle')[0]!.body).toEqual({ is_active: false });
  });

  it('says where the new PIN went in one French sentence (no « . ( » run-on)', async () => {
    const app = await openCard(
      { card: makeCard({ status: 'active', is_active: true }), order: null },
      {
        'POST /card/reset_pin': {
          body: { detail: 'Un nouveau code PIN vous a été envoyé par SMS.', phone: '+212612345678' },
        },
      },
    );
    await app.user.click(await screen.findByRole('button', { name: 'Nouveau code PIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recevoir un nouveau code PIN ?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Envoyer un nouveau code' }));
    const notice = await screen.findByText(/Un nouveau code PIN vous a été envoyé par SMS/);
    expect(notice.textContent).toBe('Un nouveau code PIN vous a été envoyé par SMS au\u00a0+212612345678.');
  });
});

describe('/card from an advance that needed a card', () => {
  it('offers to take the advance up again once the card is active, card chosen', async () => {
    signIn();
    renderApp('/card?retour=avance&montant=1000', {
      handlers: {
        ...sessionHandlers(),
        'GET /card': {
          body: {
            card: makeCard({ status: 'active', status_label: 'Active', is_active: true }),
            order: null,
          },
        },
        'GET /card/transactions': { body: ACTIVITY },
      },
    });
    expect(await screen.findByText('Votre carte est active')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reprendre mon avance' })).toHaveAttribute(
      'href',
      '/advance?montant=1000&paiement=card',
    );
  });

  it('keeps a way back to the advance while the card is on its way', async () => {
    signIn();
    renderApp('/card?retour=avance&montant=1000', {
      handlers: { ...sessionHandlers(), 'GET /card': { body: { card: makeCard(), order: null } } },
    });
    expect(await screen.findByRole('link', { name: 'Revenir à mon avance' })).toHaveAttribute(
      'href',
      '/advance?montant=1000',
    );
    expect(screen.queryByRole('link', { name: 'Reprendre mon avance' })).not.toBeInTheDocument();
  });

  it('shows no way back when opened from the menu', async () => {
    signIn();
    renderApp('/card', {
      handlers: { ...sessionHandlers(), 'GET /card': { body: { card: makeCard(), order: null } } },
    });
    await screen.findByRole('heading', { name: 'Ma carte' });
    await screen.findAllByText(/numéro/i);
    expect(screen.queryByRole('link', { name: /mon avance/ })).not.toBeInTheDocument();
  });
});
