import type { TChangeRequest } from '@tasbiq/contracts/change-requests';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeHandler } from '../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';
import { makeChangeRequest, NEW_RIB, page } from './test-data.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The signed-in account is id 1 (makeAccount); requests are asked by id 1 (own) or 2 (someone else). */
const bySomeoneElse = { id: 2, name: 'Nadia Rh' };

function listHandler(requests: () => TChangeRequest[]): FakeHandler {
  return (request) => {
    const status = request.query.get('status');
    return { body: page(requests().filter((r) => !status || r.status === status)) };
  };
}

async function openScreen(
  roles: string[],
  requests: TChangeRequest[],
  extra: Record<string, FakeHandler> = {},
) {
  signIn();
  let current = requests;
  const app = renderApp('/rh/change-requests', {
    handlers: {
      ...sessionHandlers({ account: { roles } }),
      'GET /change_requests': listHandler(() => current),
      ...Object.fromEntries(
        requests.map((r) => [
          `GET /change_requests/${r.id}`,
          () => ({ body: current.find((c) => c.id === r.id) }),
        ]),
      ),
      ...extra,
    },
  });
  await screen.findByRole('heading', { name: 'Demandes de modification' });
  return {
    ...app,
    setRequests: (next: TChangeRequest[]) => {
      current = next;
    },
  };
}

async function openDetails(user: { click: (el: Element) => Promise<void> }, name: RegExp) {
  await user.click(await screen.findByRole('button', { name }));
  return within(await screen.findByRole('dialog', { name: 'Demande de modification' }));
}

describe('/rh/change-requests', () => {
  it('lists pending requests; other tabs show the decided ones', async () => {
    const pending = makeChangeRequest({ requested_by: bySomeoneElse });
    const approved = makeChangeRequest({
      id: 8,
      field: 'cin',
      old_value: 'BE123456',
      new_value: 'BE654321',
      status: 'approved',
      decided_by: { id: 3, name: 'Hicham Drh' },
      decided_at: '2026-03-13T09:00:00Z',
    });
    const app = await openScreen(['RH'], [pending, approved]);
    const panel = within(await screen.findByRole('tabpanel', { name: 'En attente' }));
    expect(await panel.findByRole('button', { name: /Karim Bennani : RIB/ })).toBeInTheDocument();
    expect(panel.queryByRole('button', { name: /Karim Bennani : CIN/ })).not.toBeInTheDocument();
    expect(app.api.requestsTo('GET /change_requests')[0]!.query.get('status')).toBe('pending');

    await app.user.click(screen.getByRole('tab', { name: 'Approuvées' }));
    const approvedPanel = within(await screen.findByRole('tabpanel', { name: 'Approuvées' }));
    expect(await approvedPanel.findByRole('button', { name: /Karim Bennani : CIN/ })).toBeInTheDocument();
    expect(approvedPanel.getByText('BE654321')).toBeInTheDocument();

    await app.user.click(screen.getByRole('tab', { name: 'Refusées' }));
    expect(await screen.findByText('Aucune demande refusée.')).toBeInTheDocument();
  });

  it('a DRH approves after confirming: the old → new value, documents and audit are shown', async () => {
    const request = makeChangeRequest({
      requested_by: bySomeoneElse,
      // Casablanca is UTC+1 outside Ramadan.
      created: '2026-04-12T10:05:00Z',
      attachments: [
        {
          id: 5,
          file_name: 'attestation-rib-banque-populaire.pdf',
          content_type: 'application/pdf',
          size: 250_000,
          created: '2026-03-12T10:05:00Z',
        },
      ],
    });
    const approved = {
      ...request,
      status: 'approved' as const,
      decided_by: { id: 1, name: 'Salma Alaoui' },
      decided_at: '2026-03-13T08:00:00Z',
    };
    const app = await openScreen(['DRH'], [request]);
    app.api.on(`POST /change_requests/${request.id}/approve`, () => {
      app.setRequests([approved]);
      return { body: approved };
    });

    const dialog = await openDetails(app.user, /Karim Bennani : RIB/);
    expect(dialog.getByText('Changement de banque')).toBeInTheDocument();
    expect(
      dialog.getByText(
        `${NEW_RIB.slice(0, 3)} ${NEW_RIB.slice(3, 6)} ${NEW_RIB.slice(6, 22)} ${NEW_RIB.slice(22)}`,
      ),
    ).toBeInTheDocument();
    expect(dialog.getByTitle('attestation-rib-banque-populaire.pdf')).toHaveTextContent(
      'attestation-rib….pdf (244 Ko)',
    );
    expect(dialog.getByText(/Demandée par/)).toHaveTextContent('Demandée par Nadia Rh le 12/04/2026 11:05');
    expect(dialog.getByText("En attente de la décision d'un DRH.")).toBeInTheDocument();

    await app.user.click(dialog.getByRole('button', { name: 'Approuver' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Approuver la demande ?' }));
    expect(confirm.getByText(/deviendra/)).toHaveTextContent('RIB de Karim Bennani deviendra');
    await app.user.type(confirm.getByLabelText('Commentaire (facultatif)'), 'Lettre de la banque vue');
    await app.user.click(confirm.getByRole('button', { name: 'Approuver' }));

    expect(
      await screen.findByText(/Demande approuvée : la modification « RIB » de Karim Bennani est appliquée/),
    ).toBeInTheDocument();
    expect(app.api.requestsTo(`POST /change_requests/${request.id}/approve`)[0]!.body).toEqual({
      comment: 'Lettre de la banque vue',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Aucune demande en attente.')).toBeInTheDocument());
  });

  it('a refusal needs a reason', async () => {
    const request = makeChangeRequest({ requested_by: bySomeoneElse });
    const app = await openScreen(['DRH'], [request], {
      [`POST /change_requests/${request.id}/refuse`]: {
        body: { ...request, status: 'refused', decision_comment: 'Pièce illisible' },
      },
    });
    const dialog = await openDetails(app.user, /Karim Bennani : RIB/);
    await app.user.click(dialog.getByRole('button', { name: 'Refuser' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Refuser la demande ?' }));
    await app.user.click(confirm.getByRole('button', { name: 'Refuser' }));
    expect(await confirm.findByText('le champ "Motif du refus" est obligatoire')).toBeInTheDocument();
    expect(app.api.requestsTo(`POST /change_requests/${request.id}/refuse`)).toHaveLength(0);

    await app.user.type(confirm.getByLabelText(/Motif du refus/), 'Pièce illisible');
    await app.user.click(confirm.getByRole('button', { name: 'Refuser' }));
    expect(await screen.findByText('Demande refusée.')).toBeInTheDocument();
    expect(app.api.requestsTo(`POST /change_requests/${request.id}/refuse`)[0]!.body).toEqual({
      comment: 'Pièce illisible',
    });
  });

  it('cancelling the confirmation goes back to the details', async () => {
    const request = makeChangeRequest({ requested_by: bySomeoneElse });
    const app = await openScreen(['DRH'], [request]);
    const dialog = await openDetails(app.user, /Karim Bennani : RIB/);
    await app.user.click(dialog.getByRole('button', { name: 'Approuver' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Approuver la demande ?' }));
    await app.user.click(confirm.getByRole('button', { name: 'Annuler' }));
    expect(await screen.findByRole('dialog', { name: 'Demande de modification' })).toBeInTheDocument();
    expect(app.api.requestsTo(`POST /change_requests/${request.id}/approve`)).toHaveLength(0);
  });

  it('shows the API refusal (already decided) in the confirmation', async () => {
    const request = makeChangeRequest({ requested_by: bySomeoneElse });
    const app = await openScreen(['DRH'], [request], {
      [`POST /change_requests/${request.id}/approve`]: apiError(400, 'CHANGE_REQUEST_NOT_PENDING'),
    });
    const dialog = await openDetails(app.user, /Karim Bennani : RIB/);
    await app.user.click(dialog.getByRole('button', { name: 'Approuver' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Approuver la demande ?' }));
    await app.user.click(confirm.getByRole('button', { name: 'Approuver' }));
    expect(
      await confirm.findByText("Cette demande n'est plus en attente : elle a déjà été traitée."),
    ).toBeInTheDocument();
  });

  it('an RH sees the request but cannot decide', async () => {
    const app = await openScreen(['RH'], [makeChangeRequest({ requested_by: bySomeoneElse })]);
    const dialog = await openDetails(app.user, /Karim Bennani : RIB/);
    expect(dialog.getByText('Changement de banque')).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Approuver' })).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Refuser' })).not.toBeInTheDocument();
  });

  it('a DRH cannot decide their own request', async () => {
    const app = await openScreen(
      ['DRH'],
      [makeChangeRequest({ requested_by: { id: 1, name: 'Salma Alaoui' } })],
    );
    const dialog = await openDetails(app.user, /Karim Bennani : RIB/);
    expect(dialog.getByText('Une autre personne doit valider cette demande.')).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Approuver' })).not.toBeInTheDocument();
  });

  it('downloads an attachment with the session, under its own name', async () => {
    const request = makeChangeRequest({
      requested_by: bySomeoneElse,
      attachments: [
        {
          id: 5,
          file_name: 'rib.pdf',
          content_type: 'application/pdf',
          size: 9,
          created: '2026-03-12T10:05:00Z',
        },
      ],
    });
    const app = await openScreen(['RH'], [request], {
      [`GET /change_requests/${request.id}/attachments/5`]: { body: '%PDF-1.4' },
    });
    const createObjectURL = vi.fn(() => 'blob:rib');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const dialog = await openDetails(app.user, /Karim Bennani : RIB/);
    await app.user.click(dialog.getByRole('button', { name: 'Télécharger rib.pdf' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const link = click.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(link.download).toBe('rib.pdf');
    expect(link.href).toBe('blob:rib');
    expect(
      app.api.requestsTo(`GET /change_requests/${request.id}/attachments/5`)[0]!.headers.get('Authorization'),
    ).toBe('Bearer access-token');
    click.mockRestore();
  });

  it('is in the HR menu', async () => {
    await openScreen(['RH'], []);
    expect(await screen.findByText('Aucune demande en attente.')).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Navigation gestion' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Demandes de modification' })).toHaveAttribute(
      'href',
      '/rh/change-requests',
    );
    expect(within(nav).getByRole('link', { name: 'Groupes' })).toHaveAttribute('href', '/rh/groups');
  });
});
