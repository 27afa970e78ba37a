import type { TAdvanceSimulation } from '@tasbiq/contracts/advances';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeHandler, sequence } from '../../app/testing/fake-api.ts';
import { renderApp, type SessionOptions, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';
import { makeAdvance, makeSimulation, makeSolde } from '../shared/testing/money-fixtures.ts';

vi.mock('lottie-web', () => import('../../app/testing/fake-lottie.ts'));

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Simulates like the API would for a 2 500 DH balance and a 15 DH fee; `refuse` forces an error code. */
function simulator(refuse?: string): FakeHandler {
  return (request) => {
    const amount = Number((request.body as { amount: string }).amount);
    const simulation: TAdvanceSimulation = makeSimulation({
      amount: `${amount}.00`,
      fees: '15.00',
      total: `${amount + 15}.00`,
      available_after: `${Math.max(0, 2500 - amount - 15)}.00`,
      error_code: refuse ?? (amount + 15 > 2500 ? 'BALANCE_INSUFFICIENT' : null),
    });
    return { body: simulation };
  };
}

function open(handlers: Record<string, FakeHandler> = {}, session: SessionOptions = {}, path = '/advance') {
  signIn();
  return renderApp(path, {
    handlers: {
      ...sessionHandlers(session),
      'GET /employees/solde': { body: makeSolde() },
      'POST /advances/simulate': simulator(),
      'GET /animations/success-check.json': { body: { v: '5.7.4', layers: [] } },
      ...handlers,
    },
  });
}

async function typeAmount(app: ReturnType<typeof open>, amount: string) {
  const input = await screen.findByRole('textbox', { name: 'Montant souhaité (DH)' });
  await app.user.clear(input);
  await app.user.type(input, amount);
  return input;
}

const simulation = () => screen.findByRole('group', { name: 'Simulation de votre avance' });

function row(scope: HTMLElement, term: string): string {
  return within(scope).getByText(term).nextElementSibling?.textContent ?? '';
}

async function goToConfirm(app: ReturnType<typeof open>, amount = '1000') {
  await typeAmount(app, amount);
  await simulation();
  const next = screen.getByRole('button', { name: 'Continuer' });
  await waitFor(() => expect(next).toBeEnabled());
  await app.user.click(next);
  return screen.findByRole('heading', { name: 'Confirmer la demande' });
}

describe('/advance', () => {
  it('shows the available balance, the requests left and the next fee', async () => {
    open();
    const solde = await screen.findByRole('region', { name: 'Mon solde' });
    expect(row(solde, 'Solde disponible')).toMatch(/^2\s500\sDH$/);
    expect(row(solde, 'Demandes restantes ce mois-ci')).toBe('2');
    expect(row(solde, 'Avances gratuites restantes')).toBe('Aucune');
    expect(row(solde, 'Frais de la prochaine avance')).toMatch(/^15\sDH$/);
  });

  it('says "Illimité" when the requests are unlimited, and "Gratuite" for a free next advance', async () => {
    open({
      'GET /employees/solde': {
        body: makeSolde({
          requests_left: null,
          max_advances_per_month: -1,
          free_advances_left: 1,
          next_fee: '0.00',
        }),
      },
    });
    const solde = await screen.findByRole('region', { name: 'Mon solde' });
    expect(row(solde, 'Demandes restantes ce mois-ci')).toBe('Illimité');
    expect(row(solde, 'Avances gratuites restantes')).toBe('1 avance');
    expect(row(solde, 'Frais de la prochaine avance')).toBe('Gratuite');
  });

  it('simulates the amount once typing pauses and shows fee, total and what remains', async () => {
    const app = open();
    await typeAmount(app, '1 000');
    const details = await simulation();
    expect(row(details, 'Montant demandé')).toMatch(/^1\s000\sDH$/);
    expect(row(details, 'Frais')).toMatch(/^15\sDH$/);
    expect(row(details, 'Total déduit de votre solde')).toMatch(/^1\s015\sDH$/);
    expect(row(details, 'Solde restant après la demande')).toMatch(/^1\s485\sDH$/);
    // Debounced: one call for the whole amount, not one per key.
    const calls = app.api.requestsTo('POST /advances/simulate');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ amount: '1000' });
    expect(screen.getByRole('button', { name: 'Continuer' })).toBeEnabled();
  });

  it('shows "Gratuit" for a free advance', async () => {
    const app = open({
      'POST /advances/simulate': { body: makeSimulation({ amount: '500.00', fees: '0.00', free: true }) },
    });
    await typeAmount(app, '500');
    expect(row(await simulation(), 'Frais')).toBe('Gratuit');
  });

  it.each([
    ['BALANCE_INSUFFICIENT', 'Votre solde est insuffisant pour cette demande.'],
    ['AMOUNT_LIMIT_EXCEEDED', 'Le montant dépasse le maximum autorisé pour ce mois.'],
    ['INSUFFICIENT_FUNDS', 'Le service est momentanément indisponible. Veuillez contacter votre service RH.'],
    ['SOMETHING_NEW', 'Erreur interne, veuillez contacter le support ... code [SOMETHING_NEW]'],
  ])('explains a refusal %s in French and does not let it go on', async (code, text) => {
    const app = open({ 'POST /advances/simulate': simulator(code) });
    await typeAmount(app, '3000');
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continuer' })).toBeDisabled();
    expect(within(await simulation()).queryByText('Solde restant après la demande')).not.toBeInTheDocument();
  });

  it('checks the amount before asking: whole dirhams, 50 DH minimum', async () => {
    const app = open();
    const input = await typeAmount(app, '20');
    expect(await screen.findByText('Le montant minimum est de 50 DH.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await typeAmount(app, '100,50');
    expect(screen.getByText('Saisissez un nombre entier de dirhams, sans décimales.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(app.api.requestsTo('POST /advances/simulate')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Continuer' })).toBeDisabled();
  });

  it('shows a failed simulation call in French', async () => {
    const app = open({ 'POST /advances/simulate': apiError(500, 'error') });
    await typeAmount(app, '1000');
    expect(await screen.findByText('Erreur interne, veuillez réessayer plus tard.')).toBeInTheDocument();
  });

  it('closes the prompt when HR restricted the service or no request is left', async () => {
    open({ 'GET /employees/solde': { body: makeSolde({ requests_left: 0 }) } });
    expect(
      await screen.findByText('Vous avez atteint le nombre maximum de demandes pour ce mois.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Montant souhaité (DH)' })).toBeDisabled();
  });

  it('shows the card-required path when paying to a card without an active card', async () => {
    const app = open();
    await goToConfirm(app);
    // Without a card the RIB is chosen first; choosing the card shows what to do.
    expect(screen.getByRole('radio', { name: /Virement sur RIB/ })).toBeChecked();
    expect(screen.queryByText('Carte prépayée requise')).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('radio', { name: /Carte prépayée/ }));
    const notice = screen.getByText('Carte prépayée requise').closest('[role="alert"]') as HTMLElement;
    // The card screen is told where to come back: this advance, its amount.
    expect(within(notice).getByRole('link', { name: 'Commander une carte' })).toHaveAttribute(
      'href',
      '/card?retour=avance&montant=1000',
    );
    expect(within(notice).getByRole('link', { name: 'J’ai reçu ma carte' })).toHaveAttribute(
      'href',
      '/card?retour=avance&montant=1000',
    );
    expect(screen.getByRole('button', { name: 'Confirmer la demande' })).toBeDisabled();
  });

  it('back from the card screen: the amount asked before is typed and the card is chosen', async () => {
    const app = open(
      { 'GET /employees/solde': { body: makeSolde({ has_active_card: true }) } },
      {},
      '/advance?montant=1000&paiement=card',
    );
    const input = await screen.findByRole('textbox', { name: 'Montant souhaité (DH)' });
    expect(input).toHaveValue('1000');
    await screen.findByRole('group', { name: 'Simulation de votre avance' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continuer' })).toBeEnabled());
    await app.user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByRole('radio', { name: /Carte prépayée/ })).toBeChecked();
    expect(screen.queryByText('Carte prépayée requise')).not.toBeInTheDocument();
  });

  it('shows the card-required path when the server answers CARD_REQUIRED', async () => {
    const app = open({
      'GET /employees/solde': { body: makeSolde({ has_active_card: true }) },
      'POST /advances': apiError(400, 'CARD_REQUIRED'),
    });
    await goToConfirm(app);
    expect(screen.getByRole('radio', { name: /Carte prépayée/ })).toBeChecked();
    await app.user.click(screen.getByRole('button', { name: 'Confirmer la demande' }));
    expect(await screen.findByText('Carte prépayée requise')).toBeInTheDocument();
    expect(app.api.requestsTo('POST /advances')[0]?.body).toEqual({ amount: '1000', payout_method: 'card' });
  });

  it('says so when there is no RIB to pay to', async () => {
    const app = open({ 'GET /employees/solde': { body: makeSolde({ has_rib: false }) } });
    await goToConfirm(app);
    await app.user.click(screen.getByRole('radio', { name: /Virement sur RIB/ }));
    expect(screen.getByText('RIB manquant')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirmer la demande' })).toBeDisabled();
  });

  it('offers only the RIB when cards are off for the company', async () => {
    const app = open({}, { settings: { cards_enabled: false } });
    await goToConfirm(app);
    expect(screen.getAllByRole('radio')).toHaveLength(1);
    expect(screen.getByRole('radio', { name: /Virement sur RIB/ })).toBeChecked();
  });

  it('retries one attempt with the same Idempotency-Key, and a new attempt gets a new one', async () => {
    const app = open({
      'POST /advances': sequence(apiError(500, 'error'), {
        status: 201,
        body: makeAdvance({ amount: '1000.00', payout_method: 'rib', status: 'pending' }),
      }),
    });
    await goToConfirm(app);
    const confirm = screen.getByRole('button', { name: 'Confirmer la demande' });
    await app.user.click(confirm);
    expect(await screen.findByText('Erreur interne, veuillez réessayer plus tard.')).toBeInTheDocument();

    // Changing the payout method is another attempt; coming back to the RIB, another again.
    await app.user.click(screen.getByRole('radio', { name: /Carte prépayée/ }));
    await app.user.click(screen.getByRole('radio', { name: /Virement sur RIB/ }));
    await app.user.click(screen.getByRole('button', { name: 'Confirmer la demande' }));
    await screen.findByRole('heading', { name: /Demande d’avance de 1\s000\sDH envoyée/ });

    const keys = app.api.requestsTo('POST /advances').map((r) => r.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('sends the same key again when the same attempt is retried', async () => {
    const app = open({
      'POST /advances': sequence(apiError(502, 'error'), apiError(500, 'error'), {
        status: 201,
        body: makeAdvance({ status: 'pending' }),
      }),
    });
    await goToConfirm(app);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const confirm = screen.queryByRole('button', { name: 'Confirmer la demande' });
      if (!confirm) break;
      await waitFor(() => expect(confirm).toBeEnabled());
      await app.user.click(confirm);
      await waitFor(() => expect(app.api.requestsTo('POST /advances')).toHaveLength(attempt + 1));
    }
    await screen.findByText('Votre avance sera versée sur votre compte bancaire dans un délai de 48 heures.');
    const keys = new Set(app.api.requestsTo('POST /advances').map((r) => r.headers.get('Idempotency-Key')));
    expect(app.api.requestsTo('POST /advances')).toHaveLength(3);
    expect(keys.size).toBe(1);
  });

  it('shows the RIB success text with the animation, and refreshes what the advance changed', async () => {
    const app = open({
      'POST /advances': { status: 201, body: makeAdvance({ amount: '1000.00', payout_method: 'rib' }) },
    });
    // What other screens may have cached: the history lists and the notifications.
    const cached = [['advances', 'list'], ['recharges', 'list'], ['transactions'], ['notifications', 'list']];
    for (const key of cached) app.queryClient.setQueryData(key, { count: 0, results: [] });
    await goToConfirm(app);
    await app.user.click(screen.getByRole('button', { name: 'Confirmer la demande' }));
    const heading = await screen.findByRole('heading', { name: /Demande d’avance de 1\s000\sDH envoyée/ });
    expect(heading).toHaveFocus();
    expect(
      screen.getByText('Votre avance sera versée sur votre compte bancaire dans un délai de 48 heures.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: "Voir l'historique" })).toHaveAttribute('href', '/historique');
    await waitFor(() => expect(app.api.requestsTo('GET /animations/success-check.json')).toHaveLength(1));
    await waitFor(() => expect(app.api.requestsTo('GET /employees/solde')).toHaveLength(2));
    for (const key of cached) expect(app.queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it.each([
    ['executed', 'Votre avance a été versée sur votre carte prépayée.'],
    ['processing', 'Votre avance est en cours de versement sur votre carte prépayée.'],
  ] as const)('tells a card payout that is %s', async (status, text) => {
    const app = open({
      'GET /employees/solde': { body: makeSolde({ has_active_card: true }) },
      'POST /advances': { status: 201, body: makeAdvance({ payout_method: 'card', status }) },
    });
    await goToConfirm(app);
    await app.user.click(screen.getByRole('button', { name: 'Confirmer la demande' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('goes back to the amount, which it keeps', async () => {
    const app = open();
    await goToConfirm(app, '750');
    await app.user.click(screen.getByRole('button', { name: 'Modifier le montant' }));
    expect(screen.getByRole('textbox', { name: 'Montant souhaité (DH)' })).toHaveValue('750');
  });

  it('offers a retry when the balance cannot be loaded', async () => {
    const app = open({ 'GET /employees/solde': apiError(500, 'error') });
    expect(await screen.findByText("Votre solde n'a pas pu être chargé.")).toBeInTheDocument();
    app.api.on('GET /employees/solde', { body: makeSolde() });
    await app.user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('region', { name: 'Mon solde' })).toBeInTheDocument();
  });
});
