import type { TImportFailedBody } from '@tasbiq/contracts/employee-imports';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, sequence } from '../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';
import { installFakeXhr } from './testing/fake-xhr.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const csv = (name = 'salaries.csv') =>
  new File(['nom;prenom;cin\r\nAlaoui;Sara;BE123456\r\n'], name, { type: 'text/csv' });

const refused: TImportFailedBody = {
  type: 'validation_error',
  errors: [{ code: 'BULK_UPLOAD_FAILED', detail: 'refusé', attr: null }],
  report: {
    total_rows: 3,
    total_lines: 4,
    error_rows: 2,
    error_count: 3,
    errors: [
      {
        row: 3,
        column: 'cin',
        code: 'CIN_EXISTS',
        detail: 'Ce numéro de CIN est déjà utilisé. (« BE123456 »)',
      },
      {
        row: 3,
        column: 'telephone',
        code: 'INVALID_PHONE',
        detail: "Le numéro de téléphone n'est pas valide.",
      },
      { row: 4, column: 'date_naissance', code: 'INVALID_DATE_FORMAT', detail: 'Date 31/02/2026 invalide.' },
    ],
  },
};

async function openImport(extra = {}) {
  signIn();
  const xhr = installFakeXhr();
  const app = renderApp('/rh/employees/import', {
    handlers: { ...sessionHandlers({ account: { roles: ['RH'] } }), ...extra },
  });
  await screen.findByRole('heading', { level: 1, name: 'Importer des salariés' });
  return { ...app, xhr };
}

describe('/rh/employees/import', () => {
  it('uploads with a progress bar, then "Traitement…", then shows the row report to fix', async () => {
    const app = await openImport();
    await app.user.upload(screen.getByLabelText('Fichier CSV des salariés'), csv());
    expect(screen.getByText('salaries.csv')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Envoyer les invitations par SMS' })).toBeChecked();
    await app.user.click(screen.getByRole('button', { name: 'Importer' }));

    const upload = await app.xhr.nextUpload(0);
    expect(upload.method).toBe('POST');
    expect(upload.url).toBe('/api/employees/import/');
    expect(upload.headers.authorization).toBe('Bearer access-token');
    expect((upload.body.get('csvfile') as File).name).toBe('salaries.csv');
    expect(upload.body.get('send_sms')).toBe('true');

    act(() => upload.progress(50, 100));
    expect(screen.getByRole('progressbar', { name: 'Envoi du fichier' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(screen.getByText('50 %')).toBeInTheDocument();
    act(() => upload.uploaded());
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText(/Traitement…/)).toBeInTheDocument();

    act(() => upload.respond(400, refused));
    const report = await screen.findByRole('table', { name: 'Erreurs du fichier, ligne par ligne' });
    expect(screen.getByRole('heading', { name: '2 lignes en erreur sur 4' })).toBeInTheDocument();
    expect(screen.getByText(/Aucune ligne n'a été enregistrée/)).toBeInTheDocument();
    const rows = within(report).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['3', 'CIN', 'Ce numéro de CIN est déjà utilisé. (« BE123456 »)'],
      ['3', 'Téléphone', "Le numéro de téléphone n'est pas valide."],
      ['4', 'Date de naissance', 'Date 31/02/2026 invalide.'],
    ]);
    expect(screen.queryByText(/Traitement…/)).not.toBeInTheDocument();

    // Fixed, the file goes again: the report gives way to the success.
    await app.user.upload(screen.getByLabelText('Fichier CSV des salariés'), csv('salaries-corrige.csv'));
    await app.user.click(screen.getByRole('checkbox', { name: 'Envoyer les invitations par SMS' }));
    await app.user.click(screen.getByRole('button', { name: 'Importer' }));
    const second = await app.xhr.nextUpload(1);
    expect(second.body.get('send_sms')).toBe('false');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    act(() => second.respond(200, { created: 3, ignored_columns: ['Service'], invitations_queued: 0 }));
    expect(await screen.findByText('3 salariés importés.')).toBeInTheDocument();
    expect(screen.getByText('Colonnes ignorées : Service.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir la liste des salariés' })).toHaveAttribute(
      'href',
      '/rh/employees',
    );
  }, 15_000);

  it('says how many invitations leave by SMS', async () => {
    const app = await openImport();
    await app.user.upload(screen.getByLabelText('Fichier CSV des salariés'), csv());
    await app.user.click(screen.getByRole('button', { name: 'Importer' }));
    act(() => app.xhr.uploads[0]!.respond(200, { created: 1, ignored_columns: [], invitations_queued: 1 }));
    expect(await screen.findByText('1 salarié importé.')).toBeInTheDocument();
    expect(screen.getByText('Les invitations partent par SMS (1).')).toBeInTheDocument();
  });

  it('refuses a file that is not a CSV before sending it, and asks for a file when none is chosen', async () => {
    const app = await openImport();
    await app.user.click(screen.getByRole('button', { name: 'Importer' }));
    expect(screen.getByText('le champ "Fichier CSV des salariés" est obligatoire')).toBeInTheDocument();
    // user-event would drop the file for not matching `accept`; a drop or an "all files" picker would not.
    fireEvent.change(screen.getByLabelText('Fichier CSV des salariés'), {
      target: { files: [new File(['%PDF-1.4'], 'salaries.pdf', { type: 'application/pdf' })] },
    });
    expect(screen.getByText(/Seuls les fichiers CSV sont acceptés/)).toBeInTheDocument();
    expect(screen.getByLabelText('Fichier CSV des salariés')).toHaveAttribute('aria-invalid', 'true');
    await app.user.click(screen.getByRole('button', { name: 'Importer' }));
    expect(app.xhr.uploads).toHaveLength(0);
  });

  it('puts a file refused by the server (INVALID_FILE) under the file, other errors on top', async () => {
    const app = await openImport();
    await app.user.upload(screen.getByLabelText('Fichier CSV des salariés'), csv());
    await app.user.click(screen.getByRole('button', { name: 'Importer' }));
    act(() =>
      app.xhr.uploads[0]!.respond(400, {
        type: 'validation_error',
        errors: [{ code: 'INVALID_FILE', detail: 'x', attr: 'csvfile' }],
      }),
    );
    expect(await screen.findByText(/Seuls les fichiers CSV sont acceptés/)).toBeInTheDocument();

    await app.user.upload(screen.getByLabelText('Fichier CSV des salariés'), csv());
    await app.user.click(screen.getByRole('button', { name: 'Importer' }));
    act(() =>
      app.xhr.uploads[1]!.respond(403, {
        type: 'client_error',
        errors: [{ code: 'permission_denied', detail: 'x', attr: null }],
      }),
    );
    expect(
      await screen.findByText("Vous n'avez pas la permission d'effectuer cette action."),
    ).toBeInTheDocument();
  });

  it('renews an expired access token through the shared client and sends the file again', async () => {
    const app = await openImport({
      'POST /auth/token/refresh': { body: { access: 'new-access', refresh: 'new-refresh' } },
      'GET /auth/account': sequence(apiError(401, 'token_not_valid'), {
        body: { id: 1, roles: ['RH'] },
      }),
    });
    await app.user.upload(screen.getByLabelText('Fichier CSV des salariés'), csv());
    await app.user.click(screen.getByRole('button', { name: 'Importer' }));
    act(() =>
      app.xhr.uploads[0]!.respond(401, {
        type: 'client_error',
        errors: [{ code: 'token_not_valid', detail: 'x', attr: null }],
      }),
    );
    const retried = await app.xhr.nextUpload(1);
    expect(retried.headers.authorization).toBe('Bearer new-access');
    act(() => retried.respond(200, { created: 2, ignored_columns: [], invitations_queued: 2 }));
    expect(await screen.findByText('2 salariés importés.')).toBeInTheDocument();
  });

  it('downloads the template with the session token', async () => {
    const createObjectURL = vi.fn(() => 'blob:template');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const app = await openImport({ 'GET /employees/import/template': { body: 'matricule;nom' } });
    await app.user.click(screen.getByRole('button', { name: 'Télécharger le modèle (CSV)' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    const [request] = app.api.requestsTo('GET /employees/import/template');
    expect(request!.headers.get('Authorization')).toBe('Bearer access-token');
    expect(createObjectURL).toHaveBeenCalled();
  });

  it('is reached from the worked-days page, and back', async () => {
    const app = await openImport();
    await app.user.click(screen.getByRole('link', { name: 'Jours travaillés' }));
    expect(app.pathname()).toBe('/rh/employees/worked-days');
    await app.user.click(await screen.findByRole('link', { name: 'Importer des salariés' }));
    expect(app.pathname()).toBe('/rh/employees/import');
  });
});
