import type { TTransfer } from '@tasbiq/contracts/transfers';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, type FakeHandler } from '../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';
import { makeSolde } from '../shared/testing/money-fixtures.ts';

vi.mock('lottie-web', () => import('../../app/testing/fake-lottie.ts'));

const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

function makeTransfer(overrides: Partial<TTransfer> = {}): TTransfer {
  return {
    id: 7,
    employee: { id: 1, first_name: 'Othmane', last_name: 'Belhaj', serial: 'ATL-1' },
    recipient_name: 'Fatima Zahra Alaoui',
    recipient_phone: '+212661234567',
    amount: '500.00',
    fees: '10.00',
    status: 'pending',
    network: 'Cash Plus',
    created: '2026-11-24T10:00:00.000+00:00',
    sent: null,
    expires: null,
    collected: null,
    canceled: null,
    refunded: null,
    failure_reason: null,
    ...overrides,
  };
}

function open(handlers: Record<string, FakeHandler> = {}, settings = { transfers_enabled: true }) {
  signIn();
  return renderApp('/transfer', {
    handlers: {
      ...sessionHandlers({ settings }),
      'GET /employees/solde': { body: makeSolde({ balance: '1000.00' }) },
      'GET /transfers/recipients': {
        body: [
          {
            id: 3,
            name: 'Mohamed Bennani',
            phone: '+212700112233',
            created: '2026-11-01T10:00:00.000+00:00',
          },
        ],
      },
      'GET /transfers': { body: page([]) },
      ...handlers,
    },
  });
}

describe('/transfer', () => {
  it('is off when the company has no transfers (404 page)', async () => {
    open({}, { transfers_enabled: false });
    expect(await screen.findByRole('heading', { name: 'Page non trouvée' })).toBeInTheDocument();
  });

  it('checks the fields in French before anything is sent', async () => {
    const app = open();
    await app.user.click(await screen.findByRole('button', { name: 'Continuer' }));
    expect(screen.getByText('le champ "Nom du bénéficiaire" est obligatoire')).toBeInTheDocument();
    await app.user.type(screen.getByRole('textbox', { name: /Nom du bénéficiaire/ }), 'Fatima Alaoui');
    await app.user.type(screen.getByRole('textbox', { name: /Mobile du bénéficiaire/ }), '0522123456');
    await app.user.type(screen.getByRole('textbox', { name: /Montant/ }), '6000');
    expect(screen.getByText(/mobile marocain valide/)).toBeInTheDocument();
    expect(screen.getByText('Le montant maximum d’un transfert est de 5000 DH.')).toBeInTheDocument();
    await app.user.clear(screen.getByRole('textbox', { name: /Montant/ }));
    await app.user.type(screen.getByRole('textbox', { name: /Montant/ }), '995');
    expect(
      screen.getByText('Votre solde est insuffisant pour ce transfert (frais compris).'),
    ).toBeInTheDocument();
    expect(app.api.requestsTo('POST /transfers')).toHaveLength(0);
  });

  it('a saved recipient fills the form; the confirmation repeats the name and the amount; then it is sent', async () => {
    const app = open({
      'POST /transfers': { status: 201, body: makeTransfer({ recipient_name: 'Mohamed Bennani' }) },
    });
    await app.user.click(await screen.findByRole('button', { name: /^Mohamed Bennani/ }));
    expect(screen.getByRole('textbox', { name: /Nom du bénéficiaire/ })).toHaveValue('Mohamed Bennani');
    await app.user.type(screen.getByRole('textbox', { name: /Montant/ }), '500');
    await app.user.click(screen.getByRole('button', { name: 'Continuer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmer le transfert' });
    expect(dialog).toHaveTextContent(/Envoyer 500\sDH à Mohamed Bennani/);
    expect(dialog).toHaveTextContent(/Déduit de votre solde\s*510\sDH/);
    await app.user.click(within(dialog).getByRole('button', { name: 'Confirmer le transfert' }));
    await waitFor(() => expect(app.api.requestsTo('POST /transfers')).toHaveLength(1));
    const [request] = app.api.requestsTo('POST /transfers');
    expect(request?.body).toEqual({
      recipient_name: 'Mohamed Bennani',
      recipient_phone: '+212700112233',
      amount: '500',
      save_recipient: false,
    });
    expect(request?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText(/Transfert de 500\sDH à Mohamed Bennani enregistré/)).toBeInTheDocument();
  });

  it('shows a refusal in French inside the confirmation', async () => {
    const app = open({ 'POST /transfers': apiError(400, 'BALANCE_INSUFFICIENT') });
    await app.user.type(await screen.findByRole('textbox', { name: /Nom du bénéficiaire/ }), 'Fatima Alaoui');
    await app.user.type(screen.getByRole('textbox', { name: /Mobile du bénéficiaire/ }), '0661234567');
    await app.user.type(screen.getByRole('textbox', { name: /Montant/ }), '100');
    await app.user.click(screen.getByRole('button', { name: 'Continuer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmer le transfert' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Confirmer le transfert' }));
    expect(
      await within(dialog).findByText('Votre solde est insuffisant pour cette demande.'),
    ).toBeInTheDocument();
  });

  it('lists the latest transfers with their status, and cancels one not yet collected', async () => {
    const app = open({
      'GET /transfers': {
        body: page([makeTransfer({ status: 'sent' }), makeTransfer({ id: 6, status: 'collected' })]),
      },
      'POST /transfers/7/cancel': { body: makeTransfer({ status: 'canceled' }) },
    });
    const list = await screen.findByRole('region', { name: 'Mes derniers transferts' });
    expect(within(list).getByText('Disponible en agence')).toBeInTheDocument();
    expect(within(list).getByText('Retiré')).toBeInTheDocument();
    const buttons = within(list).getAllByRole('button', { name: 'Annuler le transfert' });
    expect(buttons).toHaveLength(1);
    await app.user.click(buttons[0]!);
    await waitFor(() => expect(app.api.requestsTo('POST /transfers/7/cancel')).toHaveLength(1));
  });
});
