import type { TAdvanceSimulation } from '@tasbiq/contracts/advances';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FakeHandler } from '../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';
import { makeSimulation, makeSolde } from '../shared/testing/money-fixtures.ts';

vi.mock('lottie-web', () => import('../../app/testing/fake-lottie.ts'));

afterEach(() => {
  vi.unstubAllGlobals();
});

const simulator: FakeHandler = (request) => {
  const amount = Number((request.body as { amount: string }).amount);
  const simulation: TAdvanceSimulation = makeSimulation({
    amount: `${amount}.00`,
    fees: '15.00',
    total: `${amount + 15}.00`,
    available_after: `${2500 - amount - 15}.00`,
    error_code: null,
  });
  return { body: simulation };
};

/** Issue 10: « Continuer » and « Modifier le montant » leave with their step; the focus must not. */
describe('/advance: focus between the steps', () => {
  it('puts the focus on the confirmation title after « Continuer », on the amount after « Modifier le montant »', async () => {
    signIn();
    const app = renderApp('/advance', {
      handlers: {
        ...sessionHandlers(),
        'GET /employees/solde': { body: makeSolde() },
        'POST /advances/simulate': simulator,
      },
    });
    const input = await screen.findByRole('textbox', { name: 'Montant souhaité (DH)' }, { timeout: 5000 });
    // Opening the page does not jump into the field.
    expect(input).not.toHaveFocus();
    await app.user.type(input, '1000');
    const next = screen.getByRole('button', { name: 'Continuer' });
    await waitFor(() => expect(next).toBeEnabled());
    await app.user.click(next);
    const title = await screen.findByRole('heading', { name: 'Confirmer la demande' });
    expect(title).toHaveFocus();
    expect(document.body).not.toHaveFocus();

    await app.user.click(screen.getByRole('button', { name: 'Modifier le montant' }));
    const again = await screen.findByRole('textbox', { name: 'Montant souhaité (DH)' });
    expect(again).toHaveFocus();
    expect(again).toHaveValue('1000');
  });
});
