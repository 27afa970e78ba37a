import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FakeHandler } from '../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';
import { makeEmployeeItem } from './testing/make-employee.ts';

const people = [
  makeEmployeeItem({ id: 1, first_name: 'Amal', last_name: 'Alaoui', serial: 'ATL-0101' }),
  makeEmployeeItem({ id: 2, first_name: 'Badr', last_name: 'Bennis', serial: 'ATL-0102' }),
  makeEmployeeItem({ id: 3, first_name: 'Chama', last_name: 'Cherkaoui', serial: 'ATL-0103' }),
];

function open(extra: Record<string, FakeHandler> = {}) {
  signIn();
  return renderApp('/rh/employees/card-links', {
    handlers: {
      ...sessionHandlers({ account: { roles: ['RH'] } }),
      'GET /employees': { body: { count: 3, next: null, previous: null, results: people } },
      ...extra,
    },
  });
}

describe('/rh/employees/card-links (issue 11)', () => {
  it('lists active employees without a card, sends the link to a selection after a confirmation, and reports each outcome', async () => {
    let answer: (value: unknown) => void = () => {};
    const app = open({
      'POST /card/onboarding_links': () =>
        new Promise((resolve) => {
          answer = resolve as (value: unknown) => void;
        }),
    });
    const list = await screen.findByRole('list', { name: 'Salariés sans carte' });
    const query = Object.fromEntries(app.api.requestsTo('GET /employees').at(-1)!.query);
    expect(query).toMatchObject({ has_card: 'false', is_active: 'true', status: 'activated' });

    const send = screen.getByRole('button', { name: 'Envoyer le lien de commande (0)' });
    expect(send).toBeDisabled();
    await app.user.click(within(list).getByRole('checkbox', { name: 'Amal Alaoui' }));
    await app.user.click(within(list).getByRole('checkbox', { name: 'Chama Cherkaoui' }));
    await app.user.click(screen.getByRole('checkbox', { name: 'E-mail' }));
    expect(screen.getByText('2 salariés sélectionnés')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Envoyer le lien de commande (2)' }));

    const dialog = await screen.findByRole('dialog', { name: 'Envoyer le lien à 2 salariés ?' });
    expect(dialog).toHaveTextContent('par SMS et e-mail');
    expect(app.api.requestsTo('POST /card/onboarding_links')).toHaveLength(0);
    await app.user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    // While the server sends: progress.
    expect(
      await within(dialog).findByRole('status', { name: 'Envoi des liens à 2 salariés…' }),
    ).toBeInTheDocument();
    expect(app.api.requestsTo('POST /card/onboarding_links')[0]!.body).toEqual({
      employees: [1, 3],
      channels: ['sms', 'email'],
    });
    answer({
      body: {
        sent: 1,
        skipped: 1,
        results: [
          {
            employee: 1,
            sent: true,
            channels: ['sms', 'email'],
            reason: null,
            expires: '2026-11-27T10:00:00+00:00',
          },
          { employee: 3, sent: false, channels: [], reason: 'Aucun téléphone ni e-mail.', expires: null },
        ],
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('1 lien envoyé, 1 salarié écarté.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Salariés écartés' })).getByRole('listitem'),
    ).toHaveTextContent('Chama Cherkaoui : Aucun téléphone ni e-mail.');
    // The closed dialog un-hides the rest of the page (Radix) in a passive effect's cleanup, run a
    // frame after the paint on Preact: until then the button is out of the accessibility tree.
    expect(await screen.findByRole('button', { name: 'Envoyer le lien de commande (0)' })).toBeDisabled();
  });

  it('selects the whole page at once, and cancelling the confirmation sends nothing', async () => {
    const app = open();
    await screen.findByRole('list', { name: 'Salariés sans carte' });
    await app.user.click(screen.getByRole('checkbox', { name: 'Tout sélectionner sur cette page' }));
    await app.user.click(screen.getByRole('button', { name: 'Envoyer le lien de commande (3)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Envoyer le lien à 3 salariés ?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.api.requestsTo('POST /card/onboarding_links')).toHaveLength(0);
  });

  it('says when every active employee already has a card; the employees list links here', async () => {
    open({ 'GET /employees': { body: { count: 0, next: null, previous: null, results: [] } } });
    expect(await screen.findByText('Tous vos salariés actifs ont une carte.')).toBeInTheDocument();
  });
});
