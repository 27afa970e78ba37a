import type { TGroup } from '@tasbiq/contracts/groups';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FakeHandler } from '../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const group = (id: number): TGroup => ({
  id,
  name: `Groupe ${String(id).padStart(2, '0')}`,
  employee_count: 0,
  created: '2026-01-10T09:00:00Z',
});

/** Issue 10: where the focus goes when the button that had it is gone. */
async function openGroups(groups: () => TGroup[], extra: Record<string, FakeHandler> = {}) {
  signIn();
  const app = renderApp('/rh/groups', {
    handlers: {
      ...sessionHandlers({ account: { roles: ['RH'] }, settings: { items_per_page: 2 } }),
      'GET /groups': (request) => {
        const offset = Number(request.query.get('offset') ?? 0);
        const all = groups();
        return {
          body: { count: all.length, next: null, previous: null, results: all.slice(offset, offset + 2) },
        };
      },
      ...extra,
    },
  });
  await screen.findByRole('heading', { name: 'Groupes' });
  return app;
}

describe('/rh/groups: focus', () => {
  it('gives the focus to the notice once a group is deleted (its row and button are gone)', async () => {
    let groups = [group(1), group(2)];
    const app = await openGroups(() => groups, { 'DELETE /groups/1': { status: 204 } });
    await app.user.click(await screen.findByRole('button', { name: 'Supprimer le groupe Groupe 01' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Supprimer le groupe « Groupe 01 » ?' }));
    groups = [group(2)];
    await app.user.click(dialog.getByRole('button', { name: 'Supprimer' }));
    const notice = (await screen.findByText('Le groupe « Groupe 01 » a été supprimé.')).closest(
      '[role=status]',
    );
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Supprimer le groupe Groupe 01' })).toBeNull(),
    );
    // Radix gives the focus back a tick after the dialog is gone: it must not take it from the notice.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(notice).toHaveFocus();
    expect(document.body).not.toHaveFocus();
  });

  it('takes the focus to the top of the list after « Suivant » and « Précédent »', async () => {
    const app = await openGroups(() => [group(1), group(2), group(3)]);
    await screen.findByText('Groupe 01');
    const list = screen.getByRole('region', { name: 'Liste des groupes' });
    await app.user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(list).toHaveFocus();
    expect(await within(list).findByText('Groupe 03')).toBeInTheDocument();
    expect(list).toHaveFocus();
    await app.user.click(screen.getByRole('button', { name: 'Précédent' }));
    expect(list).toHaveFocus();
  });
});
