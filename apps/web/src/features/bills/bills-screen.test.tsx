import type { TBill } from '@tasbiq/contracts/bills';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeHandler } from '../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';
import { makeSolde } from '../shared/testing/money-fixtures.ts';

vi.mock('lottie-web', () => import('../../app/testing/fake-lottie.ts'));

afterEach(() => {
  vi.restoreAllMocks();
});

const found = {
  biller: 'lydec',
  reference: '3001234567',
  holder: 'K**** T***',
  amount_due: '523.40',
  due_date: '2026-12-15',
  partial: true,
};

const paid: TBill = {
  id: 7,
  employee: { id: 1, first_name: 'Salma', last_name: 'Alaoui', serial: null },
  biller: 'lydec',
  biller_name: 'Lydec',
  reference: '3001234567',
  holder: 'K**** T***',
  due_date: '2026-12-15',
  amount_due: '523.40',
  amount: '200.00',
  status: 'pending',
  created: '2026-11-24T10:00:00.000+00:00',
  executed: null,
  failed: null,
  failure_reason: null,
  receipt_number: null,
};

function open(handlers: Record<string, FakeHandler> = {}, settings = { bills_enabled: true }) {
  signIn();
  return renderApp('/factures', {
    handlers: {
      ...sessionHandlers({ settings }),
      'GET /employees/solde': { body: makeSolde({ balance: '900.00' }) },
      'POST /bills/lookup': { body: found },
      'POST /bills': { status: 201, body: paid },
      ...handlers,
    },
  });
}

describe('/factures', () => {
  it('checks the reference format, looks the bill up, and pays part of it after a confirmation', async () => {
    const app = open();
    const reference = await screen.findByRole('textbox', { name: /Numéro de contrat/ });
    await app.user.type(reference, '12345');
    await app.user.click(screen.getByRole('button', { name: 'Rechercher la facture' }));
    expect(
      await screen.findByText('La référence ne correspond pas au format de ce facturier.'),
    ).toBeInTheDocument();
    expect(app.api.requestsTo('POST /bills/lookup')).toHaveLength(0);

    await app.user.clear(reference);
    await app.user.type(reference, '300 123 4567');
    await app.user.click(screen.getByRole('button', { name: 'Rechercher la facture' }));
    expect(await screen.findByText('K**** T***')).toBeInTheDocument();
    expect(app.api.requestsTo('POST /bills/lookup')[0]?.body).toEqual({
      biller: 'lydec',
      reference: '3001234567',
    });
    expect(screen.getByText('15/12/2026')).toBeInTheDocument();

    const amount = screen.getByRole('textbox', { name: /Montant à payer/ });
    await app.user.clear(amount);
    await app.user.type(amount, '200');
    await app.user.click(screen.getByRole('button', { name: /^Payer 200\sDH$/ }));
    const confirmation = await screen.findByRole('region', { name: 'Confirmation du paiement' });
    expect(confirmation).toHaveTextContent(/200\sDH à Lydec pour la référence 3001234567/);
    await app.user.click(screen.getByRole('button', { name: 'Confirmer le paiement' }));
    expect(await screen.findByText(/a\sété envoyé/)).toBeInTheDocument();
    const request = app.api.requestsTo('POST /bills')[0]!;
    expect(request.body).toEqual({ biller: 'lydec', reference: '3001234567', amount: '200.00' });
    expect(request.headers.get('idempotency-key')).toBeTruthy();
  });

  it('says in French when the bill is unknown or the balance is too low', async () => {
    const app = open({
      'POST /bills/lookup': apiError(400, 'BILL_NOT_FOUND', { attr: 'reference', type: 'validation_error' }),
    });
    await app.user.type(await screen.findByRole('textbox', { name: /Numéro de contrat/ }), '3001230000');
    await app.user.click(screen.getByRole('button', { name: 'Rechercher la facture' }));
    expect(await screen.findByText('Aucune facture ne correspond à cette référence.')).toBeInTheDocument();

    app.api.on('POST /bills/lookup', { body: found });
    app.api.on('POST /bills', apiError(400, 'BALANCE_INSUFFICIENT'));
    await app.user.click(screen.getByRole('button', { name: 'Rechercher la facture' }));
    await app.user.click(await screen.findByRole('button', { name: /^Payer 523\sDH$/ }));
    await app.user.click(await screen.findByRole('button', { name: 'Confirmer le paiement' }));
    expect(await screen.findByText('Votre solde est insuffisant pour cette demande.')).toBeInTheDocument();
  });

  it('is closed when the company has bills off', async () => {
    open({}, { bills_enabled: false });
    expect(await screen.findByText('Page non trouvée')).toBeInTheDocument();
  });
});
