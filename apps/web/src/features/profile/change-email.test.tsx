import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { validationError } from '../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';

/**
 * The API no longer says at the first step that an address belongs to another account (issue 8
 * §5): it sends the code as for a free one and refuses the change at validation, EMAIL_EXISTS.
 */
describe('profile: e-mail already used by another account', () => {
  it('says so at the code step and lets the person type another address', async () => {
    signIn();
    const app = renderApp('/profile', {
      handlers: {
        ...sessionHandlers(),
        'POST /auth/change_email': { body: { token: 'flow-1' } },
        'POST /auth/change_email/validate': validationError([{ attr: 'email', code: 'EMAIL_EXISTS' }]),
      },
    });
    await screen.findByRole('heading', { name: 'Mon profil' });
    await app.user.click(screen.getByRole('button', { name: "Modifier l'e-mail" }));
    const dialog = await screen.findByRole('dialog', { name: "Modifier l'adresse e-mail" });
    await app.user.type(within(dialog).getByLabelText(/Nouvelle adresse e-mail/), 'prise@acme.ma');
    await app.user.click(within(dialog).getByRole('button', { name: 'Recevoir le code' }));
    expect(
      await within(dialog).findByText(/Un code à 6 chiffres a été envoyé à prise@acme.ma/),
    ).toBeInTheDocument();

    await app.user.type(within(dialog).getByLabelText(/Code de vérification/), '123456');
    await app.user.click(within(dialog).getByRole('button', { name: 'Valider' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Cette adresse e-mail est déjà utilisée.',
    );
    expect(app.api.requestsTo('POST /auth/change_email/validate')[0]!.body).toEqual({
      token: 'flow-1',
      otp: '123456',
    });

    await app.user.click(within(dialog).getByRole('button', { name: 'Modifier la saisie' }));
    expect(await within(dialog).findByLabelText(/Nouvelle adresse e-mail/)).toBeInTheDocument();
  });
});
