import type { TPayslip } from '@tasbiq/contracts/payslips';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FakeHandler } from '../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';
import { MONTHS_FR } from '../../lib/format/month-names.ts';

function slip(id: number): TPayslip {
  return {
    id,
    job: 7,
    employee: { id: 10 + id, first_name: 'Salma', last_name: `Bennani ${id}`, serial: `M${id}` },
    cin: `BE00${id}`,
    read: { cin: `BE00${id}`, matricule: `M${id}`, name: null },
    match: 'cin_matricule',
    confidence: 100,
    unmatched_reason: null,
    month: 3,
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
    created: '2026-03-24T09:00:05.000+00:00',
  };
}

/** 25 slips, 20 a page: the list has a second page. */
const slipsHandler: FakeHandler = (request) => {
  const all = Array.from({ length: 25 }, (_, i) => slip(i + 1));
  const offset = Number(request.query.get('offset') ?? 0);
  return { body: { count: all.length, next: null, previous: null, results: all.slice(offset, offset + 20) } };
};

function open(path: string) {
  signIn();
  return renderApp(path, {
    handlers: { ...sessionHandlers({ account: { roles: ['RH'] } }), 'GET /fiches': slipsHandler },
  });
}

describe('/rh/fiches filters (issue 12)', () => {
  it('reads the month, state, search and page from the address', async () => {
    const app = open('/rh/fiches?month=3&year=2026&approved=false&search=bennani&offset=20');
    await screen.findByText('Salma Bennani 21');
    const query = app.api.requestsTo('GET /fiches').at(-1)!.query;
    expect(Object.fromEntries(query)).toMatchObject({
      month: '3',
      year: '2026',
      approved: 'false',
      search: 'bennani',
      offset: '20',
    });
    expect(screen.getByLabelText('Mois')).toHaveValue('3');
    expect(screen.getByLabelText('État')).toHaveValue('false');
    expect(screen.getByLabelText('Rechercher un salarié')).toHaveValue('bennani');
  });

  it('writes every change into the address; a new filter goes back to page 1', async () => {
    const app = open('/rh/fiches?month=3&year=2026');
    await screen.findByText('Salma Bennani 1');
    await app.user.click(screen.getByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(app.router.state.location.search).toBe('?month=3&year=2026&offset=20'));
    await app.user.selectOptions(screen.getByLabelText('État'), 'Publiées');
    await waitFor(() => expect(app.router.state.location.search).toBe('?month=3&year=2026&approved=true'));
    await app.user.selectOptions(screen.getByLabelText('Mois'), MONTHS_FR[1]!);
    await waitFor(() => expect(app.router.state.location.search).toBe('?month=2&year=2026&approved=true'));
    await app.user.type(screen.getByLabelText('Rechercher un salarié'), 'salma');
    await waitFor(() =>
      expect(app.router.state.location.search).toBe('?month=2&year=2026&approved=true&search=salma'),
    );
    await waitFor(() =>
      expect(Object.fromEntries(app.api.requestsTo('GET /fiches').at(-1)!.query)).toMatchObject({
        month: '2',
        approved: 'true',
        search: 'salma',
      }),
    );
  });
});
