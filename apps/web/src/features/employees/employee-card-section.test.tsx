import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';
import { groupOptionsHandler, makeEmployeeDetail } from './testing/make-employee.ts';

const emptyPage = { body: { count: 0, next: null, previous: null, results: [] } };

async function open(card: unknown, extra = {}) {
  signIn();
  const employee = makeEmployeeDetail();
  const app = renderApp(`/rh/employees/${employee.id}`, {
    handlers: {
      ...sessionHandlers({ account: { roles: ['RH'], phone: '+212600000001' } }),
      'GET /groups': groupOptionsHandler,
      [`GET /employees/${employee.id}/audit`]: emptyPage,
      [`GET /employees/${employee.id}`]: { body: employee },
      [`GET /employees/${employee.id}/card`]: { body: { card } },
      ...extra,
    },
  });
  const section = await screen.findByRole('region', { name: 'Carte prépayée' });
  return { app, employee, section };
}

describe('HR: the employee’s prepaid card', () => {
  it('without a card, sends the card-order link', async () => {
    const { app, employee, section } = await open(null);
    expect(await within(section).findByText('Aucune carte.')).toBeInTheDocument();
    app.api.on(`POST /employees/${employee.id}/card/onboarding_link`, {
      body: {
        employee: employee.id,
        sent: true,
        channels: ['sms'],
        reason: null,
        expires: '2026-11-27T10:00:00+00:00',
      },
    });
    await app.user.click(within(section).getByRole('button', { name: 'Envoyer le lien de commande' }));
    // Nothing leaves before HR confirms; « Annuler » sends nothing.
    let dialog = await screen.findByRole('dialog', { name: 'Envoyer le lien de commande ?' });
    expect(dialog).toHaveTextContent(/cessera de fonctionner/);
    await app.user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(app.api.requestsTo(`POST /employees/${employee.id}/card/onboarding_link`)).toHaveLength(0);
    await app.user.click(within(section).getByRole('button', { name: 'Envoyer le lien de commande' }));
    dialog = await screen.findByRole('dialog', { name: 'Envoyer le lien de commande ?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Envoyer le lien' }));
    expect(await within(section).findByText('Lien de commande envoyé (SMS).')).toBeInTheDocument();
    expect(app.api.requestsTo(`POST /employees/${employee.id}/card/onboarding_link`)).toHaveLength(1);
  });

  it('with an active card: its status, last digits, the signed contract and the CIN photos', async () => {
    const { section } = await open({
      id: 4,
      status: 'active',
      status_label: 'Active',
      last4: '4821',
      ordered: '2026-11-20T10:00:00+00:00',
      contract_signed: '2026-11-21T09:30:00+00:00',
      has_signed_contract: true,
      order_id: 9,
      has_cin_images: true,
    });
    expect(await within(section).findByText('Active')).toBeInTheDocument();
    expect(within(section).getByText(/•••• 4821/)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Contrat signé' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'CIN recto' })).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Envoyer le lien de commande' })).toBeNull();
  });

  it('says when the signed contract could not be downloaded, and saves nothing', async () => {
    const createObjectURL = vi.fn(() => 'blob:contrat');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { app, employee, section } = await open({
      id: 4,
      status: 'active',
      status_label: 'Active',
      last4: '4821',
      ordered: '2026-11-20T10:00:00+00:00',
      contract_signed: '2026-11-21T09:30:00+00:00',
      has_signed_contract: true,
      order_id: 9,
      has_cin_images: false,
    });
    app.api.on(`GET /employees/${employee.id}/card/signed_contract`, {
      status: 404,
      body: {
        type: 'client_error',
        errors: [{ code: 'CONTRACT_NOT_SIGNED', detail: 'Le contrat n’a pas encore été signé.', attr: null }],
      },
    });
    await app.user.click(await within(section).findByRole('button', { name: 'Contrat signé' }));
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent(/contrat/i);
    expect(within(section).queryByText(/téléchargé/)).toBeNull();
    expect(createObjectURL).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
