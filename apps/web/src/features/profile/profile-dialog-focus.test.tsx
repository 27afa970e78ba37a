import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * Issue 10: closing the change-phone or change-e-mail dialog gave the focus to the page (its field
 * had taken it at once, so the dialog did not know what had opened it).
 */
describe('profile: focus after the dialogs', () => {
  it.each([
    ['Modifier le téléphone', 'Modifier le numéro de téléphone'],
    ["Modifier l'e-mail", "Modifier l'adresse e-mail"],
  ])('gives the focus back to « %s » once its dialog is closed', async (button, title) => {
    signIn();
    const app = renderApp('/profile', { handlers: sessionHandlers() });
    await screen.findByRole('heading', { name: 'Mon profil' }, { timeout: 5000 });
    const opener = screen.getByRole('button', { name: button });
    await app.user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: title });
    expect(within(dialog).getByRole('textbox')).toHaveFocus();
    await app.user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());

    await app.user.click(opener);
    await screen.findByRole('dialog', { name: title });
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
