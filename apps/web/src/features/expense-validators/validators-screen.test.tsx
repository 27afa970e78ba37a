import type { TExpenseValidator } from '@tasbiq/contracts/expense-validators';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeHandler } from '../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const page = <T,>(results: T[]) => ({ body: { count: results.length, next: null, previous: null, results } });

const validator = (id: number, employee: number, first: string, last: string): TExpenseValidator => ({
  id,
  employee,
  first_name: first,
  last_name: last,
  email: `${first.toLowerCase()}@demo.ma`,
  group_name: id === 1 ? 'Commerciaux' : null,
  created: '2026-11-20T09:00:00.000+00:00',
});

const employees = [
  { id: 11, first_name: 'Karim', last_name: 'Tazi', serial: 'M-011', email: 'karim@demo.ma' },
  { id: 12, first_name: 'Amal', last_name: 'Berrada', serial: null, email: 'amal@demo.ma' },
];

function open(handlers: Record<string, FakeHandler>, roles: ('RH' | 'DRH')[] = ['RH']) {
  signIn();
  return renderApp('/rh/validators', {
    handlers: {
      ...sessionHandlers({ account: { roles } }),
      'GET /employees': (request) => {
        const search = request.query.get('search')?.toLowerCase() ?? '';
        return page(employees.filter((e) => `${e.first_name} ${e.last_name}`.toLowerCase().includes(search)));
      },
      ...handlers,
    },
  });
}

describe('/rh/validators', () => {
  it('lists the validators; says when there is none', async () => {
    open({ 'GET /expenses/validators': page([validator(1, 11, 'Karim', 'Tazi')]) });
    expect(await screen.findByRole('heading', { name: 'Valideurs', level: 1 })).toBeInTheDocument();
    const list = within(await screen.findByRole('list', { name: 'Valideurs' }));
    expect(list.getByText('Karim Tazi')).toBeInTheDocument();
    expect(list.getByText('Commerciaux · karim@demo.ma')).toBeInTheDocument();
  });

  it('adds a validator picked among the active employees', async () => {
    let added = false;
    const app = open(
      {
        'GET /expenses/validators': () => page(added ? [validator(2, 12, 'Amal', 'Berrada')] : []),
        'POST /expenses/validators': () => {
          added = true;
          return { status: 201, body: validator(2, 12, 'Amal', 'Berrada') };
        },
      },
      ['DRH'],
    );
    expect(await screen.findByText('Aucun valideur pour le moment.')).toBeInTheDocument();
    await app.user.click(screen.getAllByRole('button', { name: 'Ajouter un valideur' })[0]!);
    const dialog = within(await screen.findByRole('dialog', { name: 'Ajouter un valideur' }));
    await app.user.type(dialog.getByLabelText('Rechercher un salarié'), 'amal');
    await app.user.click(await dialog.findByRole('button', { name: 'Choisir Amal Berrada' }));
    expect(await screen.findByText('Amal Berrada est maintenant valideur.')).toBeInTheDocument();
    expect(app.api.requestsTo('POST /expenses/validators')[0]!.body).toEqual({ employee: 12 });
    expect(app.api.requestsTo('GET /employees').at(-1)!.query.get('status')).toBe('activated');
    expect(await screen.findByRole('list', { name: 'Valideurs' })).toHaveTextContent('Amal Berrada');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('marks employees already validators and shows EXPENSE_VALIDATOR_DEFINED', async () => {
    const app = open({
      'GET /expenses/validators': page([validator(1, 11, 'Karim', 'Tazi')]),
      'POST /expenses/validators': apiError(400, 'EXPENSE_VALIDATOR_DEFINED', {
        attr: 'employee',
        type: 'validation_error',
      }),
    });
    await app.user.click(await screen.findByRole('button', { name: 'Ajouter un valideur' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ajouter un valideur' }));
    await app.user.type(dialog.getByLabelText('Rechercher un salarié'), 'a');
    expect(
      await dialog.findByRole('button', { name: 'Karim Tazi (M-011) est déjà valideur' }),
    ).toBeDisabled();
    await app.user.click(dialog.getByRole('button', { name: 'Choisir Amal Berrada' }));
    expect(await dialog.findByText('Ce salarié est déjà valideur.')).toBeInTheDocument();
  });

  it('removes a validator after confirmation', async () => {
    let removed = false;
    const app = open({
      'GET /expenses/validators': () => page(removed ? [] : [validator(1, 11, 'Karim', 'Tazi')]),
      'DELETE /expenses/validators/1': () => {
        removed = true;
        return { status: 204 };
      },
    });
    await app.user.click(await screen.findByRole('button', { name: 'Retirer Karim Tazi des valideurs' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Retirer Karim Tazi des valideurs ?' }));
    await app.user.click(dialog.getByRole('button', { name: 'Retirer' }));
    expect(await screen.findByText("Karim Tazi n'est plus valideur.")).toBeInTheDocument();
    expect(await screen.findByText('Aucun valideur pour le moment.')).toBeInTheDocument();
    expect(app.api.requestsTo('DELETE /expenses/validators/1')).toHaveLength(1);
  });

  it('offers a retry when the list fails', async () => {
    let calls = 0;
    const app = open({
      'GET /expenses/validators': () => {
        calls += 1;
        return calls === 1 ? apiError(500, 'error') : page([]);
      },
    });
    expect(await screen.findByText("Les valideurs n'ont pas pu être chargés.")).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Aucun valideur pour le moment.')).toBeInTheDocument();
  });
});
