import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeHandler, sequence, validationError } from '../../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../../../app/testing/render-app.tsx';
import { makeApprovedOrder, makeExpense, makeReport, page } from './report-test-fixtures.ts';

beforeEach(() => {
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:receipt');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function open(handlers: Record<string, FakeHandler>) {
  signIn();
  return renderApp('/missionorders/7', {
    handlers: {
      ...sessionHandlers(),
      'GET /expenses/1/receipt': { body: 'png' },
      'GET /expenses/2/receipt': { body: 'png' },
      ...handlers,
    },
  });
}

const section = () => screen.getByRole('region', { name: /^Note de frais/ });

describe('the employee’s report on /missionorders/{id}', () => {
  it('adds drafts dated within the mission, then sends the report after a confirmation', async () => {
    const inMission = makeExpense(1, { report: null, title: 'Taxi aéroport', amount: '80.50' });
    const before = makeExpense(2, { report: null, title: 'Péage', expense_date: '2026-11-28' });
    const assigned = makeExpense(1, { title: 'Taxi aéroport', amount: '80.50' });
    const app = open({
      'GET /expenses/odm/7': { body: makeApprovedOrder() },
      'GET /expenses/odm/7/expenses': sequence(
        { body: makeReport([]) },
        { body: makeReport([assigned]) },
        { body: makeReport([{ ...assigned, status: 'sent' }], 'pending') },
      ),
      'GET /expenses': sequence(page([inMission, before]), page([before])),
      'POST /expenses/odm/7/assign': { body: makeReport([assigned]) },
      'POST /expenses/odm/7/send': { body: makeReport([{ ...assigned, status: 'sent' }], 'pending') },
    });
    expect(
      await screen.findByRole('status', { name: 'Chargement de la note de frais…' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Aucune dépense dans cette note de frais')).toBeInTheDocument();
    expect(within(section()).getByText('Brouillon')).toBeInTheDocument();
    // The drafts are asked for once the drafts list is mounted and subscribed (an effect: a frame
    // after the paint on Preact), not necessarily by the time the empty report shows.
    await waitFor(() => expect(app.api.requestsTo('GET /expenses')[0]?.query.get('unassigned')).toBe('true'));

    // A draft dated before the mission cannot be picked; the one within can.
    const outside = await screen.findByRole('checkbox', { name: /Péage/ });
    expect(outside).toBeDisabled();
    expect(outside).toHaveAccessibleDescription('Hors des dates de la mission');
    expect(screen.getByRole('button', { name: 'Ajouter la sélection' })).toBeDisabled();
    await app.user.click(screen.getByRole('checkbox', { name: /Taxi aéroport/ }));
    await app.user.click(screen.getByRole('button', { name: 'Ajouter la sélection (1)' }));
    await waitFor(() =>
      expect(app.api.requestsTo('POST /expenses/odm/7/assign')[0]?.body).toEqual({ expenses: [1] }),
    );
    expect(await screen.findByText('1 dépense ajoutée à la note de frais.')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Dépenses de la note de frais' });
    expect(within(list).getByText('Taxi aéroport')).toBeInTheDocument();
    expect(within(list).getByText('80,50 DH')).toBeInTheDocument();
    // Not answered yet: no refund shown to the employee.
    expect(within(list).queryByText('Remboursable')).not.toBeInTheDocument();

    // Sending asks first; cancelling sends nothing.
    await app.user.click(screen.getByRole('button', { name: 'Envoyer la note de frais' }));
    let dialog = await screen.findByRole('dialog', { name: 'Envoyer la note de frais ?' });
    expect(dialog).toHaveTextContent('La dépense à envoyer (80,50 DH) partira en validation');
    await app.user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(app.api.requestsTo('POST /expenses/odm/7/send')).toHaveLength(0);
    await app.user.click(screen.getByRole('button', { name: 'Envoyer la note de frais' }));
    dialog = await screen.findByRole('dialog', { name: 'Envoyer la note de frais ?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('La note de frais a été envoyée pour validation.')).toBeInTheDocument();
    expect(await screen.findByText('Votre note de frais est en cours de validation.')).toBeInTheDocument();
    // `hidden`: also looks in the page the closed dialog may still hide for a frame (its Radix
    // cleanup is a passive effect, run after the paint on Preact), else these would prove nothing.
    expect(screen.queryByRole('button', { name: /Envoyer la note/, hidden: true })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Modifier Taxi aéroport', hidden: true }),
    ).not.toBeInTheDocument();
  });

  it('shows the API’s French refusal when a draft cannot join the report', async () => {
    const app = open({
      'GET /expenses/odm/7': { body: makeApprovedOrder() },
      'GET /expenses/odm/7/expenses': { body: makeReport([]) },
      'GET /expenses': page([makeExpense(1, { report: null, title: 'Hôtel Atlas' })]),
      'POST /expenses/odm/7/assign': validationError([
        { attr: 'expenses.0', code: 'EXPENSE_DATE_OUTSIDE_MISSION' },
      ]),
    });
    await app.user.click(await screen.findByRole('checkbox', { name: /Hôtel Atlas/ }));
    await app.user.click(screen.getByRole('button', { name: 'Ajouter la sélection (1)' }));
    expect(
      await screen.findByText(
        'La date de la dépense doit être comprise entre le début et la fin de la mission.',
      ),
    ).toBeInTheDocument();
  });

  it('a new expense is saved as a draft then added; when its date is outside the mission, says so', async () => {
    const saved = makeExpense(5, { report: null, title: 'Parking gare', expense_date: '2026-12-09' });
    const app = open({
      'GET /expenses/odm/7': { body: makeApprovedOrder() },
      'GET /expenses/odm/7/expenses': { body: makeReport([]) },
      'GET /expenses': page([]),
      'GET /expenses/categories': {
        body: [{ id: 'food', name: 'Restauration', icon: 'food', ceiling: null, policy_defined: true }],
      },
      'POST /expenses/receipts/scan': { body: { read: false, amount: null, date: null, merchant: null } },
      'POST /expenses': { status: 201, body: saved },
      'POST /expenses/odm/7/assign': validationError([
        { attr: 'expenses.0', code: 'EXPENSE_DATE_OUTSIDE_MISSION' },
      ]),
    });
    await app.user.click(await screen.findByRole('button', { name: 'Nouvelle dépense' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dépense' });
    await app.user.upload(
      within(dialog).getByLabelText('Justificatif'),
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'ticket.png', { type: 'image/png' }),
    );
    await within(dialog).findByText(/n’a pas pu être lu/);
    await app.user.type(within(dialog).getByLabelText(/Libellé/), 'Parking gare');
    await app.user.selectOptions(within(dialog).getByLabelText(/Catégorie/), 'food');
    await app.user.type(within(dialog).getByLabelText(/Date/), '2026-12-09');
    await app.user.type(within(dialog).getByLabelText(/Montant \(DH\)/), '20');
    await app.user.click(within(dialog).getByRole('button', { name: 'Enregistrer le brouillon' }));
    await waitFor(() =>
      expect(app.api.requestsTo('POST /expenses/odm/7/assign')[0]?.body).toEqual({ expenses: [5] }),
    );
    expect(
      await screen.findByText(
        '« Parking gare » est enregistrée en brouillon mais n’a pas été ajoutée : La date de la dépense doit être comprise entre le début et la fin de la mission.',
      ),
    ).toBeInTheDocument();
  });

  it('a returned report: the reviewer’s comment, the returned expense edited, or deleted after a confirmation', async () => {
    const accepted = makeExpense(1, {
      title: 'Déjeuner client',
      status: 'accepted',
      amount: '180.00',
      refundable_amount: '150.00',
      refund_reason: 'ceiling',
      refund_reason_label: 'Plafond journalier de la catégorie atteint',
      review_comment: 'Merci de joindre le ticket lisible du taxi.',
    });
    const returned = makeExpense(2, {
      title: 'Taxi',
      category: 'train',
      category_label: 'Train',
      status: 'returned',
      review_comment: 'Merci de joindre le ticket lisible du taxi.',
    });
    const app = open({
      'GET /expenses/odm/7': { body: makeApprovedOrder({ report_status: 'returned' }) },
      'GET /expenses/odm/7/expenses': sequence(
        { body: makeReport([accepted, returned], 'returned') },
        { body: makeReport([accepted], 'returned') },
      ),
      'GET /expenses': page([]),
      'DELETE /expenses/2': { status: 204 },
      'GET /expenses/categories': { body: [] },
    });
    const box = await screen.findByText(/Votre note de frais vous a été retournée/);
    expect(box).toHaveTextContent(
      'Commentaire du valideur : « Merci de joindre le ticket lisible du taxi. »',
    );
    const list = screen.getByRole('list', { name: 'Dépenses de la note de frais' });
    // The answered expense shows its ceiling, its refund and why it is less.
    const lunch = within(list).getAllByRole('listitem')[0]!;
    expect(lunch).toHaveTextContent('Plafond par jour150,00 DH');
    expect(lunch).toHaveTextContent('Remboursable150,00 DH');
    expect(lunch).toHaveTextContent('Plafond journalier de la catégorie atteint');
    expect(within(lunch).queryByRole('button', { name: /Modifier/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Modifier Taxi' })).toBeInTheDocument();
    expect(await screen.findByText(/Aucun brouillon à ajouter/)).toBeInTheDocument();

    // Editing opens the expense's form, filled in.
    await app.user.click(screen.getByRole('button', { name: 'Modifier Taxi' }));
    const form = await screen.findByRole('dialog', { name: 'Dépense' });
    expect(within(form).getByLabelText(/Libellé/)).toHaveValue('Taxi');
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await app.user.click(screen.getByRole('button', { name: 'Supprimer Taxi' }));
    const confirm = await screen.findByRole('dialog', { name: 'Supprimer cette dépense ?' });
    await app.user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('La dépense « Taxi » a été supprimée.')).toBeInTheDocument();
    expect(app.api.requestsTo('DELETE /expenses/2')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Modifier Taxi' })).not.toBeInTheDocument(),
    );
    // Nothing left to send: no send button.
    expect(screen.queryByRole('button', { name: 'Renvoyer la note de frais' })).not.toBeInTheDocument();
  });

  it('sends a returned report again, and shows the API’s refusal in the dialog', async () => {
    const returned = makeExpense(2, { title: 'Taxi', status: 'returned' });
    const app = open({
      'GET /expenses/odm/7': { body: makeApprovedOrder({ report_status: 'returned' }) },
      'GET /expenses/odm/7/expenses': { body: makeReport([returned], 'returned') },
      'GET /expenses': page([]),
      'POST /expenses/odm/7/send': apiError(409, 'REPORT_NOT_EDITABLE'),
    });
    await app.user.click(await screen.findByRole('button', { name: 'Renvoyer la note de frais' }));
    const dialog = await screen.findByRole('dialog', { name: 'Envoyer la note de frais ?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByText(/en cours de validation ou déjà traitée/)).toBeInTheDocument();
  });

  it('opens a receipt full size from its thumbnail', async () => {
    const app = open({
      'GET /expenses/odm/7': { body: makeApprovedOrder({ report_status: 'pending' }) },
      'GET /expenses/odm/7/expenses': { body: makeReport([makeExpense(1, { status: 'sent' })], 'pending') },
    });
    await app.user.click(await screen.findByRole('button', { name: 'Ouvrir le justificatif ticket-1.png' }));
    const dialog = await screen.findByRole('dialog', { name: 'ticket-1.png' });
    expect(await within(dialog).findByRole('img', { name: 'Justificatif : Dépense 1' })).toBeInTheDocument();
    expect(app.api.requestsTo('GET /expenses/1/receipt').map((r) => r.query.get('size'))).toEqual([
      'thumbnail',
      null,
    ]);
    // A sent report takes no drafts.
    expect(app.api.requestsTo('GET /expenses')).toHaveLength(0);
  });

  it('says when the report cannot be loaded, and retries', async () => {
    const app = open({
      'GET /expenses/odm/7': { body: makeApprovedOrder() },
      'GET /expenses/odm/7/expenses': sequence(apiError(500, 'server_error'), { body: makeReport([]) }),
      'GET /expenses': page([]),
    });
    expect(await screen.findByText('La note de frais n’a pas pu être chargée.')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: /Réessayer/ }));
    expect(await screen.findByText('Aucune dépense dans cette note de frais')).toBeInTheDocument();
  });

  it('has no report section before the order is approved', async () => {
    const app = open({
      'GET /expenses/odm/7': {
        body: makeApprovedOrder({ status: 'pending', report_status: 'awaiting_odm' }),
      },
    });
    expect(
      await screen.findByRole('heading', { name: 'Ordre de mission ODM-2026-0042' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Note de frais/ })).not.toBeInTheDocument();
    expect(app.api.requestsTo('GET /expenses/odm/7/expenses')).toHaveLength(0);
  });
});
