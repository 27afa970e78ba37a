import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeHandler, type FakeRequest } from '../../app/testing/fake-api.ts';
import { renderApp, type SessionOptions, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';
import { currentMonth } from '../../lib/dates/casablanca-month.ts';
import { makeAdvance, makeRecharge, page } from '../shared/testing/money-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ADVANCES = [
  makeAdvance({
    id: 3,
    amount: '1000.00',
    fees: '15.00',
    status: 'pending',
    created: '2026-11-20T10:15:00+00:00',
  }),
  makeAdvance({
    id: 2,
    amount: '500.00',
    fees: '0.00',
    free: true,
    status: 'executed',
    payout_method: 'card',
    created: '2026-11-05T09:00:00+00:00',
  }),
  makeAdvance({ id: 1, amount: '300.00', status: 'canceled', cancel_reason: 'Plus besoin' }),
];

function open(
  path = '/historique',
  handlers: Record<string, FakeHandler> = {},
  session: SessionOptions = {},
) {
  signIn();
  return renderApp(path, {
    handlers: {
      ...sessionHandlers({ ...session, settings: { bills_enabled: true, ...session.settings } }),
      'GET /advances': { body: page(ADVANCES) },
      'GET /recharges': { body: page([makeRecharge()]) },
      'GET /bills': { body: page([]) },
      ...handlers,
    },
  });
}

const query = (request: FakeRequest | undefined) => Object.fromEntries(request?.query ?? []);

describe('/historique', () => {
  it('opens on the advances of the current Casablanca month, with the tabs of the switched-on features', async () => {
    const app = open();
    const tabs = await screen.findByRole('tablist', { name: 'Type d’opération' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Avances', 'Recharges', 'Factures', 'Transferts']);
    expect(within(tabs).getByRole('tab', { name: 'Avances' })).toHaveAttribute('aria-selected', 'true');
    const now = currentMonth();
    expect(screen.getByRole('combobox', { name: 'Mois' })).toHaveValue(String(now.month));
    expect(screen.getByRole('combobox', { name: 'Année' })).toHaveValue(String(now.year));
    await screen.findByRole('list', { name: 'Avances' });
    expect(query(app.api.requestsTo('GET /advances')[0])).toEqual({
      employee: 'me',
      month: String(now.month),
      year: String(now.year),
      limit: '20',
    });
  });

  it('lists advances with amount, fee, payout, date, French status and "Annuler" only while pending', async () => {
    open();
    const list = await screen.findByRole('list', { name: 'Avances' });
    const [pending, executed, canceled] = within(list).getAllByRole('listitem');
    expect(pending).toHaveTextContent(/1\s000\sDH/);
    expect(pending).toHaveTextContent(/Virement sur RIB · Frais : 15\sDH/);
    expect(pending).toHaveTextContent('En attente');
    expect(pending).toHaveTextContent('20 nov. 2026');
    expect(
      within(pending!).getByRole('button', { name: /^Annuler l’avance de 1\s000\sDH/ }),
    ).toBeInTheDocument();
    expect(executed).toHaveTextContent(/Carte prépayée · Sans frais/);
    expect(executed).toHaveTextContent('Exécutée');
    expect(within(executed!).queryByRole('button')).not.toBeInTheDocument();
    expect(canceled).toHaveTextContent('Annulée');
    expect(canceled).toHaveTextContent('Motif : Plus besoin');
  });

  it('sends the chosen month and year, keeps them in the address and goes back to page one', async () => {
    const app = open('/historique?offset=20', {
      'GET /advances': { body: { ...page(ADVANCES, 45) } },
    });
    await screen.findByRole('list', { name: 'Avances' });
    expect(query(app.api.requestsTo('GET /advances')[0]).offset).toBe('20');
    const year = currentMonth().year - 1;
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Mois' }), 'Mars');
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Année' }), String(year));
    await waitFor(() =>
      expect(query(app.api.requestsTo('GET /advances').at(-1))).toEqual({
        employee: 'me',
        month: '3',
        year: String(year),
        limit: '20',
      }),
    );
    expect(app.router.state.location.search).toBe(`?month=3&year=${year}`);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Historique' }).nextElementSibling,
    ).toHaveTextContent(`Vos opérations de mars ${year}.`);
  });

  it('highlights and focuses the item a link names (a notification), until another filter is chosen', async () => {
    const app = open('/historique?tab=advances&month=11&year=2026&item=2');
    const list = await screen.findByRole('list', { name: 'Avances' });
    const linked = within(list).getByRole('listitem', { current: true });
    expect(linked).toHaveAccessibleName(/^Avance de 500\sDH du 5 nov\. 2026/);
    await waitFor(() => expect(linked).toHaveFocus());
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    // The item is not a filter: the list asked is the month's.
    expect(query(app.api.requestsTo('GET /advances')[0])).toEqual({
      employee: 'me',
      month: '11',
      year: '2026',
      limit: '20',
    });
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Mois' }), 'Octobre');
    await waitFor(() => expect(app.router.state.location.search).toBe('?tab=advances&month=10&year=2026'));
    expect(screen.queryByRole('listitem', { current: true })).toBeNull();
  });

  it('pages through the advances', async () => {
    const app = open('/historique', { 'GET /advances': { body: page(ADVANCES, 45) } });
    await screen.findByRole('list', { name: 'Avances' });
    expect(screen.getByText('1–20 sur 45')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(query(app.api.requestsTo('GET /advances').at(-1)).offset).toBe('20'));
  });

  it('lists the top-ups of the period in the Recharges tab', async () => {
    const app = open();
    await app.user.click(await screen.findByRole('tab', { name: 'Recharges' }));
    const list = await screen.findByRole('list', { name: 'Recharges' });
    const [item] = within(list).getAllByRole('listitem');
    expect(item).toHaveTextContent('Recharge Maroc Telecom');
    expect(item).toHaveTextContent(/\+212612345678 · Payé : 97\sDH/);
    expect(item).toHaveTextContent(/100\sDH/);
    expect(item).toHaveTextContent('Exécutée');
    const now = currentMonth();
    expect(query(app.api.requestsTo('GET /recharges')[0])).toEqual({
      employee: 'me',
      month: String(now.month),
      year: String(now.year),
      limit: '20',
    });
    expect(app.router.state.location.search).toBe('?tab=recharges');
  });

  it('opens the tab named in the address, and shows only the tabs of switched-on features', async () => {
    open('/historique?tab=recharges', {}, { settings: { advances_enabled: false } });
    const tabs = await screen.findByRole('tablist');
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Recharges', 'Factures', 'Transferts']);
    expect(await screen.findByRole('list', { name: 'Recharges' })).toBeInTheDocument();
  });

  it('writes "d’" before a month that starts with a vowel', async () => {
    open('/historique?month=10&year=2026');
    const title = await screen.findByRole('heading', { level: 1, name: 'Historique' });
    expect(title.nextElementSibling).toHaveTextContent('Vos opérations d’octobre 2026.');
  });

  it('shows empty bills and transfers', async () => {
    const app = open();
    await app.user.click(await screen.findByRole('tab', { name: 'Factures' }));
    expect(await screen.findByText('Aucune facture pour cette période')).toBeInTheDocument();
    await app.user.click(screen.getByRole('tab', { name: 'Transferts' }));
    expect(screen.getByText('Aucun transfert pour cette période')).toBeInTheDocument();
  });

  it('lists the month’s bills with their receipt once the biller confirmed', async () => {
    const bill = {
      id: 7,
      employee: { id: 1, first_name: 'Salma', last_name: 'Alaoui', serial: null },
      biller: 'lydec',
      biller_name: 'Lydec',
      reference: '3001234567',
      holder: 'K**** T***',
      due_date: '2026-12-15',
      amount_due: '523.40',
      amount: '523.40',
      status: 'executed',
      created: '2026-11-24T10:00:00.000+00:00',
      executed: '2026-11-24T10:00:02.000+00:00',
      failed: null,
      failure_reason: null,
      receipt_number: 'FAC-BILL-7',
    };
    const failed = { ...bill, id: 8, status: 'failed', failure_reason: 'Le facturier n’a pas répondu' };
    const app = open('/historique?tab=bills', { 'GET /bills': { body: page([bill, failed]) } });
    const list = await screen.findByRole('list', { name: 'Factures' });
    expect(within(list).getAllByText('Facture Lydec')).toHaveLength(2);
    expect(within(list).getByText('Le facturier n’a pas répondu — montant restitué.')).toBeInTheDocument();
    expect(within(list).getAllByRole('button', { name: 'Télécharger le reçu' })).toHaveLength(1);
    expect(query(app.api.requestsTo('GET /bills')[0])).toMatchObject({ employee: 'me' });
  });

  it('says when a month has no advance, and offers a retry when the list fails', async () => {
    const app = open('/historique', { 'GET /advances': { body: page([]) } });
    expect(await screen.findByText('Aucune avance pour cette période')).toBeInTheDocument();
    app.api.on('GET /advances', apiError(500, 'error'));
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Mois' }), 'Janvier');
    expect(await screen.findByText("La liste des avances n'a pas pu être chargée.")).toBeInTheDocument();
    app.api.on('GET /advances', { body: page(ADVANCES) });
    await app.user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('list', { name: 'Avances' })).toBeInTheDocument();
  });

  it('cancels a pending advance with a reason of at least 3 characters', async () => {
    let canceled = false;
    const app = open('/historique', {
      'GET /advances': () => ({
        body: page(canceled ? [{ ...ADVANCES[0]!, status: 'canceled' as const }] : ADVANCES),
      }),
      'POST /advances/3/cancel': () => {
        canceled = true;
        return { body: makeAdvance({ id: 3, amount: '1000.00', status: 'canceled' }) };
      },
    });
    await app.user.click(await screen.findByRole('button', { name: /^Annuler l’avance de 1\s000\sDH/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Annuler l’avance' });
    const reason = within(dialog).getByRole('textbox', { name: /Motif de l’annulation/ });
    const submit = within(dialog).getByRole('button', { name: 'Confirmer l’annulation' });

    await app.user.click(submit);
    expect(within(dialog).getByText('le champ "Motif de l’annulation" est obligatoire')).toBeInTheDocument();
    await app.user.type(reason, ' ab ');
    await app.user.click(submit);
    expect(within(dialog).getByText('Le motif doit contenir au moins 3 caractères.')).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(app.api.requestsTo('POST /advances/3/cancel')).toHaveLength(0);

    await app.user.clear(reason);
    await app.user.type(reason, '  Erreur de montant ');
    await app.user.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.api.requestsTo('POST /advances/3/cancel')[0]?.body).toEqual({ reason: 'Erreur de montant' });
    const notice = screen.getByText(/Votre avance de 1\s000\sDH a été annulée\./);
    // Its button is gone with the pending status: the focus lands on the confirmation instead.
    await waitFor(() => expect(notice.closest('[tabindex="-1"]')).toHaveFocus());
    // The list is fetched again and shows the new status.
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Avances' })).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(screen.getByRole('list', { name: 'Avances' })).toHaveTextContent('Annulée');
  });

  it('explains in French when the advance can no longer be canceled', async () => {
    const app = open('/historique', { 'POST /advances/3/cancel': apiError(400, 'ADVANCE_NOT_PENDING') });
    await app.user.click(await screen.findByRole('button', { name: /^Annuler l’avance de 1\s000\sDH/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Annuler l’avance' });
    await app.user.type(within(dialog).getByRole('textbox', { name: /Motif/ }), 'Erreur');
    await app.user.click(within(dialog).getByRole('button', { name: 'Confirmer l’annulation' }));
    expect(
      await within(dialog).findByText("Cette avance n'est plus en attente : elle ne peut plus être annulée."),
    ).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Retour' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The focus goes back to the button that opened the dialog.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Annuler l’avance de 1\s000\sDH/ })).toHaveFocus(),
    );
  });
});
