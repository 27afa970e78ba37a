import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeHandler, validationError } from '../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';
import { groupOptionsHandler, makeEmployeeDetail } from './testing/make-employee.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openForm(extra: Record<string, FakeHandler> = {}) {
  signIn();
  const app = renderApp('/rh/employees/add', {
    handlers: {
      ...sessionHandlers({ account: { roles: ['RH'] } }),
      'GET /groups': groupOptionsHandler,
      ...extra,
    },
  });
  await screen.findByRole('heading', { name: 'Ajouter un salarié' });
  return app;
}

const form = () => within(screen.getByRole('form', { name: 'Nouveau salarié' }));

async function fillRequired(app: Awaited<ReturnType<typeof openForm>>) {
  await app.user.type(form().getByLabelText(/^Prénom/), 'Salma');
  await app.user.type(form().getByLabelText(/^Nom/), 'Bennis');
  await app.user.type(form().getByLabelText(/^CIN/), 'be765432');
  await app.user.type(form().getByLabelText(/^Téléphone/), '06 98 11 22 33');
  await app.user.type(form().getByLabelText(/^Salaire mensuel/), '12 500,50');
}

describe('/rh/employees/add form', () => {
  it('says in French which fields are required, without calling the API', async () => {
    const app = await openForm();
    await app.user.click(screen.getByRole('button', { name: 'Ajouter et inviter' }));
    for (const label of ['Prénom', 'Nom', 'CIN', 'Téléphone', 'Salaire mensuel (DH)'])
      expect(await screen.findByText(`le champ "${label}" est obligatoire`)).toBeInTheDocument();
    expect(app.api.requestsTo('POST /employees')).toHaveLength(0);
    expect(form().getByLabelText(/^Prénom/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the formats: phone, e-mail, CIN, RIB, amounts', async () => {
    const app = await openForm();
    await fillRequired(app);
    const phone = form().getByLabelText(/^Téléphone/);
    await app.user.clear(phone);
    await app.user.type(phone, '0812');
    await app.user.type(form().getByLabelText(/^E-mail/), 'pas-un-email');
    const cin = form().getByLabelText(/^CIN/);
    await app.user.clear(cin);
    await app.user.type(cin, '123456');
    await app.user.type(form().getByLabelText(/^RIB/), '1234');
    const salary = form().getByLabelText(/^Salaire mensuel/);
    await app.user.clear(salary);
    await app.user.type(salary, '0');
    const monthly = form().getByLabelText(/^Montant maximal par mois/);
    await app.user.clear(monthly);
    await app.user.type(monthly, 'beaucoup');
    await app.user.click(screen.getByRole('button', { name: 'Ajouter et inviter' }));

    expect(await screen.findByText("Le numéro de téléphone n'est pas valide.")).toBeInTheDocument();
    expect(screen.getByText("L'adresse e-mail n'est pas valide.")).toBeInTheDocument();
    expect(screen.getByText("Le numéro de CIN n'est pas valide.")).toBeInTheDocument();
    expect(
      screen.getByText("Le RIB n'est pas valide (24 chiffres avec une clé correcte)."),
    ).toBeInTheDocument();
    expect(screen.getByText('Le montant doit être supérieur à 0.')).toBeInTheDocument();
    expect(
      screen.getByText('le champ "Montant maximal par mois (DH)" n\'est pas valide'),
    ).toBeInTheDocument();
    expect(app.api.requestsTo('POST /employees')).toHaveLength(0);
  });

  it('offers the §9 choices with the defaults selected', async () => {
    await openForm();
    const percentage = form().getByLabelText("Pourcentage d'avance") as HTMLSelectElement;
    expect([...percentage.options].map((o) => o.textContent)).toEqual([
      '10 %',
      '20 %',
      '30 %',
      '40 %',
      '50 %',
      '60 %',
      '70 %',
      '80 %',
      '90 %',
      '100 %',
    ]);
    expect(percentage.value).toBe('50');
    const perMonth = form().getByLabelText('Avances par mois') as HTMLSelectElement;
    expect([...perMonth.options].map((o) => o.value)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '-1',
    ]);
    expect(perMonth.selectedOptions[0]!.textContent).toBe('Illimité');
    const method = form().getByLabelText('Méthode de calcul du solde') as HTMLSelectElement;
    expect([...method.options].map((o) => o.textContent)).toEqual([
      '1 — Jour courant',
      '2 — Jours travaillés',
      '3 — Net à payer',
      '4 — Taux horaire',
    ]);
    await waitFor(() =>
      expect(
        [...(form().getByLabelText('Groupe') as HTMLSelectElement).options].map((o) => o.textContent),
      ).toEqual(['Aucun groupe', 'Usine', 'Siège']),
    );
  });

  it('sends the parsed request, then opens the details with "Invitation envoyée"', async () => {
    const app = await openForm({
      'POST /employees': {
        status: 201,
        body: { ...makeEmployeeDetail({ id: 42 }), invitation: { sms: true, email: false } },
      },
      'GET /employees/42': { body: makeEmployeeDetail({ id: 42, first_name: 'Salma', last_name: 'Bennis' }) },
    });
    await fillRequired(app);
    await app.user.selectOptions(form().getByLabelText('Groupe'), 'Siège');
    await app.user.selectOptions(form().getByLabelText("Pourcentage d'avance"), '40 %');
    await app.user.selectOptions(form().getByLabelText('Avances par mois'), '3 avances');
    await app.user.selectOptions(form().getByLabelText('Méthode de calcul du solde'), '2 — Jours travaillés');
    await app.user.click(form().getByLabelText("Envoyer le lien d'activation par e-mail"));
    await app.user.click(screen.getByRole('button', { name: 'Ajouter et inviter' }));

    await waitFor(() => expect(app.pathname()).toBe('/rh/employees/42'));
    expect(app.api.requestsTo('POST /employees')[0]!.body).toEqual({
      first_name: 'Salma',
      last_name: 'Bennis',
      cin: 'BE765432',
      phone: '+212698112233',
      salary: '12500.50',
      group: 4,
      advance_percentage: 40,
      max_advances_per_month: 3,
      max_free_advances_per_month: 1,
      total_max_advance_per_month: '5000.00',
      balance_method: 2,
      send_sms: true,
      send_email: false,
    });
    expect(await screen.findByText('Invitation envoyée')).toBeInTheDocument();
    expect(screen.getByText(/envoyé par SMS\. Il est valable 7 jours/)).toBeInTheDocument();
  });

  it('puts the API field errors under their inputs (PHONE_EXISTS, CIN_EXISTS)', async () => {
    const app = await openForm({
      'POST /employees': validationError([
        { attr: 'phone', code: 'PHONE_EXISTS' },
        { attr: 'cin', code: 'CIN_EXISTS' },
      ]),
    });
    await fillRequired(app);
    await app.user.click(screen.getByRole('button', { name: 'Ajouter et inviter' }));
    expect(await screen.findByText('Ce numéro de téléphone est déjà utilisé.')).toBeInTheDocument();
    expect(screen.getByText('Ce numéro de CIN est déjà utilisé.')).toBeInTheDocument();
    expect(form().getByLabelText(/^Téléphone/)).toHaveAttribute('aria-invalid', 'true');
    expect(app.pathname()).toBe('/rh/employees/add');
  });

  it('shows an error without a field in the form message', async () => {
    const app = await openForm({
      'POST /employees': {
        status: 500,
        body: { type: 'server_error', errors: [{ code: 'error', detail: 'x', attr: null }] },
      },
    });
    await fillRequired(app);
    await app.user.click(screen.getByRole('button', { name: 'Ajouter et inviter' }));
    expect(await screen.findByText('Erreur interne, veuillez réessayer plus tard.')).toBeInTheDocument();
  });
});
