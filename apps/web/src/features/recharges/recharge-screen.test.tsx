import { onlineManager } from '@tanstack/react-query';
import { RECHARGE_PRODUCTS, type TTelecomOperator } from '@tasbiq/contracts/money';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeHandler, sequence } from '../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';
import { makeRecharge, makeSolde } from '../shared/testing/money-fixtures.ts';

vi.mock('lottie-web', () => import('../../app/testing/fake-lottie.ts'));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
});

/** What the browser does when the network goes or comes back. */
function setNetwork(isOnline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(isOnline);
  onlineManager.setOnline(isOnline);
  window.dispatchEvent(new Event(isOnline ? 'online' : 'offline'));
}

const products: FakeHandler = (request) => {
  const operator = request.query.get('operator') as TTelecomOperator | null;
  return { body: RECHARGE_PRODUCTS.filter((p) => !operator || p.operator === operator) };
};

function open(handlers: Record<string, FakeHandler> = {}) {
  signIn();
  return renderApp('/recharge', {
    handlers: {
      ...sessionHandlers({ account: { phone: '+212612345678' } }),
      'GET /employees/solde': { body: makeSolde({ balance: '500.00' }) },
      'GET /recharge/products': products,
      'GET /animations/success-check.json': { body: { v: '5.7.4', layers: [] } },
      ...handlers,
    },
  });
}

type App = ReturnType<typeof open>;

async function chooseProduct(app: App, name: RegExp) {
  await app.user.click(await screen.findByRole('radio', { name }));
}

async function openConfirmation(app: App) {
  await chooseProduct(app, /^100\sDH/);
  await app.user.click(screen.getByRole('button', { name: /^Recharger 100\sDH$/ }));
  return screen.findByRole('dialog', { name: 'Confirmer la recharge' });
}

function row(scope: HTMLElement, term: string): string {
  return within(scope).getByText(term).nextElementSibling?.textContent ?? '';
}

describe('/recharge', () => {
  it('shows the balance, the operators and the chosen operator’s products with their price', async () => {
    const app = open();
    expect(await screen.findByText(/^500\sDH$/)).toBeInTheDocument();
    expect(screen.getAllByRole('radio', { name: /Maroc Telecom|Orange|inwi/ })).toHaveLength(3);
    expect(screen.getByRole('radio', { name: 'Maroc Telecom' })).toBeChecked();
    const hundred = await screen.findByRole('radio', { name: /^100\sDH/ });
    expect(hundred.closest('label')).toHaveTextContent(/Vous payez 97\sDH/);
    expect(app.api.requestsTo('GET /recharge/products')[0]?.query.get('operator')).toBe('iam');

    await app.user.click(screen.getByRole('radio', { name: 'inwi' }));
    const inwi = await screen.findByRole('radio', { name: /^25\sDH/ });
    expect(inwi).toBeInTheDocument();
    expect(app.api.requestsTo('GET /recharge/products').at(-1)?.query.get('operator')).toBe('inwi');
  });

  it('prefills the employee’s own number and refuses a number that is not a Moroccan mobile', async () => {
    const app = open();
    const phone = await screen.findByRole('textbox', { name: /Numéro à recharger/ });
    expect(phone).toHaveValue('+212612345678');
    await app.user.clear(phone);
    await app.user.type(phone, '0522123456');
    await app.user.tab();
    expect(
      screen.getByText('Saisissez un numéro de mobile marocain valide (06… ou 07…, ou +212…).'),
    ).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    await app.user.clear(phone);
    expect(screen.getByText('le champ "Numéro à recharger" est obligatoire')).toBeInTheDocument();
    await chooseProduct(app, /^50\sDH/);
    await app.user.click(screen.getByRole('button', { name: /^Recharger/ }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks for a product before confirming', async () => {
    const app = open();
    await screen.findByRole('radio', { name: /^100\sDH/ });
    await app.user.click(screen.getByRole('button', { name: 'Recharger' }));
    expect(screen.getByText('le champ "Montant de la recharge" est obligatoire')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('warns when the balance cannot pay for the top-up', async () => {
    const app = open({ 'GET /employees/solde': { body: makeSolde({ balance: '60.00' }) } });
    await screen.findByText(/^60\sDH$/);
    await chooseProduct(app, /^100\sDH/);
    expect(screen.getByText('Votre solde est insuffisant pour cette recharge.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Recharger 100\sDH$/ })).toBeDisabled();
  });

  it('confirms in a dialog, then sends the top-up with an Idempotency-Key and shows the result', async () => {
    const app = open({
      'POST /recharges': { status: 201, body: makeRecharge({ id: 41, status: 'pending' }) },
      'GET /recharges/41': sequence(
        { body: makeRecharge({ id: 41, status: 'processing' }) },
        { body: makeRecharge({ id: 41, status: 'executed' }) },
      ),
    });
    const dialog = await openConfirmation(app);
    expect(row(dialog, 'Opérateur')).toBe('Maroc Telecom');
    expect(row(dialog, 'Numéro')).toBe('+212612345678');
    expect(row(dialog, 'Recharge')).toMatch(/^100\sDH$/);
    expect(row(dialog, 'Vous payez')).toMatch(/^97\sDH$/);
    await app.user.click(within(dialog).getByRole('button', { name: 'Confirmer la recharge' }));

    expect(await screen.findByRole('heading', { name: 'Recharge en cours' })).toHaveFocus();
    expect(
      await screen.findByRole('heading', { name: 'Recharge effectuée' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/La recharge de 100\sDH du numéro \+212612345678 a été effectuée\./),
    ).toBeInTheDocument();

    const [sent] = app.api.requestsTo('POST /recharges');
    expect(sent?.body).toEqual({ phone: '+212612345678', product: 'iam-100', amount: '100.00' });
    expect(sent?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(app.api.requestsTo('GET /recharges/41').length).toBeGreaterThanOrEqual(1);
    expect(screen.getByRole('link', { name: "Voir l'historique" })).toHaveAttribute(
      'href',
      '/historique?tab=recharges',
    );
  });

  it('sends a number typed as 06… in the +212 form', async () => {
    const app = open({ 'POST /recharges': { status: 201, body: makeRecharge({ status: 'executed' }) } });
    const phone = await screen.findByRole('textbox', { name: /Numéro à recharger/ });
    await app.user.clear(phone);
    await app.user.type(phone, '07 00 11 22 33');
    const dialog = await openConfirmation(app);
    expect(row(dialog, 'Numéro')).toBe('+212700112233');
    await app.user.click(within(dialog).getByRole('button', { name: 'Confirmer la recharge' }));
    await screen.findByRole('heading', { name: 'Recharge effectuée' });
    expect(app.api.requestsTo('POST /recharges')[0]?.body).toMatchObject({ phone: '+212700112233' });
  });

  it('explains a refusal in French and retries the same attempt with the same key', async () => {
    const app = open({
      'POST /recharges': sequence(apiError(400, 'BALANCE_INSUFFICIENT'), apiError(500, 'error'), {
        status: 201,
        body: makeRecharge({ status: 'executed' }),
      }),
    });
    const dialog = await openConfirmation(app);
    const confirm = within(dialog).getByRole('button', { name: 'Confirmer la recharge' });
    await app.user.click(confirm);
    expect(
      await within(dialog).findByText('Votre solde est insuffisant pour cette demande.'),
    ).toBeInTheDocument();
    await app.user.click(confirm);
    expect(
      await within(dialog).findByText('Erreur interne, veuillez réessayer plus tard.'),
    ).toBeInTheDocument();
    await app.user.click(confirm);
    await screen.findByRole('heading', { name: 'Recharge effectuée' });
    const keys = new Set(app.api.requestsTo('POST /recharges').map((r) => r.headers.get('Idempotency-Key')));
    expect(app.api.requestsTo('POST /recharges')).toHaveLength(3);
    expect(keys.size).toBe(1);
  });

  it('offline, fails at once in French, sends nothing when the network is back, retries with the same key', async () => {
    let isNetworkUp = true;
    const app = open({
      'POST /recharges': () => {
        if (!isNetworkUp) throw new TypeError('Failed to fetch');
        return { status: 201, body: makeRecharge({ status: 'executed' }) };
      },
    });
    const dialog = await openConfirmation(app);
    isNetworkUp = false;
    setNetwork(false);
    expect(await screen.findByText(/Vous êtes hors connexion/)).toBeInTheDocument();

    await app.user.click(within(dialog).getByRole('button', { name: 'Confirmer la recharge' }));
    expect(
      await within(dialog).findByText(/Pas de connexion internet : rien n’a été envoyé/),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toBeEnabled();

    // The network comes back: nothing was queued, so nothing is sent behind the person's back.
    isNetworkUp = true;
    setNetwork(true);
    await waitFor(() => expect(screen.queryByText(/Vous êtes hors connexion/)).not.toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'Recharge effectuée' })).not.toBeInTheDocument();
    expect(app.api.requestsTo('POST /recharges')).toHaveLength(1);

    // Retrying is the person's choice, with the same Idempotency-Key.
    await app.user.click(within(dialog).getByRole('button', { name: 'Confirmer la recharge' }));
    await screen.findByRole('heading', { name: 'Recharge effectuée' });
    const sent = app.api.requestsTo('POST /recharges');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.headers.get('Idempotency-Key')).toBe(sent[0]?.headers.get('Idempotency-Key'));
  });

  it('gives a new key to a new confirmation', async () => {
    const app = open({ 'POST /recharges': apiError(400, 'ACCESS_RESTRICTED') });
    let dialog = await openConfirmation(app);
    await app.user.click(within(dialog).getByRole('button', { name: 'Confirmer la recharge' }));
    await within(dialog).findByText(/L'accès à ce service est restreint/);
    await app.user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: /^Recharger 100\sDH$/ })).toHaveFocus());
    await app.user.click(screen.getByRole('button', { name: /^Recharger 100\sDH$/ }));
    dialog = await screen.findByRole('dialog', { name: 'Confirmer la recharge' });
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Confirmer la recharge' }));
    await waitFor(() => expect(app.api.requestsTo('POST /recharges')).toHaveLength(2));
    const [first, second] = app.api
      .requestsTo('POST /recharges')
      .map((r) => r.headers.get('Idempotency-Key'));
    expect(second).not.toBe(first);
  });

  it('says when the operator refused the top-up', async () => {
    const app = open({ 'POST /recharges': { status: 201, body: makeRecharge({ status: 'failed' }) } });
    const dialog = await openConfirmation(app);
    await app.user.click(within(dialog).getByRole('button', { name: 'Confirmer la recharge' }));
    expect(await screen.findByRole('heading', { name: 'La recharge a échoué' })).toBeInTheDocument();
    expect(screen.getByText(/Le montant n’a pas été déduit de votre solde\./)).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Nouvelle recharge' }));
    expect(await screen.findByRole('form', { name: 'Nouvelle recharge' })).toBeInTheDocument();
  });

  it('offers a retry when the products cannot be loaded', async () => {
    const app = open({ 'GET /recharge/products': apiError(500, 'error') });
    expect(await screen.findByText("Les recharges n'ont pas pu être chargées.")).toBeInTheDocument();
    app.api.on('GET /recharge/products', products);
    await app.user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('radio', { name: /^100\sDH/ })).toBeInTheDocument();
  });
});
