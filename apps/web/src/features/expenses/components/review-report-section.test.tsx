import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeHandler, sequence } from '../../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../../../app/testing/render-app.tsx';
import { makeApprovedOrder, makeExpense, makeReport } from './report-test-fixtures.ts';

beforeEach(() => {
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:receipt');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function open(path: string, handlers: Record<string, FakeHandler>, roles = ['RH']) {
  signIn();
  return renderApp(path, {
    handlers: {
      ...sessionHandlers({ account: { roles } }),
      'GET /expenses/1/receipt': { body: 'png' },
      'GET /expenses/2/receipt': { body: 'png' },
      ...handlers,
    },
  });
}

const lunch = makeExpense(1, {
  title: 'Déjeuner client',
  status: 'sent',
  amount: '180.00',
  guests: 0,
  ceiling: '150.00',
  refundable_amount: '150.00',
  refund_reason: 'ceiling',
  refund_reason_label: 'Plafond journalier de la catégorie atteint',
});
const taxi = makeExpense(2, {
  title: 'Taxi',
  category: 'gas-station',
  category_label: 'Carburant',
  status: 'sent',
  amount: '60.00',
  ceiling: null,
  refundable_amount: '60.00',
});
const others = { is_own: false };

describe('the reviewer’s report on /rh/missionorders/{id}', () => {
  it('shows amount, ceiling and refund, approves a selection, then returns the rest with a comment', async () => {
    const approved = { ...lunch, status: 'accepted' as const };
    const app = open('/rh/missionorders/7', {
      'GET /expenses/odm/7': { body: makeApprovedOrder({ ...others, report_status: 'pending' }) },
      'GET /expenses/odm/7/expenses': sequence(
        { body: makeReport([lunch, taxi], 'pending') },
        { body: makeReport([approved, taxi], 'pending') },
        {
          body: makeReport(
            [approved, { ...taxi, status: 'returned', review_comment: 'Ticket illisible' }],
            'returned',
          ),
        },
      ),
      'POST /expenses/odm/7/approve': { body: makeReport([approved, taxi], 'pending') },
      'POST /expenses/odm/7/reply/expenses/all': {
        body: makeReport(
          [approved, { ...taxi, status: 'returned', review_comment: 'Ticket illisible' }],
          'returned',
        ),
      },
    });
    const list = await screen.findByRole('list', { name: 'Dépenses de la note de frais' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('180,00 DH');
    expect(first).toHaveTextContent('Plafond par jour150,00 DH');
    expect(first).toHaveTextContent('Remboursable150,00 DH');
    expect(first).toHaveTextContent('Plafond journalier de la catégorie atteint');
    expect(second).toHaveTextContent('Plafond par jourSans plafond');
    expect(second).not.toHaveTextContent('Plafond journalier');
    expect(first!.querySelector('[data-category-icon="food"]')).not.toBeNull();
    expect(screen.getByLabelText('Totaux de la note de frais')).toHaveTextContent(
      'Total des dépenses240,00 DHTotal remboursable210,00 DH',
    );

    // A selection: nothing ticked, nothing to approve.
    expect(screen.getByRole('button', { name: 'Approuver la sélection' })).toBeDisabled();
    await app.user.click(screen.getByRole('checkbox', { name: /Déjeuner client/ }));
    await app.user.click(screen.getByRole('button', { name: 'Approuver la sélection (1)' }));
    let dialog = await screen.findByRole('dialog', { name: 'Approuver la sélection ?' });
    expect(dialog).toHaveTextContent('1 dépense pour 180,00 DH sera acceptée');
    await app.user.type(within(dialog).getByLabelText(/Commentaire/), 'OK pour le déjeuner');
    await app.user.click(within(dialog).getByRole('button', { name: 'Approuver' }));
    await waitFor(() =>
      expect(app.api.requestsTo('POST /expenses/odm/7/approve')[0]?.body).toEqual({
        expenses: [1],
        comment: 'OK pour le déjeuner',
      }),
    );
    expect(
      await screen.findByText('1 dépense approuvée. Les autres attendent votre réponse.'),
    ).toBeInTheDocument();
    // The closed dialog's cleanup (Radix un-hides the page) is a passive effect, run a frame after
    // the paint on Preact: until then the page is hidden from the accessibility tree, and a
    // `queryByRole(…)` that finds nothing would prove nothing.
    const returnAll = await screen.findByRole('button', { name: 'Tout retourner' });
    expect(screen.queryByRole('checkbox', { name: /Déjeuner client/ })).not.toBeInTheDocument();

    // Returning needs a comment, and says what it does.
    await app.user.click(returnAll);
    dialog = await screen.findByRole('dialog', { name: 'Retourner la note de frais ?' });
    expect(dialog).toHaveTextContent('La dépense en attente sera retournée au salarié pour correction.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Retourner' }));
    expect(within(dialog).getByLabelText(/Commentaire/)).toHaveAccessibleDescription(/obligatoire/i);
    expect(app.api.requestsTo('POST /expenses/odm/7/reply/expenses/all')).toHaveLength(0);
    await app.user.type(within(dialog).getByLabelText(/Commentaire/), 'Ticket illisible');
    await app.user.click(within(dialog).getByRole('button', { name: 'Retourner' }));
    await waitFor(() =>
      expect(app.api.requestsTo('POST /expenses/odm/7/reply/expenses/all')[0]?.body).toEqual({
        reply: 'return',
        comment: 'Ticket illisible',
      }),
    );
    expect(
      await screen.findByText('La note de frais a été retournée au salarié pour correction.'),
    ).toBeInTheDocument();
    expect(await screen.findByText(/retournée au salarié : elle reviendra ici/)).toBeInTheDocument();
    // `hidden`: also looks in the page the closed dialog may still hide for a frame (see above).
    expect(screen.queryByRole('button', { name: 'Tout approuver', hidden: true })).not.toBeInTheDocument();
  });

  it('shows the API’s French refusal of a self-review in the dialog', async () => {
    const app = open('/rh/missionorders/7', {
      'GET /expenses/odm/7': { body: makeApprovedOrder({ ...others, report_status: 'pending' }) },
      'GET /expenses/odm/7/expenses': { body: makeReport([lunch, taxi], 'pending') },
      'POST /expenses/odm/7/reply/expenses/all': apiError(403, 'REPORT_OWN'),
    });
    await app.user.click(await screen.findByRole('button', { name: 'Tout approuver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approuver toute la note de frais ?' });
    expect(dialog).toHaveTextContent('Les 2 dépenses en attente seront acceptées');
    await app.user.click(within(dialog).getByRole('button', { name: 'Approuver' }));
    expect(
      await within(dialog).findByText(
        'Vous ne pouvez pas valider votre propre note de frais : un autre valideur doit le faire.',
      ),
    ).toBeInTheDocument();
    expect(app.api.requestsTo('POST /expenses/odm/7/reply/expenses/all')[0]?.body).toEqual({
      reply: 'approve',
    });
  });

  it('hides every action on the viewer’s own report', async () => {
    open('/rh/missionorders/7', {
      'GET /expenses/odm/7': { body: makeApprovedOrder({ is_own: true, report_status: 'pending' }) },
      'GET /expenses/odm/7/expenses': { body: makeReport([lunch, taxi], 'pending') },
    });
    expect(await screen.findByText(/C’est votre propre note de frais/)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Dépenses de la note de frais' })).toHaveTextContent(
      'Déjeuner client',
    );
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    for (const name of [/Approuver/, 'Tout retourner', 'Tout refuser'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('a validator reviews from /missionorders/{id}, and refusing asks for a reason', async () => {
    const app = open(
      '/missionorders/7',
      {
        'GET /expenses/odm/7': { body: makeApprovedOrder({ ...others, report_status: 'pending' }) },
        'GET /expenses/odm/7/expenses': { body: makeReport([lunch], 'pending') },
        'POST /expenses/odm/7/reply/expenses/all': {
          body: makeReport([{ ...lunch, status: 'rejected' }], 'rejected'),
        },
      },
      [],
    );
    await app.user.click(await screen.findByRole('button', { name: 'Tout refuser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuser la note de frais ?' });
    expect(dialog).toHaveTextContent('La dépense en attente sera refusée et ne sera pas remboursée.');
    await app.user.type(within(dialog).getByLabelText(/Commentaire/), 'Hors politique');
    await app.user.click(within(dialog).getByRole('button', { name: 'Refuser' }));
    expect(await screen.findByText('Les dépenses en attente ont été refusées.')).toBeInTheDocument();
    expect(app.api.requestsTo('POST /expenses/odm/7/reply/expenses/all')[0]?.body).toEqual({
      reply: 'reject',
      comment: 'Hors politique',
    });
    // The employee's own tools are not there.
    expect(screen.queryByRole('button', { name: 'Nouvelle dépense' })).not.toBeInTheDocument();
  });

  it('a draft report not sent yet: said so, nothing to answer', async () => {
    open('/rh/missionorders/7', {
      'GET /expenses/odm/7': { body: makeApprovedOrder({ ...others, report_status: 'draft' }) },
      'GET /expenses/odm/7/expenses': { body: makeReport([], 'draft') },
    });
    expect(await screen.findByText('Le salarié n’a pas encore envoyé sa note de frais.')).toBeInTheDocument();
    expect(screen.getByText('Aucune dépense dans cette note de frais')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tout approuver' })).not.toBeInTheDocument();
  });
});
