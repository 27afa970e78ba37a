import type { TMyPayslip } from '@tasbiq/contracts/payslips';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sequence } from '../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';
import { currentMonth } from '../../lib/dates/casablanca-month.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const mine = (id: number, month: number, received: string | null = null): TMyPayslip => ({
  id,
  month,
  year: currentMonth().year,
  approved: true,
  file_name: `Fiche-de-paie-${currentMonth().year}-${String(month).padStart(2, '0')}-Bennani-Salma.pdf`,
  received_at: received,
  published_at: '2026-11-24T09:00:00.000+00:00',
  figures: { gross: '8000.00', net: '7205.36', cnss: null, amo: null, ir: null },
});
const page = (results: TMyPayslip[]) => ({
  body: { count: results.length, next: null, previous: null, results },
});

describe('/fiches', () => {
  it('lists the year’s slips newest first, downloads one under its name and confirms receipt', async () => {
    signIn();
    const created: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:fiche');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      created.push(this.download);
    });
    const app = renderApp('/fiches', {
      handlers: {
        ...sessionHandlers(),
        'GET /fiches': sequence(
          page([mine(1, 10, '2026-11-02T10:00:00.000+00:00'), mine(2, 11)]),
          page([mine(1, 10, '2026-11-02T10:00:00.000+00:00'), mine(2, 11, '2026-11-24T10:00:00.000+00:00')]),
        ),
        'GET /fiches/2/download': { body: '%PDF-1.7' },
        'GET /fiches/2/confirm': { body: mine(2, 11, '2026-11-24T10:00:00.000+00:00') },
      },
    });
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual([
      `Novembre ${currentMonth().year}`,
      `Octobre ${currentMonth().year}`,
    ]);
    expect(app.api.requestsTo('GET /fiches')[0]!.query.get('mine')).toBe('true');
    expect(screen.getAllByText(/Net à payer 7/)).toHaveLength(2);

    await app.user.click(
      screen.getByRole('button', {
        name: new RegExp(`^Télécharger\\s*la fiche de Novembre ${currentMonth().year}$`),
      }),
    );
    await waitFor(() => expect(created).toEqual([mine(2, 11).file_name]));

    await app.user.click(
      screen.getByRole('button', {
        name: new RegExp(`^J'ai reçu ma fiche\\s*de Novembre ${currentMonth().year}$`),
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /J'ai reçu ma fiche/ })).not.toBeInTheDocument(),
    );
    expect(app.api.requestsTo('GET /fiches/2/confirm')).toHaveLength(1);
  });

  it('says when no slip is published yet', async () => {
    signIn();
    renderApp('/fiches', { handlers: { ...sessionHandlers(), 'GET /fiches': page([]) } });
    expect(
      await screen.findByText(`Aucune fiche de paie publiée pour ${currentMonth().year}.`),
    ).toBeInTheDocument();
  });
});
