import type { TPayslip, TPayslipJob } from '@tasbiq/contracts/payslips';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeHandler, sequence } from '../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function job(overrides: Partial<TPayslipJob> = {}): TPayslipJob {
  return {
    id: 7,
    created_by: { id: 1, first_name: 'Nadia', last_name: 'Chraibi' },
    file_name: 'paie-novembre-2026.pdf',
    status: 'finished',
    finished: true,
    pages_total: 4,
    pages_read: 4,
    found: 3,
    matched: 2,
    unmatched: 1,
    approved: 0,
    confirmed: false,
    replaced: 0,
    already_approved: 0,
    error: null,
    created: '2026-11-24T09:00:00.000+00:00',
    finished_at: '2026-11-24T09:00:05.000+00:00',
    ...overrides,
  };
}

function slip(id: number, overrides: Partial<TPayslip> = {}): TPayslip {
  return {
    id,
    job: 7,
    employee: { id: 10 + id, first_name: 'Salma', last_name: `Bennani ${id}`, serial: `M${id}` },
    cin: `BE00${id}`,
    read: { cin: `BE00${id}`, matricule: `M${id}`, name: null },
    match: 'cin_matricule',
    confidence: 100,
    unmatched_reason: null,
    month: 11,
    year: 2026,
    first_page: id,
    pages: 1,
    scanned: false,
    status: 'pending',
    approved: false,
    approved_at: null,
    approved_by: null,
    received_at: null,
    figures: { gross: '8000.00', net: '7205.36', cnss: '268.80', amo: '180.80', ir: '345.04' },
    created: '2026-11-24T09:00:05.000+00:00',
    ...overrides,
  };
}

const unmatched = slip(3, {
  employee: null,
  cin: 'ZZ999999',
  read: { cin: 'ZZ999999', matricule: null, name: null },
  match: null,
  confidence: 0,
  unmatched_reason: 'unknown_identity',
  status: 'unmatched',
});
const page = (results: TPayslip[]) => ({
  body: { count: results.length, next: null, previous: null, results },
});

function openJob(handlers: Record<string, FakeHandler>) {
  signIn();
  return renderApp('/rh/fiches/jobs/7', {
    handlers: { ...sessionHandlers({ account: { roles: ['RH'] } }), ...handlers },
  });
}

describe('/rh/fiches/jobs/:id', () => {
  it('shows the live progress of a job still reading, then its slips when it has finished', async () => {
    openJob({
      'GET /fiches/jobs/7': sequence(
        {
          body: job({
            status: 'in_progress',
            finished: false,
            pages_read: 1,
            found: 1,
            matched: 1,
            unmatched: 0,
          }),
        },
        { body: job() },
      ),
      'GET /fiches/jobs/7/fiches': sequence(page([slip(1)]), page([slip(1), slip(2), unmatched])),
    });
    const bar = await screen.findByRole('progressbar', { name: 'Pages lues' });
    expect(bar).toHaveAttribute('aria-valuenow', '1');
    expect(screen.getByText('Lecture du fichier en cours…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publier toutes les fiches' })).toBeDisabled();
    // Polled every second until the job says it has finished.
    expect(await screen.findByText('Extraction terminée', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '4');
    const list = await screen.findByRole('list', { name: "Fiches de l'extraction" });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getByText('Salarié non trouvé')).toBeInTheDocument();
    expect(within(list).getByText(/Aucun salarié de la société ne porte ce CIN/)).toBeInTheDocument();
  });

  it('publishes the whole job after a confirmation and says what was skipped', async () => {
    const app = openJob({
      'GET /fiches/jobs/7': { body: job() },
      'GET /fiches/jobs/7/fiches': page([slip(1), slip(2), unmatched]),
      'POST /fiches/jobs/7/confirm': {
        body: {
          approved: 1,
          skipped: [
            {
              fiche: 2,
              code: 'FICHE_ABOUT_SELF',
              detail:
                'Vous ne pouvez pas publier votre propre fiche de paie : un autre membre RH doit le faire.',
            },
          ],
        },
      },
    });
    await app.user.click(await screen.findByRole('button', { name: 'Publier toutes les fiches' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publier les fiches de cette extraction ?' });
    expect(dialog).toHaveTextContent('2 fiches rattachées seront publiées');
    expect(app.api.requestsTo('POST /fiches/jobs/7/confirm')).toHaveLength(0);
    await app.user.click(within(dialog).getByRole('button', { name: 'Publier' }));
    expect(await screen.findByText('1 fiche publiée.')).toBeInTheDocument();
    expect(screen.getByText(/votre propre fiche de paie/)).toBeInTheDocument();
    expect(app.api.requestsTo('POST /fiches/jobs/7/confirm')[0]!.body).toEqual({ approve: true });
  });

  it('discards a slip only after a confirmation', async () => {
    const app = openJob({
      'GET /fiches/jobs/7': { body: job() },
      'GET /fiches/jobs/7/fiches': page([slip(1), unmatched]),
      'POST /fiches/3/approve': { body: { ...unmatched, status: 'discarded' } },
    });
    await app.user.click(await screen.findByRole('button', { name: /^Écarter\s*la fiche page 3$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Écarter cette fiche ?' });
    expect(dialog).toHaveTextContent('La fiche page 3, rattachée à personne, ne sera pas publiée');
    await app.user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.api.requestsTo('POST /fiches/3/approve')).toHaveLength(0);

    await app.user.click(screen.getByRole('button', { name: /^Écarter\s*la fiche page 3$/ }));
    const again = await screen.findByRole('dialog', { name: 'Écarter cette fiche ?' });
    await app.user.click(within(again).getByRole('button', { name: 'Écarter' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.api.requestsTo('POST /fiches/3/approve')[0]!.body).toEqual({ approve: false });
  });

  it('matches an unmatched slip by hand to an employee found by search', async () => {
    const app = openJob({
      'GET /fiches/jobs/7': { body: job() },
      'GET /fiches/jobs/7/fiches': page([slip(1), unmatched]),
      'GET /employees': {
        body: {
          count: 1,
          next: null,
          previous: null,
          results: [{ id: 42, first_name: 'Omar', last_name: 'Berrada', serial: 'M42', cin: 'AB42' }],
        },
      },
      'POST /fiches/3/match': {
        body: {
          ...unmatched,
          employee: { id: 42, first_name: 'Omar', last_name: 'Berrada', serial: 'M42' },
          status: 'pending',
          match: 'manual',
        },
      },
    });
    await app.user.click(await screen.findByRole('button', { name: /^Rattacher\s*la fiche page 3$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Rattacher la fiche à un salarié' });
    expect(dialog).toHaveTextContent('lu sur la fiche : CIN ZZ999999');
    await app.user.type(within(dialog).getByLabelText('Rechercher un salarié'), 'Berrada');
    await app.user.click(await within(dialog).findByRole('button', { name: /^Rattacher\s*à Omar Berrada$/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.api.requestsTo('POST /fiches/3/match')[0]!.body).toEqual({ employee: 42 });
  });
});
