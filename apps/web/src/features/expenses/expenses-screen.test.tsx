import type { TExpense, TExpenseCategoryItem } from '@tasbiq/contracts/expenses';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sequence, validationError } from '../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';
import { receiptProblem } from './components/expense-form.tsx';

beforeEach(() => {
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:receipt');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const CATEGORIES: TExpenseCategoryItem[] = [
  { id: 'food', name: 'Restauration', icon: 'food', ceiling: '100.00', policy_defined: true },
  { id: 'hotel', name: 'Hôtel', icon: 'hotel', ceiling: null, policy_defined: false },
];

function expense(id: number, overrides: Partial<TExpense> = {}): TExpense {
  return {
    id,
    title: 'CAFE DE LA GARE',
    category: 'food',
    category_label: 'Restauration',
    expense_date: '2026-11-24',
    amount: '115.40',
    guests: 0,
    status: 'draft',
    report: null,
    receipt: {
      name: 'ticket-du-cafe-de-la-gare.png',
      display_name: 'ticket-du-cafe-d….png',
      type: 'image/png',
    },
    ceiling: '100.00',
    refundable_amount: '100.00',
    refund_reason: 'ceiling',
    refund_reason_label: 'Plafond journalier de la catégorie atteint',
    review_comment: null,
    employee: { id: 1, first_name: 'Salma', last_name: 'Bennani' },
    created: '2026-11-24T10:00:00.000+00:00',
    updated: '2026-11-24T10:00:00.000+00:00',
    ...overrides,
  };
}
const page = (results: TExpense[]) => ({
  body: { count: results.length, next: null, previous: null, results },
});
const photo = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'ticket.png', { type: 'image/png' });

describe('/expenses', () => {
  it('photographs a receipt, pre-fills the form from its reading, and saves the corrected draft', async () => {
    signIn();
    const saved = expense(7, { amount: '115.40' });
    const app = renderApp('/expenses', {
      handlers: {
        ...sessionHandlers(),
        'GET /expenses': sequence(page([]), page([saved])),
        'GET /expenses/categories': { body: CATEGORIES },
        'POST /expenses/receipts/scan': {
          body: { read: true, amount: '115.40', date: '2026-11-24', merchant: 'CAFE DE LA GARE' },
        },
        'POST /expenses': { status: 201, body: saved },
        'GET /expenses/7/receipt': { body: 'png' },
      },
    });
    expect(await screen.findByText('Aucune dépense pour l’instant')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Ajouter une dépense' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.upload(within(dialog).getByLabelText('Justificatif'), photo());

    expect(await within(dialog).findByText(/Montant et date lus sur le justificatif/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Montant \(DH\)/)).toHaveValue('115.40');
    expect(within(dialog).getByLabelText(/Date/)).toHaveValue('2026-11-24');
    expect(within(dialog).getByLabelText(/Libellé/)).toHaveValue('CAFE DE LA GARE');

    await app.user.selectOptions(within(dialog).getByLabelText(/Catégorie/), 'food');
    expect(
      within(dialog).getByRole('option', { name: 'Restauration (plafond 100,00 DH/jour)' }),
    ).toBeInTheDocument();
    await app.user.selectOptions(within(dialog).getByLabelText('Invités'), '2');
    await app.user.clear(within(dialog).getByLabelText(/Montant \(DH\)/));
    await app.user.type(within(dialog).getByLabelText(/Montant \(DH\)/), '118,40');
    await app.user.click(within(dialog).getByRole('button', { name: 'Enregistrer le brouillon' }));

    await waitFor(() => expect(app.api.requestsTo('POST /expenses')).toHaveLength(1));
    const form = app.api.requestsTo('POST /expenses')[0]!.body as FormData;
    expect(Object.fromEntries([...form.entries()].filter(([k]) => k !== 'receipt'))).toEqual({
      title: 'CAFE DE LA GARE',
      category: 'food',
      expense_date: '2026-11-24',
      amount: '118,40',
      guests: '2',
      ocr_amount: '115.40',
      ocr_date: '2026-11-24',
      ocr_merchant: 'CAFE DE LA GARE',
    });
    expect((form.get('receipt') as File).name).toBe('ticket.png');
    expect(await screen.findByText('Brouillon enregistré.')).toBeInTheDocument();
    expect(
      await screen.findByText(/Remboursable : 100,00 DH \(plafond 100,00 DH\) — Plafond journalier/),
    ).toBeInTheDocument();
  });

  it('says when the receipt cannot be read, and refuses a file that is not a photo before sending it', async () => {
    signIn();
    const app = renderApp('/expenses', {
      handlers: {
        ...sessionHandlers(),
        'GET /expenses': page([]),
        'GET /expenses/categories': { body: CATEGORIES },
        'POST /expenses/receipts/scan': { body: { read: false, amount: null, date: null, merchant: null } },
      },
    });
    await app.user.click(await screen.findByRole('button', { name: 'Ajouter une dépense' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('Justificatif');
    expect(receiptProblem(new File(['%PDF'], 'recu.pdf', { type: 'application/pdf' }))).toContain(
      'PNG, JPG ou JPEG',
    );
    expect(
      receiptProblem(new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' })),
    ).toContain('10 Mo');
    expect(receiptProblem(photo())).toBeNull();
    expect(app.api.requestsTo('POST /expenses/receipts/scan')).toHaveLength(0);
    await app.user.upload(input, photo());
    expect(await within(dialog).findByText(/n’a pas pu être lu/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Montant \(DH\)/)).toHaveValue('');
  });

  it('shows the server’s French error under its field', async () => {
    signIn();
    const app = renderApp('/expenses', {
      handlers: {
        ...sessionHandlers(),
        'GET /expenses': page([]),
        'GET /expenses/categories': { body: CATEGORIES },
        'POST /expenses/receipts/scan': {
          body: { read: true, amount: '10.00', date: '2026-11-24', merchant: 'X SHOP' },
        },
        'POST /expenses': validationError([{ attr: 'receipt', code: 'INVALID_RECEIPT' }]),
      },
    });
    await app.user.click(await screen.findByRole('button', { name: 'Ajouter une dépense' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.upload(within(dialog).getByLabelText('Justificatif'), photo());
    await within(dialog).findByText(/Montant et date lus/);
    await app.user.selectOptions(within(dialog).getByLabelText(/Catégorie/), 'hotel');
    await app.user.click(within(dialog).getByRole('button', { name: 'Enregistrer le brouillon' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('PNG, JPG ou JPEG de 10 Mo au plus');
  });

  it('lists expenses with status and refund, deletes selected drafts together, edits a returned one', async () => {
    signIn();
    const returned = expense(3, {
      status: 'returned',
      review_comment: 'Ticket illisible',
      title: 'HOTEL ATLAS',
      category: 'hotel',
      category_label: 'Hôtel',
      ceiling: null,
      refundable_amount: '600.00',
      refund_reason: null,
      refund_reason_label: null,
      amount: '600.00',
    });
    const app = renderApp('/expenses', {
      handlers: {
        ...sessionHandlers(),
        'GET /expenses': sequence(page([expense(1), expense(2), returned]), page([returned])),
        'GET /expenses/categories': { body: CATEGORIES },
        'DELETE /expenses/bulk_delete': { body: { deleted: 2 } },
        'GET /expenses/1/receipt': { body: 'x' },
        'GET /expenses/2/receipt': { body: 'x' },
        'GET /expenses/3/receipt': { body: 'x' },
      },
    });
    expect(await screen.findByText('Commentaire : Ticket illisible')).toBeInTheDocument();
    expect(screen.getByText('À corriger')).toBeInTheDocument();
    expect(screen.getByText(/Remboursable : 600,00 DH \(sans plafond\)/)).toBeInTheDocument();
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(2); // drafts only
    for (const box of boxes) await app.user.click(box);
    await app.user.click(screen.getByRole('button', { name: 'Supprimer la sélection' }));
    expect(await screen.findByText('2 brouillons supprimés.')).toBeInTheDocument();
    expect(app.api.requestsTo('DELETE /expenses/bulk_delete')[0]!.query.get('ids')).toBe('1,2');

    await app.user.click(screen.getByRole('button', { name: 'Modifier' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Modifier la dépense' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Montant \(DH\)/)).toHaveValue('600.00');
  });

  it('attaches ticked drafts to an approved order and sends its report', async () => {
    signIn();
    const order = {
      id: 12,
      number: 'ODM-2026-0012',
      title: 'Visite client Agadir',
      start_date: '2026-12-01',
      end_date: '2026-12-03',
      report_status: 'draft',
      status: 'accepted',
    };
    const app = renderApp('/expenses', {
      handlers: {
        ...sessionHandlers(),
        'GET /expenses': page([expense(1), expense(2)]),
        'GET /expenses/categories': { body: CATEGORIES },
        'GET /expenses/odm': { body: { count: 1, next: null, previous: null, results: [order] } },
        'POST /expenses/odm/12/assign': {
          body: {
            odm: 12,
            report_status: 'draft',
            expenses: [],
            total_amount: '0.00',
            refundable_total: '0.00',
          },
        },
        'POST /expenses/odm/12/send': {
          body: {
            odm: 12,
            report_status: 'pending',
            expenses: [],
            total_amount: '0.00',
            refundable_total: '0.00',
          },
        },
        'GET /expenses/1/receipt': { body: 'x' },
        'GET /expenses/2/receipt': { body: 'x' },
      },
    });
    expect(
      await screen.findByText(
        /ODM-2026-0012 « Visite client Agadir » \(01\/12\/2026 – 03\/12\/2026\) · Brouillon/,
      ),
    ).toBeInTheDocument();
    const query = app.api.requestsTo('GET /expenses/odm')[0]!.query;
    expect([query.get('status'), query.get('report_status_in')]).toEqual(['accepted', 'draft,returned']);
    for (const box of screen.getAllByRole('checkbox')) await app.user.click(box);
    await app.user.click(screen.getByRole('button', { name: 'Rattacher' }));
    expect(await screen.findByText('2 dépenses rattachées à l’ordre de mission.')).toBeInTheDocument();
    expect(app.api.requestsTo('POST /expenses/odm/12/assign')[0]!.body).toEqual({ expenses: [1, 2] });
    await app.user.click(screen.getByRole('button', { name: 'Envoyer la note ODM-2026-0012' }));
    expect(
      await screen.findByText('La note de frais ODM-2026-0012 a été envoyée pour validation.'),
    ).toBeInTheDocument();
  });
});
