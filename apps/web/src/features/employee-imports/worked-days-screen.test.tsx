import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';
import { currentMonth } from '../../lib/dates/casablanca-month.ts';
import { installFakeXhr } from './testing/fake-xhr.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openWorkedDays() {
  signIn();
  const xhr = installFakeXhr();
  const app = renderApp('/rh/employees/worked-days', {
    handlers: sessionHandlers({ account: { roles: ['RH'] } }),
  });
  await screen.findByRole('heading', { level: 1, name: 'Jours travaillés' });
  return { ...app, xhr };
}

const file = new File(['matricule;jours\r\nM1;22\r\n'], 'jours-mars.csv', { type: 'text/csv' });

describe('/rh/employees/worked-days', () => {
  it('sends the file for the chosen month and says how many employees were updated', async () => {
    const app = await openWorkedDays();
    const now = currentMonth();
    expect(screen.getByLabelText('Mois')).toHaveValue(String(now.month));
    expect(screen.getByLabelText('Année')).toHaveValue(String(now.year));

    await app.user.selectOptions(screen.getByLabelText('Mois'), 'Mars');
    await app.user.selectOptions(screen.getByLabelText('Année'), String(now.year - 1));
    await app.user.upload(screen.getByLabelText('Fichier CSV des jours travaillés'), file);
    await app.user.click(screen.getByRole('button', { name: 'Envoyer' }));

    const upload = await app.xhr.nextUpload(0);
    expect(upload.url).toBe('/api/employees/wd/');
    expect((upload.body.get('file') as File).name).toBe('jours-mars.csv');
    expect(upload.body.get('month')).toBe('3');
    expect(upload.body.get('year')).toBe(String(now.year - 1));
    act(() => upload.progress(1, 4));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    act(() =>
      upload.respond(200, { updated: 2, month: 3, year: now.year - 1, ignored_columns: [], skipped: [] }),
    );
    expect(await screen.findByText(`2 salariés mis à jour pour mars ${now.year - 1}.`)).toBeInTheDocument();
    expect(screen.queryByText('Lignes non enregistrées')).not.toBeInTheDocument();
  });

  it('lists the rows the uploader may not set (their own, a DRH for an RH)', async () => {
    const app = await openWorkedDays();
    await app.user.upload(screen.getByLabelText('Fichier CSV des jours travaillés'), file);
    await app.user.click(screen.getByRole('button', { name: 'Envoyer' }));
    const upload = await app.xhr.nextUpload(0);
    const now = currentMonth();
    act(() =>
      upload.respond(200, {
        updated: 1,
        month: now.month,
        year: now.year,
        ignored_columns: [],
        skipped: [
          { row: 2, column: 'matricule', code: 'SELF_EDIT_FORBIDDEN', detail: 'Votre propre ligne.' },
        ],
      }),
    );
    expect(await screen.findByText('Lignes non enregistrées')).toBeInTheDocument();
    expect(screen.getByText('Ligne 2 : Votre propre ligne.')).toBeInTheDocument();
  });

  it('shows the lines to fix with the column names of the worked-days file', async () => {
    const app = await openWorkedDays();
    await app.user.upload(screen.getByLabelText('Fichier CSV des jours travaillés'), file);
    await app.user.click(screen.getByRole('button', { name: 'Envoyer' }));
    act(() =>
      app.xhr.uploads[0]!.respond(400, {
        type: 'validation_error',
        errors: [{ code: 'UPLOAD_WD_FAILED', detail: 'x', attr: null }],
        report: {
          total_rows: 5,
          total_lines: 6,
          error_rows: 1,
          error_count: 1,
          errors: [{ row: 4, column: 'jours_travailles', code: 'max_value', detail: 'Au plus 31.' }],
        },
      }),
    );
    const table = await screen.findByRole('table');
    expect(screen.getByRole('heading', { name: '1 ligne en erreur sur 6' })).toBeInTheDocument();
    const [, row] = within(table).getAllByRole('row');
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['4', 'Jours travaillés', 'Au plus 31.']);
  });
});
