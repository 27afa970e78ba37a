import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validationError } from '../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';
import { makeAdvance, makeRecharge, page } from '../shared/testing/money-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Issue 10: a refused cancellation left the focus on « Confirmer l’annulation ». */
describe('cancel an advance: focus on the reason in error', () => {
  it('moves the focus to the reason when the form or the API refuses it', async () => {
    signIn();
    const app = renderApp('/historique', {
      handlers: {
        ...sessionHandlers(),
        'GET /advances': { body: page([makeAdvance({ id: 3, amount: '1000.00', status: 'pending' })]) },
        'GET /recharges': { body: page([makeRecharge()]) },
        'POST /advances/3/cancel': validationError([{ attr: 'reason', code: 'max_length' }]),
      },
    });
    await app.user.click(
      await screen.findByRole('button', { name: /^Annuler l’avance de 1\s000\sDH/ }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Annuler l’avance' });
    const reason = within(dialog).getByRole('textbox', { name: /Motif de l’annulation/ });
    const submit = within(dialog).getByRole('button', { name: 'Confirmer l’annulation' });

    // Empty.
    await app.user.click(submit);
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(reason).toHaveFocus());
    // Too short, sent from the keyboard this time.
    await app.user.type(reason, 'ab');
    submit.focus();
    await app.user.keyboard('{Enter}');
    expect(within(dialog).getByText('Le motif doit contenir au moins 3 caractères.')).toBeInTheDocument();
    await waitFor(() => expect(reason).toHaveFocus());
    // Refused by the API on the field.
    await app.user.type(reason, 'cd');
    await app.user.click(submit);
    await waitFor(() => expect(app.api.requestsTo('POST /advances/3/cancel')).toHaveLength(1));
    await waitFor(() => expect(reason).toHaveAttribute('aria-invalid', 'true'));
    await waitFor(() => expect(reason).toHaveFocus());
  });
});
