import type { TChangeRequest } from '@tasbiq/contracts/change-requests';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeHandler, type FakeRequest, validationError } from '../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';
import { makeChangeRequest, makeEmployee, NEW_RIB, page, RIB, WRONG_KEY } from './test-data.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openForm(extra: Record<string, FakeHandler> = {}) {
  signIn();
  const app = renderApp('/rh/employees/12/update', {
    handlers: {
      ...sessionHandlers({ account: { roles: ['RH'] } }),
      'GET /employees/12': { body: makeEmployee() },
      'GET /change_requests': { body: page([]) },
      ...extra,
    },
  });
  await screen.findByRole('heading', { name: 'Demande de modification' });
  const form = await screen.findByRole('form', { name: 'Nouvelle demande de modification' });
  return { ...app, form: within(form) };
}

const submit = (form: ReturnType<typeof within>, user: { click: (el: Element) => Promise<void> }) =>
  user.click(form.getByRole('button', { name: 'Envoyer la demande' }));

function sentForm(request: FakeRequest): FormData {
  expect(request.body).toBeInstanceOf(FormData);
  return request.body as FormData;
}

describe('change request form (/rh/employees/:id/update)', () => {
  it('shows the current value of the chosen field and checks the new one like the API', async () => {
    const { form, user, api } = await openForm();
    expect(screen.getByText(/Karim Bennani · matricule ATL-0012/)).toBeInTheDocument();
    const newValue = form.getByLabelText(/^Nouvelle valeur/);
    expect(newValue).toBeDisabled();

    await user.selectOptions(form.getByLabelText(/^Champ à modifier/), 'rib');
    expect(form.getByTestId('current-value')).toHaveTextContent(`011 780 0000000000000042 ${RIB.slice(22)}`);

    await user.type(form.getByLabelText(/^Nouvelle valeur/), WRONG_KEY);
    await user.type(form.getByLabelText(/^Motif de la demande/), 'Changement de banque');
    await submit(form, user);
    expect(
      await form.findByText("Le RIB n'est pas valide (24 chiffres avec une clé correcte)."),
    ).toBeInTheDocument();

    await user.clear(form.getByLabelText(/^Nouvelle valeur/));
    await user.type(form.getByLabelText(/^Nouvelle valeur/), `${RIB.slice(0, 3)} ${RIB.slice(3)}`);
    await submit(form, user);
    expect(
      await form.findByText('La nouvelle valeur est identique à la valeur actuelle.'),
    ).toBeInTheDocument();
    expect(api.requestsTo('POST /employees/12/change_request')).toHaveLength(0);
  });

  it('requires the field, the value and the reason, in French', async () => {
    const { form, user } = await openForm();
    await submit(form, user);
    expect(await form.findByText('le champ "Champ à modifier" est obligatoire')).toBeInTheDocument();
    expect(form.getByText('le champ "Motif de la demande" est obligatoire')).toBeInTheDocument();

    await user.selectOptions(form.getByLabelText(/^Champ à modifier/), 'first_name');
    await submit(form, user);
    expect(await form.findByText('le champ "Nouvelle valeur" est obligatoire')).toBeInTheDocument();
  });

  it('offers a date for the birthday and refuses a future one', async () => {
    const { form, user } = await openForm();
    await user.selectOptions(form.getByLabelText(/^Champ à modifier/), 'birthday');
    expect(form.getByTestId('current-value')).toHaveTextContent('04/05/1990');
    const input = form.getByLabelText(/^Nouvelle valeur/) as HTMLInputElement;
    expect(input.type).toBe('date');
    // What a browser sends as a date is picked: an input event (Preact listens to it, not to change).
    fireEvent.input(input, { target: { value: '2999-01-01' } });
    await user.type(form.getByLabelText(/^Motif de la demande/), 'Erreur de saisie');
    await submit(form, user);
    expect(await form.findByText('La date de naissance doit être une date passée.')).toBeInTheDocument();
  });

  it('screens attachments: type, size, at most five, names shortened to 20 characters', async () => {
    const { form } = await openForm();
    // The picker's `accept` is only a hint a user can override ("All files"): check what gets through.
    const user = userEvent.setup({ applyAccept: false });
    const picker = () => form.getByLabelText('Pièces justificatives') as HTMLInputElement;
    // The app's French picker, like the imports': a drop zone and a button, not the browser's control.
    expect(form.getByText('Choisir des fichiers')).toBeInTheDocument();
    expect(picker()).toHaveAccessibleDescription(
      "Facultatif : jusqu'à 5 fichiers (copie de la CIN, attestation de RIB…). PDF, PNG ou JPG, 10 Mo au plus par fichier.",
    );

    await user.upload(picker(), new File(['MZ'], 'virus.exe', { type: 'application/x-msdownload' }));
    expect(
      await form.findByText('virus.exe : Seuls les fichiers PDF, PNG et JPG sont acceptés.'),
    ).toBeInTheDocument();

    const big = new File(['%PDF-'], 'gros.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(picker(), big);
    expect(
      await form.findByText('gros.pdf : Chaque pièce jointe doit faire au plus 10 Mo.'),
    ).toBeInTheDocument();

    const longName = 'attestation-de-rib-banque-populaire-2026.pdf';
    await user.upload(picker(), new File(['%PDF-1.4'], longName, { type: 'application/pdf' }));
    const list = within(form.getByRole('list', { name: 'Fichiers joints' }));
    expect(list.getByText('attestation-de-….pdf')).toHaveAttribute('title', longName);
    expect(form.queryByText(/Seuls les fichiers/)).not.toBeInTheDocument();

    const more = Array.from({ length: 5 }, (_, i) => new File(['x'], `scan-${i}.png`, { type: 'image/png' }));
    await user.upload(picker(), more);
    expect(await form.findByText('Vous pouvez joindre au plus 5 fichiers.')).toBeInTheDocument();
    expect(list.getAllByRole('listitem')).toHaveLength(5);
    expect(picker()).toBeDisabled();
    expect(form.getByText('5 fichiers joints : retirez-en un pour en ajouter un autre.')).toBeInTheDocument();

    await user.click(list.getByRole('button', { name: `Retirer ${longName}` }));
    expect(list.getAllByRole('listitem')).toHaveLength(4);
    expect(picker()).toBeEnabled();
    expect(form.getByText('Ajouter des fichiers')).toBeInTheDocument();
  });

  it('sends the request as multipart with its files, then shows it in the list', async () => {
    const created = makeChangeRequest({
      attachments: [
        {
          id: 1,
          file_name: 'rib.pdf',
          content_type: 'application/pdf',
          size: 8,
          created: '2026-03-12T10:05:00Z',
        },
      ],
    });
    let requests: TChangeRequest[] = [];
    const { form, user, api } = await openForm({
      'GET /change_requests': () => ({ body: page(requests) }),
      'POST /employees/12/change_request': () => {
        requests = [created];
        return { status: 201, body: created };
      },
    });
    expect(await screen.findByText('Aucune demande pour ce salarié.')).toBeInTheDocument();
    expect(api.requestsTo('GET /change_requests')[0]!.query.get('employee')).toBe('12');

    await user.selectOptions(form.getByLabelText(/^Champ à modifier/), 'rib');
    await user.type(form.getByLabelText(/^Nouvelle valeur/), ` ${NEW_RIB} `);
    await user.type(form.getByLabelText(/^Motif de la demande/), 'Changement de banque');
    await user.upload(
      form.getByLabelText('Pièces justificatives'),
      new File(['%PDF-1.4'], 'rib.pdf', { type: 'application/pdf' }),
    );
    await submit(form, user);

    expect(await form.findByText(/sera appliquée dès qu'un DRH l'aura approuvée/)).toBeInTheDocument();
    const body = sentForm(api.requestsTo('POST /employees/12/change_request')[0]!);
    expect(body.get('field')).toBe('rib');
    expect(body.get('new_value')).toBe(NEW_RIB);
    expect(body.get('description')).toBe('Changement de banque');
    expect((body.getAll('attachments') as File[]).map((f) => f.name)).toEqual(['rib.pdf']);
    // The form is ready for another request, and the list shows the new one.
    expect(form.getByLabelText(/^Champ à modifier/)).toHaveValue('');
    expect(form.queryByRole('list', { name: 'Fichiers joints' })).not.toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Demandes de ce salarié' });
    expect(within(list).getByText('En attente')).toBeInTheDocument();
    expect(within(list).getByText(/Demandée par Salma Alaoui/)).toBeInTheDocument();
  });

  it('puts API errors where they belong', async () => {
    const { form, user } = await openForm({
      'POST /employees/12/change_request': validationError([{ attr: 'new_value', code: 'CIN_EXISTS' }]),
    });
    await user.selectOptions(form.getByLabelText(/^Champ à modifier/), 'cin');
    await user.type(form.getByLabelText(/^Nouvelle valeur/), 'ab 654321');
    await user.type(form.getByLabelText(/^Motif de la demande/), 'Nouvelle CIN');
    await submit(form, user);
    expect(await form.findByText('Ce numéro de CIN est déjà utilisé.')).toBeInTheDocument();
  });

  it('says when the employee does not exist', async () => {
    signIn();
    renderApp('/rh/employees/999/update', {
      handlers: {
        ...sessionHandlers({ account: { roles: ['RH'] } }),
        'GET /employees/999': {
          status: 404,
          body: { type: 'client_error', errors: [{ code: 'not_found', detail: 'x', attr: null }] },
        },
      },
    });
    expect(await screen.findByText('Salarié introuvable.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Retour aux salariés' })).toHaveAttribute(
        'href',
        '/rh/employees',
      ),
    );
  });
});
