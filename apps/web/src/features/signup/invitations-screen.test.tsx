import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeHandler } from '../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';

beforeEach(() => {
  signIn();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const LINK = 'https://app.tasbiq.ma/signup/lien-atlas';

function open(handlers: Record<string, FakeHandler> = {}, signupLink: string | null = LINK) {
  return renderApp('/rh/invitations', {
    handlers: {
      ...sessionHandlers({ account: { roles: ['DRH'] }, settings: { signup_link: signupLink } }),
      ...handlers,
    },
  });
}

describe('invitations: the signup link', () => {
  it('shows the link and copies it', async () => {
    const app = open();
    // user-event puts its own clipboard on navigator: watch that one.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    expect(await screen.findByLabelText("Lien d'inscription de votre société")).toHaveValue(LINK);
    await app.user.click(screen.getByRole('button', { name: 'Copier le lien' }));
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(await screen.findByText('Le lien a été copié dans le presse-papiers.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lien copié' })).toBeInTheDocument();
  });

  it('says when self-signup is closed and sends nothing', async () => {
    const app = open(
      {
        'POST /company/signup_invitation/parse_emails': {
          body: { valid: ['a@exemple.ma'], invalid: [], duplicates: [], already_registered: [] },
        },
      },
      null,
    );
    expect(
      await screen.findByText("L'inscription en ligne n'est pas ouverte pour votre société."),
    ).toBeInTheDocument();
    await app.user.type(screen.getByLabelText('Adresses e-mail'), 'a@exemple.ma');
    await app.user.click(screen.getByRole('button', { name: 'Vérifier la liste' }));
    expect(await screen.findByRole('button', { name: 'Envoyer 1 invitation' })).toBeDisabled();
  });
});

describe('invitations: e-mails', () => {
  it('checks a pasted list, shows each group and sends to the valid addresses', async () => {
    const app = open({
      'POST /company/signup_invitation/parse_emails': {
        body: {
          valid: ['salma@exemple.ma', 'karim@exemple.ma'],
          invalid: ['pas-un-email'],
          duplicates: ['salma@exemple.ma'],
          already_registered: ['nadia@exemple.ma'],
        },
      },
      'POST /company/signup_invitation/bulk_send_signup_email': { body: { sent: 2, failed: 0, skipped: 0 } },
    });
    const text = 'Salma@exemple.ma, salma@exemple.ma\nkarim@exemple.ma pas-un-email nadia@exemple.ma';
    await app.user.type(await screen.findByLabelText('Adresses e-mail'), text);
    await app.user.click(screen.getByRole('button', { name: 'Vérifier la liste' }));

    const valid = await screen.findByRole('list', { name: 'Valides' });
    expect(
      within(valid)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['salma@exemple.ma', 'karim@exemple.ma']);
    expect(
      within(screen.getByRole('list', { name: 'Invalides' })).getByText('pas-un-email'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'En double' })).getByText('salma@exemple.ma'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Déjà inscrits' })).getByText('nadia@exemple.ma'),
    ).toBeInTheDocument();
    expect(app.api.requestsTo('POST /company/signup_invitation/parse_emails')[0]!.body).toEqual({ text });

    await app.user.click(screen.getByRole('button', { name: 'Envoyer 2 invitations' }));
    expect(await screen.findByText('2 invitations envoyées par e-mail.')).toBeInTheDocument();
    expect(app.api.requestsTo('POST /company/signup_invitation/bulk_send_signup_email')[0]!.body).toEqual({
      emails: ['salma@exemple.ma', 'karim@exemple.ma'],
    });
  });

  it('loads the list from a file', async () => {
    const app = open();
    const file = new File(['a@exemple.ma\nb@exemple.ma\n'], 'liste.txt', { type: 'text/plain' });
    await app.user.upload(await screen.findByLabelText('Ou chargez un fichier (.txt, .csv)'), file);
    await waitFor(() =>
      expect(screen.getByLabelText('Adresses e-mail')).toHaveValue('a@exemple.ma\nb@exemple.ma\n'),
    );
    // The app's French picker names the file and takes it away with its content.
    expect(screen.getByTitle('liste.txt')).toBeInTheDocument();
    expect(
      screen.getByText('Fichier texte ou CSV, une adresse par ligne, 200 Ko au plus.'),
    ).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Retirer le fichier' }));
    expect(screen.getByLabelText('Adresses e-mail')).toHaveValue('');
    expect(screen.getByText('Choisir un fichier')).toBeInTheDocument();
  });

  it('says when nothing is valid', async () => {
    const app = open({
      'POST /company/signup_invitation/parse_emails': {
        body: { valid: [], invalid: ['x'], duplicates: [], already_registered: [] },
      },
    });
    await app.user.type(await screen.findByLabelText('Adresses e-mail'), 'x');
    await app.user.click(screen.getByRole('button', { name: 'Vérifier la liste' }));
    expect(await screen.findByText('Aucune adresse valide à inviter : rien à envoyer.')).toBeInTheDocument();
    // Nothing to send: no "Envoyer 0 invitation" button at all.
    expect(screen.queryByRole('button', { name: /^Envoyer/ })).not.toBeInTheDocument();
  });

  it('agrees the report with its counts: one invitation by e-mail, one address skipped', async () => {
    const app = open({
      'POST /company/signup_invitation/parse_emails': {
        body: { valid: ['salma@exemple.ma'], invalid: [], duplicates: [], already_registered: [] },
      },
      'POST /company/signup_invitation/bulk_send_signup_email': { body: { sent: 1, failed: 0, skipped: 1 } },
    });
    await app.user.type(await screen.findByLabelText('Adresses e-mail'), 'salma@exemple.ma');
    await app.user.click(screen.getByRole('button', { name: 'Vérifier la liste' }));
    await app.user.click(await screen.findByRole('button', { name: 'Envoyer 1 invitation' }));
    expect(
      await screen.findByText(
        '1 invitation envoyée par e-mail. 1 adresse ignorée (doublon ou déjà inscrite).',
      ),
    ).toBeInTheDocument();
  });
});

describe('invitations: phones', () => {
  it('sends SMS to the normalised numbers and reports failures', async () => {
    const app = open({
      'POST /company/signup_invitation/parse_phones': {
        body: {
          valid: ['+212612345678', '+212711223344'],
          invalid: [],
          duplicates: [],
          already_registered: [],
        },
      },
      'POST /company/signup_invitation/bulk_send_signup_sms': { body: { sent: 1, failed: 1, skipped: 2 } },
    });
    await app.user.click(await screen.findByRole('tab', { name: 'Téléphones' }));
    await app.user.type(screen.getByLabelText('Numéros de téléphone'), '0612345678{enter}+212 7 11 22 33 44');
    await app.user.click(screen.getByRole('button', { name: 'Vérifier la liste' }));
    await app.user.click(await screen.findByRole('button', { name: 'Envoyer 2 invitations' }));
    expect(
      await screen.findByText(
        '1 invitation envoyée par SMS. 1 envoi a échoué : réessayez plus tard. 2 numéros ignorés (doublons ou déjà inscrits).',
      ),
    ).toBeInTheDocument();
    expect(app.api.requestsTo('POST /company/signup_invitation/bulk_send_signup_sms')[0]!.body).toEqual({
      phones: ['+212612345678', '+212711223344'],
    });
  });

  it('shows SIGNUP_DISABLED from the API', async () => {
    const app = open({
      'POST /company/signup_invitation/parse_phones': {
        body: { valid: ['+212612345678'], invalid: [], duplicates: [], already_registered: [] },
      },
      'POST /company/signup_invitation/bulk_send_signup_sms': apiError(400, 'SIGNUP_DISABLED'),
    });
    await app.user.click(await screen.findByRole('tab', { name: 'Téléphones' }));
    await app.user.type(screen.getByLabelText('Numéros de téléphone'), '0612345678');
    await app.user.click(screen.getByRole('button', { name: 'Vérifier la liste' }));
    await app.user.click(await screen.findByRole('button', { name: 'Envoyer 1 invitation' }));
    expect(await screen.findByText(/L'inscription en ligne n'est pas ouverte/)).toBeInTheDocument();
  });
});
