import type { TEmployeeDetail } from '@tasbiq/contracts/employees';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeHandler, validationError } from '../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';
import { groupOptionsHandler, makeEmployeeDetail } from './testing/make-employee.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const emptyPage = { body: { count: 0, next: null, previous: null, results: [] } };

async function openDetails(
  employee: TEmployeeDetail,
  extra: Record<string, FakeHandler> = {},
  roles: string[] = ['RH'],
) {
  signIn();
  let current = employee;
  const app = renderApp(`/rh/employees/${employee.id}`, {
    handlers: {
      ...sessionHandlers({ account: { roles, phone: '+212600000001' } }),
      'GET /groups': groupOptionsHandler,
      [`GET /employees/${employee.id}/audit`]: emptyPage,
      [`GET /employees/${employee.id}`]: () => ({ body: current }),
      [`PUT /employees/${employee.id}`]: (request) => {
        current = { ...current, ...(request.body as Partial<TEmployeeDetail>) };
        if ((request.body as { is_active?: boolean }).is_active === false) current.status = 'deactivated';
        if ((request.body as { is_active?: boolean }).is_active === true) current.status = 'activated';
        return { body: current };
      },
      ...extra,
    },
  });
  await screen.findByRole('heading', { level: 1, name: `${employee.first_name} ${employee.last_name}` });
  return app;
}

describe('/rh/employees/:id', () => {
  it('shows identity, status, pay, limits and the worked time of the month', async () => {
    await openDetails(
      makeEmployeeDetail({
        worked_time: { year: 2026, month: 3, worked_days: '21.50', worked_hours: '172.00' },
      }),
    );
    expect(screen.getByText('Activé')).toBeInTheDocument();
    const identity = within(screen.getByRole('region', { name: 'Identité' }));
    expect(identity.getByText('BE123456')).toBeInTheDocument();
    expect(identity.getByText('12/04/1990')).toBeInTheDocument();
    expect(identity.getByRole('link', { name: 'Demander une modification' })).toHaveAttribute(
      'href',
      '/rh/employees/7/update',
    );
    const limits = within(screen.getByRole('region', { name: 'Avances sur salaire' }));
    expect(limits.getByText('50 %')).toBeInTheDocument();
    expect(limits.getByText('3 avances')).toBeInTheDocument();
    expect(limits.getByText('4 000 DH')).toBeInTheDocument();
    expect(limits.getByText('Jour courant')).toBeInTheDocument();
    const worked = within(screen.getByRole('region', { name: 'Temps travaillé' }));
    expect(worked.getByText('mars 2026')).toBeInTheDocument();
    expect(worked.getByText('21,5')).toBeInTheDocument();
    expect(screen.getByText('Aucune avance pour le moment.')).toBeInTheDocument();
  });

  it('says "Non renseigné" for a net payable or hourly rate left empty, never "0 DH"', async () => {
    await openDetails(makeEmployeeDetail({ net_payable: '0.00', hourly_rate: '0.00' }));
    const pay = screen.getByRole('region', { name: 'Paie' });
    const shownFor = (label: string) => within(pay).getByText(label).nextElementSibling?.textContent;
    expect(shownFor('Net à payer')).toBe('Non renseigné');
    expect(shownFor('Taux horaire')).toBe('Non renseigné');
    expect(shownFor('Salaire mensuel')).toMatch(/^8\s500\sDH$/);
    expect(within(pay).queryByText(/^0\sDH$/)).not.toBeInTheDocument();
  });

  it('shows a net payable and an hourly rate that are set', async () => {
    await openDetails(makeEmployeeDetail());
    const pay = screen.getByRole('region', { name: 'Paie' });
    expect(within(pay).getByText('Net à payer').nextElementSibling?.textContent).toMatch(/^6\s800\sDH$/);
    expect(within(pay).getByText('Taux horaire').nextElementSibling?.textContent).toMatch(/^49\sDH$/);
  });

  it('deactivates after a confirmation, then offers to reactivate', async () => {
    const app = await openDetails(makeEmployeeDetail());
    await app.user.click(screen.getByRole('button', { name: 'Désactiver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Désactiver Youssef Amrani ?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(app.api.requestsTo('PUT /employees/7')).toHaveLength(0);

    await app.user.click(screen.getByRole('button', { name: 'Désactiver' }));
    const again = await screen.findByRole('dialog', { name: 'Désactiver Youssef Amrani ?' });
    await app.user.click(within(again).getByRole('button', { name: 'Désactiver' }));
    expect(await screen.findByText('Youssef Amrani a été désactivé.')).toBeInTheDocument();
    expect(app.api.requestsTo('PUT /employees/7')[0]!.body).toEqual({ is_active: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Désactivé')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Réactiver' })).toBeInTheDocument();
  });

  it('does not offer an RH to deactivate themselves', async () => {
    await openDetails(makeEmployeeDetail({ phone: '+212600000001' }));
    expect(screen.queryByRole('button', { name: 'Désactiver' })).not.toBeInTheDocument();
  });

  it('edits what HR may change, with server errors under the inputs', async () => {
    const app = await openDetails(makeEmployeeDetail(), {
      'PUT /employees/7': validationError([{ attr: 'phone', code: 'PHONE_EXISTS' }]),
    });
    await app.user.click(screen.getByRole('button', { name: 'Modifier' }));
    const edit = within(screen.getByRole('form', { name: 'Modifier le salarié' }));
    expect(edit.queryByLabelText(/CIN/)).not.toBeInTheDocument();
    const salary = edit.getByLabelText(/^Salaire mensuel/);
    expect(salary).toHaveValue('8500');
    await app.user.clear(salary);
    await app.user.type(salary, '9 000');
    await app.user.click(edit.getByRole('button', { name: 'Enregistrer' }));
    expect(await edit.findByText('Ce numéro de téléphone est déjà utilisé.')).toBeInTheDocument();
    expect(app.api.requestsTo('PUT /employees/7')[0]!.body).toMatchObject({
      salary: '9000.00',
      group: 3,
      advance_percentage: 50,
      phone: '+212611223344',
      is_restricted: false,
    });
  });

  it('resends the activation link to an invited employee, by e-mail only if asked', async () => {
    const app = await openDetails(makeEmployeeDetail({ status: 'invited', has_password: false }), {
      'POST /employees/7/send_activation_link': {
        body: { detail: "Le lien d'activation a été envoyé par e-mail.", channels: ['email'] },
      },
    });
    expect(
      screen.queryByRole('button', { name: 'Envoyer un lien de réinitialisation' }),
    ).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: "Renvoyer le lien d'activation" }));
    const dialog = await screen.findByRole('dialog', { name: "Renvoyer le lien d'activation" });
    await app.user.click(within(dialog).getByLabelText('Par SMS au +212611223344'));
    await app.user.click(within(dialog).getByRole('button', { name: 'Envoyer le lien' }));
    expect(await screen.findByText("Le lien d'activation a été envoyé par e-mail.")).toBeInTheDocument();
    expect(app.api.requestsTo('POST /employees/7/send_activation_link')[0]!.body).toEqual({
      send_sms: false,
    });
  });

  it('sends a reset link to an activated employee and shows a refusal in the dialog', async () => {
    const app = await openDetails(makeEmployeeDetail(), {
      'POST /employees/7/reset_password': apiError(429, 'throttled'),
    });
    await app.user.click(screen.getByRole('button', { name: 'Envoyer un lien de réinitialisation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Envoyer un lien de réinitialisation' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Envoyer le lien' }));
    expect(
      await within(dialog).findByText('Trop de tentatives, veuillez réessayer plus tard.'),
    ).toBeInTheDocument();
  });

  it('shows the history of changes to pay, limits and RIB, with who changed them, or says there is none', async () => {
    await openDetails(makeEmployeeDetail());
    const history = within(screen.getByRole('region', { name: 'Historique des modifications' }));
    expect(
      await history.findByText("Aucune modification de la paie, des plafonds ou du RIB n'a été enregistrée."),
    ).toBeInTheDocument();
  });

  it('lists each change of the trail: field, before, after, author and approver', async () => {
    const person = (id: number, name: string) => ({ id, name });
    await openDetails(makeEmployeeDetail(), {
      'GET /employees/7/audit': {
        body: {
          count: 2,
          next: null,
          previous: null,
          results: [
            {
              id: 2,
              field: 'salary',
              old_value: '8000.00',
              new_value: '12000.00',
              changed_by: person(3, 'Nadia Rh'),
              approved_by: person(4, 'Hicham Drh'),
              change_request_id: 9,
              created: '2026-03-02T10:00:00.000+00:00',
            },
            {
              id: 1,
              field: 'advance_percentage',
              old_value: '50',
              new_value: '60',
              changed_by: person(3, 'Nadia Rh'),
              approved_by: null,
              change_request_id: null,
              created: '2026-03-01T09:30:00.000+00:00',
            },
          ],
        },
      },
    });
    const table = within(await screen.findByRole('table', { name: 'Historique des modifications' }));
    const rows = table.getAllByRole('row');
    expect(rows[1]).toHaveTextContent('02/03/2026 10:00');
    expect(rows[1]).toHaveTextContent('Salaire mensuel');
    expect(rows[1]).toHaveTextContent(/8\s000\sDH/);
    expect(rows[1]).toHaveTextContent(/12\s000\sDH/);
    expect(rows[1]).toHaveTextContent('Nadia Rh, validé par Hicham Drh');
    expect(rows[2]).toHaveTextContent("Pourcentage d'avance");
    expect(rows[2]).toHaveTextContent('50 %');
    expect(rows[2]).toHaveTextContent('60 %');
  });

  it('shows what waits: a raise for a DRH, a new phone for the employee; says so after saving', async () => {
    const waiting = makeEmployeeDetail({
      pending_changes: [
        {
          field: 'salary',
          new_value: '12000.00',
          requested_by: { id: 3, name: 'Nadia Rh' },
          created: '2026-03-02T10:00:00.000+00:00',
          awaiting: 'drh',
          change_request_id: 9,
        },
        {
          field: 'phone',
          new_value: '+212677889900',
          requested_by: { id: 3, name: 'Nadia Rh' },
          created: '2026-03-02T10:00:00.000+00:00',
          awaiting: 'employee',
          change_request_id: null,
        },
      ],
    });
    const app = await openDetails(makeEmployeeDetail(), {
      'PUT /employees/7': { body: waiting },
    });
    await app.user.click(screen.getByRole('button', { name: 'Modifier' }));
    const edit = within(screen.getByRole('form', { name: 'Modifier le salarié' }));
    await app.user.clear(edit.getByLabelText(/^Salaire mensuel/));
    await app.user.type(edit.getByLabelText(/^Salaire mensuel/), '12000');
    await app.user.click(edit.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(/il attend la validation d'un DRH/)).toBeInTheDocument();
    const pending = within(screen.getByRole('region', { name: 'Modifications en attente' }));
    expect(pending.getByText(/Salaire mensuel : 12\s000\sDH/)).toBeInTheDocument();
    expect(pending.getByText(/En attente de la validation d'un DRH/)).toBeInTheDocument();
    expect(pending.getByText('Téléphone : +212677889900')).toBeInTheDocument();
    expect(pending.getByText(/En attente de la confirmation du salarié/)).toBeInTheDocument();
  });

  it("offers an RH no action on a DRH's record, but a DRH does", async () => {
    await openDetails(makeEmployeeDetail({ account_type: 'drh' }));
    expect(
      screen.getByText(/Seul un autre DRH peut modifier le dossier ou le compte d'un DRH/),
    ).toBeInTheDocument();
    for (const name of ['Modifier', 'Envoyer un lien de réinitialisation', 'Désactiver'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('lets a DRH manage another DRH', async () => {
    await openDetails(makeEmployeeDetail({ account_type: 'drh' }), {}, ['DRH']);
    expect(screen.getByRole('button', { name: 'Modifier' })).toBeInTheDocument();
  });

  it('locks their own pay and limits when HR edits their own record', async () => {
    const app = await openDetails(makeEmployeeDetail({ phone: '+212600000001' }));
    await app.user.click(screen.getByRole('button', { name: 'Modifier' }));
    const edit = within(screen.getByRole('form', { name: 'Modifier le salarié' }));
    for (const label of [/^Salaire mensuel/, /^Net à payer/, /^Pourcentage d'avance/, /^Méthode de calcul/])
      expect(edit.getByLabelText(label)).toBeDisabled();
    expect(edit.getByLabelText(/^E-mail/)).toBeEnabled();
    expect(edit.getByText(/sont modifiés par un autre membre RH/)).toBeInTheDocument();
  });

  it('says when the employee does not exist (or is not ours)', async () => {
    signIn();
    renderApp('/rh/employees/99', {
      handlers: {
        ...sessionHandlers({ account: { roles: ['RH'] } }),
        'GET /employees/99': apiError(404, 'not_found'),
      },
    });
    expect(await screen.findByText('Ce salarié est introuvable.')).toBeInTheDocument();
  });

  it('answers a malformed id without calling the API', async () => {
    signIn();
    const app = renderApp('/rh/employees/abc', { handlers: sessionHandlers({ account: { roles: ['RH'] } }) });
    expect(await screen.findByText('Ce salarié est introuvable.')).toBeInTheDocument();
    await waitFor(() => expect(app.api.requestsTo('GET /employees/abc')).toHaveLength(0));
  });
});
