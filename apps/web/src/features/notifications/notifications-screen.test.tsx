import type { TNotification, TNotificationTarget } from '@tasbiq/contracts/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeHandler } from '../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';
import { makeAdvance, makeRecharge, page } from '../shared/testing/money-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

const note = (
  id: number,
  event: string,
  is_read: boolean,
  parameters = {},
  age = id * 10,
  target: TNotificationTarget | null = null,
): TNotification => ({
  id,
  event,
  is_read,
  timestamp: minutesAgo(age),
  parameters,
  target,
});

/** A tiny in-memory API: list with is_read + limit/offset, unseen, read one/all. */
function notificationsApi(initial: TNotification[]) {
  let items = [...initial];
  let unseen = initial.filter((n) => !n.is_read).map((n) => n.id);
  const handlers: Record<string, FakeHandler> = {
    'GET /notifications': (request) => {
      const isRead = request.query.get('is_read');
      const limit = Number(request.query.get('limit') ?? 20);
      const offset = Number(request.query.get('offset') ?? 0);
      const all = items.filter((n) => isRead === null || String(n.is_read) === isRead);
      return {
        body: { count: all.length, next: null, previous: null, results: all.slice(offset, offset + limit) },
      };
    },
    'GET /notifications/unseen': () => ({ body: { count: unseen.length, ids: unseen } }),
    'POST /notifications/unseen': () => {
      const updated = unseen.length;
      unseen = [];
      return { body: { updated } };
    },
    'POST /notifications/read': (request) => {
      const body = request.body as { id?: number; all?: boolean };
      const targets = items.filter((n) => !n.is_read && (body.all || n.id === body.id));
      items = items.map((n) => (targets.includes(n) ? { ...n, is_read: true } : n));
      return { body: { updated: targets.length } };
    },
  };
  return handlers;
}

function open(
  path: string,
  handlers: Record<string, FakeHandler>,
  roles: string[] = [],
  itemsPerPage = 20,
  features: { bills_enabled?: boolean; transfers_enabled?: boolean } = {},
) {
  signIn();
  return renderApp(path, {
    handlers: {
      ...sessionHandlers({
        account: { roles: roles as never },
        settings: { items_per_page: itemsPerPage, ...features },
      }),
      ...handlers,
    },
  });
}

const SAMPLE = [
  note(1, 'advance_executed', false, { amount: '1500.00' }, 5),
  note(2, 'recharge_failed', false, { amount: '50.00', phone: '+212600000001' }, 120),
  note(3, 'advance_created', true, { amount: '1500.00' }, 60 * 30),
];

describe('/notifications', () => {
  it('lists notifications in French with formatted amounts, relative time and unread style', async () => {
    open('/notifications', notificationsApi(SAMPLE));
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveAccessibleName('Non lue : Avance versée');
    expect(within(items[0]!).getByText('Votre avance de 1 500 DH a été versée.')).toBeInTheDocument();
    expect(within(items[0]!).getByText('il y a 5 minutes')).toBeInTheDocument();
    expect(
      within(items[1]!).getByText(/La recharge de 50\sDH du numéro \+212600000001 a échoué/),
    ).toBeInTheDocument();
    expect(items[2]).toHaveAccessibleName('Demande d’avance envoyée');
    expect(within(items[2]!).getByText('il y a 1 jour')).toBeInTheDocument();
    expect(screen.getByText('2 notifications non lues')).toBeInTheDocument();
  });

  it('opens the mission order a mission-order notification is about', async () => {
    open(
      '/notifications',
      notificationsApi([
        note(1, 'odm_replied', false, {
          odm_id: 7,
          number: 'ODM-2026-0042',
          title: 'Visite client',
          status: 'à modifier',
          comment: 'Précisez le client',
        }),
      ]),
    );
    const link = await screen.findByRole('link', { name: /Réponse à votre ordre de mission/ });
    expect(link).toHaveAttribute('href', '/missionorders/7');
    expect(link).toHaveTextContent(
      'Votre ordre de mission ODM-2026-0042 « Visite client » est à modifier. Précisez le client',
    );
  });

  it('marks everything seen on opening, and clears the badge', async () => {
    const app = open('/notifications', notificationsApi(SAMPLE));
    await screen.findByRole('list', { name: 'Notifications' });
    await waitFor(() => expect(app.api.requestsTo('POST /notifications/unseen')).toHaveLength(1));
    expect(app.api.requestsTo('POST /notifications/unseen')[0]!.body).toEqual({ all: true });
    await waitFor(() =>
      expect(screen.queryByLabelText(/non lues?$/, { selector: '[role=status]' })).toBeNull(),
    );
  });

  it('marks all as read, then one filter shows none unread', async () => {
    const app = open('/notifications', notificationsApi(SAMPLE));
    const button = await screen.findByRole('button', { name: 'Tout marquer comme lu' });
    await waitFor(() => expect(button).toBeEnabled());
    await app.user.click(button);
    expect(app.api.requestsTo('POST /notifications/read')[0]!.body).toEqual({ all: true });
    await waitFor(() => expect(button).toBeDisabled());
    expect(screen.queryAllByRole('listitem', { name: /^Non lue :/ })).toHaveLength(0);
    await app.user.click(screen.getByRole('button', { name: 'Non lues' }));
    expect(screen.getByRole('button', { name: 'Non lues' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('Aucune notification')).toBeInTheDocument();
  });

  it('marks one as read', async () => {
    const app = open('/notifications', notificationsApi(SAMPLE));
    await app.user.click(await screen.findByRole('button', { name: 'Marquer « Avance versée » comme lue' }));
    expect(app.api.requestsTo('POST /notifications/read')[0]!.body).toEqual({ id: 1 });
    await waitFor(() => expect(screen.getByText('1 notification non lue')).toBeInTheDocument());
    // The check button is gone: the focus stays on the row instead of falling to the page.
    await waitFor(() => expect(screen.getByRole('listitem', { name: 'Avance versée' })).toHaveFocus());
  });

  it('gives the focus to the list when a read notification leaves the « Non lues » list', async () => {
    const app = open('/notifications', notificationsApi(SAMPLE));
    await app.user.click(await screen.findByRole('button', { name: 'Non lues' }));
    await app.user.click(await screen.findByRole('button', { name: 'Marquer « Avance versée » comme lue' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Notifications' })).toHaveFocus());
  });

  it('filters unread ones and paginates', async () => {
    const many = Array.from({ length: 5 }, (_, i) =>
      note(i + 1, 'advance_canceled', i % 2 === 0, { amount: `${(i + 1) * 100}.00` }),
    );
    const app = open('/notifications', notificationsApi(many), [], 2);
    await screen.findByRole('list', { name: 'Notifications' });
    expect(screen.getByText('1–2 sur 5')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText('3–4 sur 5')).toBeInTheDocument();
    expect(screen.getByText('Votre avance de 300 DH a été annulée.')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Non lues' }));
    await waitFor(() => expect(screen.queryByText(/sur 5/)).toBeNull());
    const last = app.api.requestsTo('GET /notifications').at(-1)!;
    expect(last.query.get('is_read')).toBe('false');
    expect(last.query.get('offset')).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem')).toHaveLength(
      2,
    );
  });

  it('says when there is none, and when loading fails (with a retry)', async () => {
    open('/notifications', notificationsApi([]));
    expect(await screen.findByText('Aucune notification')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tout marquer comme lu' })).toBeDisabled();
  });

  it('shows an error with a retry', async () => {
    const app = open('/notifications', {
      ...notificationsApi(SAMPLE),
      'GET /notifications': apiError(500, 'server_error'),
    });
    expect(await screen.findByText("Les notifications n'ont pas pu être chargées.")).toBeInTheDocument();
    app.api.on('GET /notifications', notificationsApi(SAMPLE)['GET /notifications']!);
    await app.user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('list', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('opens the movement of a money notification in the history (tab, month, item) and marks it read', async () => {
    const advance = makeAdvance({
      id: 12,
      amount: '600.00',
      status: 'executed',
      created: '2026-10-19T12:05:00.000+00:00',
    });
    const target = { type: 'advance' as const, id: 12, created: advance.created };
    const app = open('/notifications', {
      ...notificationsApi([
        note(1, 'advance_executed', false, { amount: '600.00' }, 5, target),
        note(2, 'advance_created', true, { amount: '600.00' }, 60, target),
      ]),
      'GET /advances': { body: page([makeAdvance({ id: 11, amount: '300.00' }), advance]) },
      'GET /recharges': { body: page([makeRecharge()]) },
    });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const link = within(list).getByRole('link', {
      name: /^Avance versée Votre avance de 600\sDH a été versée\./,
    });
    expect(link).toHaveAttribute('href', '/historique?tab=advances&month=10&year=2026&item=12');
    // From the keyboard: a link, focused with Tab, followed with Enter.
    link.focus();
    await app.user.keyboard('{Enter}');
    await waitFor(() => expect(app.pathname()).toBe('/historique'));
    expect(app.router.state.location.search).toBe('?tab=advances&month=10&year=2026&item=12');
    await waitFor(() => expect(app.api.requestsTo('POST /notifications/read')).toHaveLength(1));
    expect(app.api.requestsTo('POST /notifications/read')[0]!.body).toEqual({ id: 1 });
    // The history of October 2026, the advance highlighted and focused.
    // The history screen loads with its route (lazy).
    expect(await screen.findByRole('tab', { name: 'Avances' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('combobox', { name: 'Mois' })).toHaveValue('10');
    expect(screen.getByRole('combobox', { name: 'Année' })).toHaveValue('2026');
    const linked = await screen.findByRole('listitem', { current: true });
    expect(linked).toHaveAccessibleName(/^Avance de 600\sDH du 19 oct\. 2026/);
    await waitFor(() => expect(linked).toHaveFocus());
    const query = Object.fromEntries(app.api.requestsTo('GET /advances').at(-1)!.query);
    expect(query).toMatchObject({ month: '10', year: '2026', employee: 'me' });
  });

  it('opens the employee’s bonus in /bonuses, highlighted and focused', async () => {
    const paid = {
      id: 31,
      bonus: { id: 5, title: 'aid_el_kbir' as const, display_title: 'Aïd El Kébir' },
      amount: '1000.00',
      status: 'executed' as const,
      payout_method: 'card' as const,
      is_seen: true,
      created: '2026-11-20T10:15:00.000+00:00',
      paid: '2026-11-20T10:16:00.000+00:00',
      failure_reason: null,
    };
    const other = { ...paid, id: 30, bonus: { ...paid.bonus, id: 4, display_title: 'Naissance' } };
    const app = open('/notifications', {
      ...notificationsApi([
        note(1, 'bonus_paid', false, { amount: '1000.00', title: 'Aïd El Kébir', bonus_id: 5 }, 5, {
          type: 'bonus_payment',
          id: 31,
          created: paid.created,
        }),
      ]),
      'GET /bonuses/transactions': { body: page([other, paid]) },
      'GET /bonuses/transactions/unseen': { body: [] },
    });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const link = within(list).getByRole('link', { name: /^Prime reçue/ });
    expect(link).toHaveAttribute('href', '/bonuses?item=31');
    await app.user.click(link);
    await waitFor(() => expect(app.pathname()).toBe('/bonuses'));
    await waitFor(() => expect(app.api.requestsTo('POST /notifications/read')).toHaveLength(1));
    const linked = await screen.findByRole('listitem', { current: true });
    expect(linked).toHaveTextContent('Aïd El Kébir');
    await waitFor(() => expect(linked).toHaveFocus());
  });

  it('opens, for HR, the bonus a DRH replied to', async () => {
    open(
      '/rh/notifications',
      notificationsApi([
        note(2, 'bonus_replied', false, { amount: '750.00', title: 'Naissance', status: 'confirmée' }, 5, {
          type: 'bonus',
          id: 7,
          created: '2026-11-20T10:15:00.000+00:00',
        }),
      ]),
      ['RH'],
    );
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getByRole('link', { name: /^Réponse à votre prime/ })).toHaveAttribute(
      'href',
      '/rh/bonuses/7',
    );
  });

  it('opens a top-up on the Recharges tab; a read one is not marked again, one without a movement is no link', async () => {
    const recharge = makeRecharge({ id: 4, created: '2026-09-30T23:30:00.000+00:00' });
    const app = open('/notifications', {
      ...notificationsApi([
        note(1, 'recharge_executed', true, { amount: '50.00', phone: '+212612345678' }, 5, {
          type: 'recharge',
          id: 4,
          created: recharge.created,
        }),
        note(2, 'advance_executed', false, { amount: '100.00' }, 60),
      ]),
      'GET /advances': { body: page([]) },
      'GET /recharges': { body: page([recharge]) },
    });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('link')).toHaveLength(1);
    await app.user.click(within(list).getByRole('link', { name: /^Recharge effectuée/ }));
    await waitFor(() => expect(app.pathname()).toBe('/historique'));
    // 23:30 on 30 September in Casablanca: September, whatever the device's zone.
    expect(app.router.state.location.search).toBe('?tab=recharges&month=9&year=2026&item=4');
    expect(await screen.findByRole('tab', { name: 'Recharges' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('listitem', { current: true })).toHaveAccessibleName(/^Recharge de /);
    expect(app.api.requestsTo('POST /notifications/read')).toHaveLength(0);
  });

  it('opens a bill on the Factures tab, highlighted (issue 16)', async () => {
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
      created: '2026-11-20T10:15:00.000+00:00',
      executed: '2026-11-20T10:15:02.000+00:00',
      failed: null,
      failure_reason: null,
      receipt_number: 'FAC-BILL-7',
    };
    const app = open(
      '/notifications',
      {
        ...notificationsApi([
          note(1, 'bill_paid', false, { amount: '523.40', biller: 'Lydec', bill_id: 7 }, 5, {
            type: 'bill',
            id: 7,
            created: bill.created,
          }),
        ]),
        'GET /bills': { body: page([{ ...bill, id: 6, reference: '3009999999' }, bill]) },
      },
      [],
      20,
      { bills_enabled: true },
    );
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const link = within(list).getByRole('link', { name: /^Facture payée/ });
    expect(link).toHaveAttribute('href', '/historique?tab=bills&month=11&year=2026&item=7');
    await app.user.click(link);
    await waitFor(() => expect(app.pathname()).toBe('/historique'));
    expect(await screen.findByRole('tab', { name: 'Factures' })).toHaveAttribute('aria-selected', 'true');
    const linked = await screen.findByRole('listitem', { current: true });
    expect(linked).toHaveTextContent('3001234567');
    await waitFor(() => expect(linked).toHaveFocus());
    await waitFor(() => expect(app.api.requestsTo('POST /notifications/read')).toHaveLength(1));
  });

  it('opens a transfer on the Transferts tab (issue 16)', async () => {
    open(
      '/notifications',
      notificationsApi([
        note(1, 'transfer_collected', false, { amount: '500.00', recipient: 'Fatima Alaoui' }, 5, {
          type: 'transfer',
          id: 9,
          created: '2026-11-20T10:15:00.000+00:00',
        }),
      ]),
      [],
      20,
      { transfers_enabled: true },
    );
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getByRole('link', { name: /^Transfert retiré/ })).toHaveAttribute(
      'href',
      '/historique?tab=transfers&month=11&year=2026&item=9',
    );
  });

  it('is the HR page too', async () => {
    open('/rh/notifications', notificationsApi(SAMPLE), ['RH']);
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Notifications' })).toBeInTheDocument();
  });
});
