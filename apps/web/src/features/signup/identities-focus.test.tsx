import type { TSignupIdentity } from '@tasbiq/contracts/signup';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeHandler, sequence } from '../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';

beforeEach(() => {
  signIn();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const hr = sessionHandlers({ account: { roles: ['RH'] }, settings: { items_per_page: 2 } });
const page = (results: TSignupIdentity[], count = results.length) => ({
  body: { count, next: null, previous: null, results },
});
const identity = (id: number): TSignupIdentity => ({
  id,
  serial: `M00${id}`,
  birthday: '1990-03-15',
  is_used: false,
  employee: null,
  created: '2026-01-10T10:00:00+01:00',
});

function open(handlers: Record<string, FakeHandler>) {
  return renderApp('/rh/identities', { handlers: { ...hr, ...handlers } });
}

/** Issue 10: where the focus goes when the button that had it is gone, or the page changes. */
describe('identities: focus', () => {
  it('gives the focus to the notice once an identity is deleted', async () => {
    const app = open({
      'GET /company/identities': sequence(page([identity(1), identity(2)]), page([identity(2)])),
      'DELETE /company/identities/1': { status: 204 },
    });
    const table = await screen.findByRole('table', { name: 'Identités enregistrées' }, { timeout: 5000 });
    await app.user.click(within(table).getByRole('button', { name: "Supprimer l'identité M001" }));
    const dialog = await screen.findByRole('dialog', { name: "Supprimer l'identité ?" });
    await app.user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    const notice = (await screen.findByText("L'identité M001 a été supprimée.")).closest('[role=status]');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: "Supprimer l'identité M001" })).toBeNull(),
    );
    // Radix gives the focus back a tick after the dialog is gone: not to the deleted row's button.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(notice).toHaveFocus();
  });

  it('takes the focus to the top of the list after « Suivant »', async () => {
    const app = open({
      'GET /company/identities': (request) =>
        request.query.get('offset') === '2' ? page([identity(3)], 3) : page([identity(1), identity(2)], 3),
    });
    expect(await screen.findByText('1–2 sur 3', {}, { timeout: 5000 })).toBeInTheDocument();
    const list = screen.getByRole('table', { name: 'Identités enregistrées' }).closest('div.rounded-xl');
    await app.user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(list).toHaveFocus();
    expect(await screen.findByText('3–3 sur 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Suivant' })).not.toHaveFocus();
  });
});
