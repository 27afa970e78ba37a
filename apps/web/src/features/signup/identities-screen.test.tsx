import type { TIdentityParseResponse, TSignupIdentity } from '@tasbiq/contracts/signup';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeHandler, sequence, validationError } from '../../app/testing/fake-api.ts';
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
const identity = (overrides: Partial<TSignupIdentity> = {}): TSignupIdentity => ({
  id: 1,
  serial: 'M001',
  birthday: '1990-03-15',
  is_used: false,
  employee: null,
  created: '2026-01-10T10:00:00+01:00',
  ...overrides,
});

const PREVIEW: TIdentityParseResponse = {
  rows: [
    { row: 2, serial: 'M001', birthday: '1990-03-15', errors: [] },
    {
      row: 3,
      serial: 'M002',
      birthday: null,
      errors: [
        {
          code: 'INVALID_DATE_FORMAT',
          attr: 'birthday',
          detail: "« 31/02/1990 » n'est pas une date valide (jj/mm/aaaa).",
        },
      ],
    },
    { row: 4, serial: 'M003', birthday: '1985-12-01', errors: [] },
  ],
  valid_count: 2,
  error_count: 1,
};

function open(handlers: Record<string, FakeHandler> = {}) {
  return renderApp('/rh/identities', {
    handlers: { ...hr, 'GET /company/identities': page([]), ...handlers },
  });
}

const csv = () => new File(['matricule;date_naissance\n'], 'identites.csv', { type: 'text/csv' });

/** The list's table (from md up; the phone cards carry the same rows). */
const listTable = () => screen.getByRole('table', { name: 'Identités enregistrées' });
const findListTable = () => screen.findByRole('table', { name: 'Identités enregistrées' });

describe('identities: upload and preview', () => {
  it('previews the file, highlights the rows in error and creates only the valid ones', async () => {
    const app = open({
      'POST /company/identities/parse_file': { body: PREVIEW },
      'POST /company/identities/bulk': { status: 201, body: { created: 2 } },
    });
    // The first test of the file also loads the screen's chunk.
    await screen.findByRole('heading', { name: 'Identités', level: 1 }, { timeout: 5000 });
    await app.user.upload(screen.getByLabelText('Fichier des identités (CSV)'), csv());
    // The app's French picker, not the browser's control: the chosen file is named in the zone.
    expect(await screen.findByTitle('identites.csv')).toBeInTheDocument();
    expect(screen.getByText('Choisir un autre fichier')).toBeInTheDocument();

    expect(await screen.findByText('2 lignes valides')).toBeInTheDocument();
    expect(screen.getByText('1 ligne en erreur')).toBeInTheDocument();
    const sent = app.api.requestsTo('POST /company/identities/parse_file')[0]!.body as FormData;
    expect((sent.get('file') as File).name).toBe('identites.csv');

    // Errors only, at first: the bad row, highlighted, with its French detail.
    const table = screen.getByRole('table', { name: 'Aperçu du fichier' });
    let rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveAttribute('data-invalid', 'true');
    expect(rows[0]).toHaveTextContent("3M002—« 31/02/1990 » n'est pas une date valide (jj/mm/aaaa).");
    await app.user.click(screen.getByLabelText('Afficher seulement les lignes en erreur'));
    rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '2M00115/03/1990Valide',
      "3M002—« 31/02/1990 » n'est pas une date valide (jj/mm/aaaa).",
      '4M00301/12/1985Valide',
    ]);
    expect(screen.getByText(/Les lignes en erreur ne seront pas créées/)).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Créer 2 identités' }));
    expect(await screen.findByText(/2 identités créées/)).toBeInTheDocument();
    expect(app.api.requestsTo('POST /company/identities/bulk')[0]!.body).toEqual({
      identities: [
        { serial: 'M001', birthday: '1990-03-15' },
        { serial: 'M003', birthday: '1985-12-01' },
      ],
    });
    expect(screen.queryByRole('table', { name: 'Aperçu du fichier' })).not.toBeInTheDocument();
    // The list is fetched again.
    await waitFor(() => expect(app.api.requestsTo('GET /company/identities').length).toBeGreaterThan(1));
  });

  it('cannot create anything when no row is valid', async () => {
    const app = open({
      'POST /company/identities/parse_file': {
        body: { rows: [PREVIEW.rows[1]], valid_count: 0, error_count: 1 },
      },
    });
    await app.user.upload(await screen.findByLabelText('Fichier des identités (CSV)'), csv());
    expect(
      await screen.findByText(
        'Aucune ligne valide : rien à créer. Corrigez le fichier et importez-le à nouveau.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Créer/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeEnabled();
  });

  it('explains a refused file', async () => {
    const app = open({
      'POST /company/identities/parse_file': sequence(
        validationError([{ attr: 'file', code: 'INVALID_FILE' }]),
        {
          status: 400,
          body: {
            type: 'validation_error',
            errors: [
              { attr: 'file', code: 'CSV_MISSING_COLUMNS', detail: 'Colonnes manquantes : date_naissance.' },
            ],
          },
        },
      ),
    });
    const input = await screen.findByLabelText('Fichier des identités (CSV)');
    await app.user.upload(input, csv());
    expect(
      await screen.findByText("Le fichier n'est pas valide. Seuls les fichiers CSV sont acceptés."),
    ).toBeInTheDocument();
    await app.user.upload(input, csv());
    expect(await screen.findByText('Colonnes manquantes : date_naissance.')).toBeInTheDocument();
  });

  it('says when the creation was refused (all or nothing)', async () => {
    const app = open({
      'POST /company/identities/parse_file': { body: PREVIEW },
      'POST /company/identities/bulk': validationError([
        { attr: 'identities.0.serial', code: 'IDENTITY_EXISTS' },
      ]),
    });
    await app.user.upload(await screen.findByLabelText('Fichier des identités (CSV)'), csv());
    await app.user.click(await screen.findByRole('button', { name: 'Créer 2 identités' }));
    expect(await screen.findByText('Cette identité existe déjà (même matricule).')).toBeInTheDocument();
  });

  it('offers the template to download', async () => {
    open();
    const link = await screen.findByRole('link', { name: 'Télécharger le modèle' });
    expect(link).toHaveAttribute('download', 'modele-identites.csv');
    expect(decodeURIComponent(link.getAttribute('href')!)).toContain('matricule;date_naissance');
  });
});

describe('identities: the list', () => {
  it('shows the used flag and the linked employee, searches and filters', async () => {
    const app = open({
      'GET /company/identities': page([
        identity(),
        identity({
          id: 2,
          serial: 'M002',
          is_used: true,
          employee: { id: 77, first_name: 'Salma', last_name: 'Bennani' },
        }),
      ]),
    });
    const table = await screen.findByRole('table', { name: 'Identités enregistrées' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('M00115/03/1990Disponible—10/01/2026');
    expect(second).toHaveTextContent('M002');
    expect(within(second!).getByText('Utilisée')).toBeInTheDocument();
    expect(within(second!).getByRole('link', { name: 'Salma Bennani' })).toHaveAttribute(
      'href',
      '/rh/employees/77',
    );
    // A used identity cannot be deleted.
    expect(within(second!).queryByRole('button')).not.toBeInTheDocument();

    await app.user.type(screen.getByLabelText('Rechercher un matricule'), 'M00');
    await app.user.selectOptions(screen.getByLabelText('État'), 'Utilisées');
    await waitFor(() => {
      const last = app.api.requestsTo('GET /company/identities').at(-1)!;
      expect(Object.fromEntries(last.query)).toEqual({
        search: 'M00',
        is_used: 'true',
        limit: '2',
        offset: '0',
      });
    });
  });

  it('pages with the company page size', async () => {
    const app = open({
      'GET /company/identities': (request) =>
        request.query.get('offset') === '2'
          ? page([identity({ id: 3, serial: 'M003' })], 3)
          : page([identity(), identity({ id: 2, serial: 'M002' })], 3),
    });
    expect(await screen.findByText('1–2 sur 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Précédent' })).toBeDisabled();
    await app.user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText('3–3 sur 3')).toBeInTheDocument();
    expect(within(listTable()).getByText('M003')).toBeInTheDocument();
  });

  it('deletes an unused identity after confirmation', async () => {
    const app = open({
      'GET /company/identities': sequence(page([identity()]), page([])),
      'DELETE /company/identities/1': { status: 204 },
    });
    await app.user.click(
      within(await findListTable()).getByRole('button', { name: "Supprimer l'identité M001" }),
    );
    const dialog = await screen.findByRole('dialog', { name: "Supprimer l'identité ?" });
    expect(dialog).toHaveTextContent('M001');
    expect(app.api.requestsTo('DELETE /company/identities/1')).toHaveLength(0);
    await app.user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText("L'identité M001 a été supprimée.")).toBeInTheDocument();
    expect(app.api.requestsTo('DELETE /company/identities/1')).toHaveLength(1);
    expect(await screen.findByText('Aucune identité pour le moment')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the dialog open with the reason when the deletion is refused', async () => {
    const app = open({
      'GET /company/identities': page([identity()]),
      'DELETE /company/identities/1': apiError(400, 'IDENTITY_USED'),
    });
    await app.user.click(
      within(await findListTable()).getByRole('button', { name: "Supprimer l'identité M001" }),
    );
    const dialog = await screen.findByRole('dialog');
    await app.user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(
      await within(dialog).findByText('Cette identité a déjà servi à créer un compte.'),
    ).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows an error with a retry when the list fails', async () => {
    const app = open({ 'GET /company/identities': sequence(apiError(500, 'error'), page([identity()])) });
    expect(await screen.findByText('Impossible de charger les identités')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(within(await findListTable()).getByText('M001')).toBeInTheDocument();
  });

  it('shows each identity as a card on phones, with its delete button', async () => {
    open({ 'GET /company/identities': page([identity()]) });
    const cards = await screen.findByRole('list', { name: 'Identités enregistrées' });
    const [card] = within(cards).getAllByRole('listitem');
    expect(card).toHaveTextContent('M001');
    expect(card).toHaveTextContent('15/03/1990');
    expect(within(card!).getByRole('button', { name: "Supprimer l'identité M001" })).toBeInTheDocument();
  });
});

describe('identities: access', () => {
  it('is in the HR menu', async () => {
    open();
    const nav = await screen.findAllByRole('navigation', { name: 'Navigation gestion' });
    expect(within(nav[0]!).getByRole('link', { name: 'Identités' })).toHaveAttribute(
      'href',
      '/rh/identities',
    );
    expect(within(nav[0]!).getByRole('link', { name: 'Invitations' })).toHaveAttribute(
      'href',
      '/rh/invitations',
    );
  });

  it('sends an employee without an HR role home', async () => {
    const app = renderApp('/rh/identities', { handlers: sessionHandlers() });
    await screen.findByRole('heading', { name: 'Bonjour Salma' });
    expect(app.pathname()).toBe('/');
  });
});
