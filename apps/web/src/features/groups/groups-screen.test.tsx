import type { TGroup } from '@tasbiq/contracts/groups';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeHandler, validationError } from '../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const group = (id: number, name: string, count: number): TGroup => ({
  id,
  name,
  employee_count: count,
  created: '2026-01-10T09:00:00Z',
});

function groupsHandler(groups: () => TGroup[]): FakeHandler {
  return (request) => {
    const search = request.query.get('search')?.toLowerCase();
    const limit = Number(request.query.get('limit') ?? 20);
    const offset = Number(request.query.get('offset') ?? 0);
    const all = groups().filter((g) => !search || g.name.toLowerCase().includes(search));
    return {
      body: { count: all.length, next: null, previous: null, results: all.slice(offset, offset + limit) },
    };
  };
}

async function openGroups(groups: TGroup[], extra: Record<string, FakeHandler> = {}, itemsPerPage = 20) {
  signIn();
  let current = groups;
  const app = renderApp('/rh/groups', {
    handlers: {
      ...sessionHandlers({ account: { roles: ['RH'] }, settings: { items_per_page: itemsPerPage } }),
      'GET /groups': groupsHandler(() => current),
      ...extra,
    },
  });
  await screen.findByRole('heading', { name: 'Groupes' });
  return {
    ...app,
    setGroups: (next: TGroup[]) => {
      current = next;
    },
  };
}

describe('/rh/groups', () => {
  it('lists groups with their head count and a link to their employees', async () => {
    await openGroups([group(1, 'Atelier', 12), group(2, 'Direction', 1), group(3, 'Stagiaires', 0)]);
    const list = within(await screen.findByRole('list', { name: 'Groupes' }));
    expect(list.getByText('Atelier')).toBeInTheDocument();
    expect(list.getByRole('link', { name: /12 salariés/ })).toHaveAttribute('href', '/rh/employees?group=1');
    expect(list.getByRole('link', { name: /^1 salarié/ })).toBeInTheDocument();
    expect(list.getByRole('link', { name: /Aucun salarié/ })).toBeInTheDocument();
  });

  it('says when there is no group yet, and when a search finds none', async () => {
    const app = await openGroups([]);
    expect(await screen.findByText('Aucun groupe pour le moment.')).toBeInTheDocument();
    app.setGroups([group(1, 'Atelier', 2)]);
    await app.user.type(screen.getByLabelText('Rechercher un groupe'), 'zzz');
    expect(await screen.findByText('Aucun groupe ne correspond à cette recherche.')).toBeInTheDocument();
    await waitFor(() => expect(app.api.requestsTo('GET /groups').at(-1)!.query.get('search')).toBe('zzz'));
  });

  it('pages through the groups', async () => {
    const many = Array.from({ length: 5 }, (_, i) => group(i + 1, `Équipe ${i + 1}`, i));
    const app = await openGroups(many, {}, 2);
    expect(await screen.findByText('Équipe 1')).toBeInTheDocument();
    expect(screen.getByText('1–2 sur 5')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText('Équipe 3')).toBeInTheDocument();
    expect(app.api.requestsTo('GET /groups').at(-1)!.query.get('offset')).toBe('2');
  });

  it('creates a group with a CSV of CINs; a refused file shows the lines to fix', async () => {
    const reportBody = {
      type: 'validation_error',
      errors: [{ code: 'GROUP_UPLOAD_FAILED', detail: 'x', attr: null }],
      report: {
        total_rows: 2,
        total_lines: 3,
        error_rows: 1,
        error_count: 1,
        errors: [
          {
            row: 3,
            column: 'cin',
            code: 'EMPLOYEE_NOT_FOUND',
            detail: 'Aucun salarié de votre société avec la CIN « ZZ999999 ».',
          },
        ],
      },
    };
    let attempts = 0;
    const app = await openGroups([], {
      'POST /groups': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 400, body: reportBody }
          : { status: 201, body: group(9, 'Commerciaux', 2) };
      },
    });
    await app.user.click(screen.getByRole('button', { name: 'Nouveau groupe' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Nouveau groupe' }));
    await app.user.click(dialog.getByRole('button', { name: 'Créer le groupe' }));
    expect(await dialog.findByText('le champ "Nom du groupe" est obligatoire')).toBeInTheDocument();

    await app.user.type(dialog.getByLabelText(/^Nom du groupe/), 'Commerciaux');
    const csv = new File(['CIN\nAB123456\nZZ999999\n'], 'membres-commerciaux-2026.csv', { type: 'text/csv' });
    await app.user.upload(dialog.getByLabelText(/^Membres/), csv);
    // The app's French picker (not the browser's control) names the file, shortened to 20 characters.
    expect(dialog.getByTitle('membres-commerciaux-2026.csv')).toHaveTextContent('membres-commerc….csv');
    expect(dialog.getByRole('button', { name: 'Retirer le fichier' })).toBeInTheDocument();
    await app.user.click(dialog.getByRole('button', { name: 'Créer le groupe' }));

    expect(
      await dialog.findByText(
        "Le groupe n'a pas été créé : certaines lignes du fichier sont en erreur. Veuillez les corriger.",
      ),
    ).toBeInTheDocument();
    const table = within(dialog.getByRole('table', { name: 'Lignes en erreur du fichier' }));
    expect(table.getByRole('cell', { name: '3' })).toBeInTheDocument();
    // The count and the pointer in the same lines: the file's, header included (CIN, AB…, ZZ…).
    expect(
      dialog.getByText(/^1 ligne en erreur sur 3\. Aucun salarié n'a été déplacé\.$/),
    ).toBeInTheDocument();
    expect(dialog.getByText(/l'en-tête, s'il y en a un, est la ligne 1/)).toBeInTheDocument();
    expect(table.getByText('Aucun salarié de votre société avec la CIN « ZZ999999 ».')).toBeInTheDocument();
    const sent = app.api.requestsTo('POST /groups')[0]!.body as FormData;
    expect(sent.get('name')).toBe('Commerciaux');
    expect((sent.get('file') as File).name).toBe('membres-commerciaux-2026.csv');

    await app.user.click(dialog.getByRole('button', { name: 'Créer le groupe' }));
    expect(
      await screen.findByText('Le groupe « Commerciaux » a été créé avec 2 salariés.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('refuses a file that is not a CSV before sending it; says when the name is taken', async () => {
    const app = await openGroups([], {
      'POST /groups': validationError([{ attr: 'name', code: 'unique' }]),
    });
    await app.user.click(screen.getByRole('button', { name: 'Nouveau groupe' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Nouveau groupe' }));
    await app.user.type(dialog.getByLabelText(/^Nom du groupe/), 'Atelier');
    // `accept` would filter it out of a real picker's default view; the user can still choose it.
    const input = dialog.getByLabelText(/^Membres/) as HTMLInputElement;
    input.removeAttribute('accept');
    await app.user.upload(input, new File(['x'], 'membres.xlsx'));
    expect(
      await dialog.findByText("Le fichier n'est pas valide. Seuls les fichiers CSV sont acceptés."),
    ).toBeInTheDocument();
    await app.user.click(dialog.getByRole('button', { name: 'Créer le groupe' }));
    expect(app.api.requestsTo('POST /groups')).toHaveLength(0);

    await app.user.upload(input, new File(['AB123456'], 'ok.csv', { type: 'text/csv' }));
    await app.user.click(dialog.getByRole('button', { name: 'Créer le groupe' }));
    expect(await dialog.findByText('Un groupe porte déjà ce nom.')).toBeInTheDocument();
    expect(dialog.queryByText('Cette valeur est déjà utilisée.')).not.toBeInTheDocument();
  });

  it('says when the new name is taken by another group', async () => {
    const app = await openGroups([group(1, 'Atelier', 3), group(2, 'Production', 1)], {
      'PUT /groups/1': validationError([{ attr: 'name', code: 'unique' }]),
    });
    await app.user.click(await screen.findByRole('button', { name: 'Renommer le groupe Atelier' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Renommer « Atelier »' }));
    const input = dialog.getByLabelText(/^Nouveau nom/);
    await app.user.clear(input);
    await app.user.type(input, 'production');
    await app.user.click(dialog.getByRole('button', { name: 'Renommer' }));
    expect(await dialog.findByText('Un groupe porte déjà ce nom.')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(/Un groupe porte déjà ce nom\./);
  });

  it('renames a group', async () => {
    const app = await openGroups([group(1, 'Atelier', 3)], {
      'PUT /groups/1': (request) => ({ body: group(1, (request.body as { name: string }).name, 3) }),
    });
    await app.user.click(await screen.findByRole('button', { name: 'Renommer le groupe Atelier' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Renommer « Atelier »' }));
    const input = dialog.getByLabelText(/^Nouveau nom/);
    expect(input).toHaveValue('Atelier');
    await app.user.clear(input);
    await app.user.type(input, 'Production');
    await app.user.click(dialog.getByRole('button', { name: 'Renommer' }));
    expect(await screen.findByText('Le groupe a été renommé « Production ».')).toBeInTheDocument();
    expect(app.api.requestsTo('PUT /groups/1')[0]!.body).toEqual({ name: 'Production' });
  });

  it('deletes a group only after confirmation', async () => {
    const app = await openGroups([group(1, 'Atelier', 3)], { 'DELETE /groups/1': { status: 204 } });
    await app.user.click(await screen.findByRole('button', { name: 'Supprimer le groupe Atelier' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Supprimer le groupe « Atelier » ?' }));
    expect(dialog.getByText('Les salariés de ce groupe deviendront sans groupe.')).toBeInTheDocument();
    expect(dialog.getByText('3 salariés sont concernés.')).toBeInTheDocument();
    await app.user.click(dialog.getByRole('button', { name: 'Annuler' }));
    expect(app.api.requestsTo('DELETE /groups/1')).toHaveLength(0);

    await app.user.click(screen.getByRole('button', { name: 'Supprimer le groupe Atelier' }));
    app.setGroups([]);
    const again = within(await screen.findByRole('dialog', { name: 'Supprimer le groupe « Atelier » ?' }));
    await app.user.click(again.getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Le groupe « Atelier » a été supprimé.')).toBeInTheDocument();
    expect(app.api.requestsTo('DELETE /groups/1')).toHaveLength(1);
    expect(await screen.findByText('Aucun groupe pour le moment.')).toBeInTheDocument();
  });
});
