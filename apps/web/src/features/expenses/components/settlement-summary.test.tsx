import type { TExpenseSettlement } from '@tasbiq/contracts/expenses';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, sessionHandlers, signIn } from '../../../app/testing/render-app.tsx';
import { makeApprovedOrder, makeExpense, makeReport } from './report-test-fixtures.ts';
import { SettlementSummary } from './settlement-summary.tsx';

beforeEach(() => {
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:receipt');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const plain = (text: string | null | undefined) => text?.replace(/\s+/g, ' ').trim();

function settlement(overrides: Partial<TExpenseSettlement> = {}): TExpenseSettlement {
  return {
    refundable_total: '1700.50',
    advance_paid: '1500.00',
    balance: '200.50',
    direction: 'to_employee',
    payout_status: 'executed',
    payout_method: 'card',
    failure_reason: null,
    deduction_month: null,
    created: '2026-11-24T09:00:00.000+00:00',
    ...overrides,
  };
}

const region = () => screen.getByRole('region', { name: 'Règlement' });

describe('SettlementSummary', () => {
  it('more spent: the difference to pay, in DH without decimals, and the payout’s status', () => {
    render(<SettlementSummary settlement={settlement()} />);
    const text = plain(region().textContent);
    expect(text).toContain('À verser au salarié');
    expect(text).toContain('Total remboursable1 701 DH');
    expect(text).toContain('Avance versée1 500 DH');
    expect(text).toContain('Solde à verser201 DH');
    expect(text).toContain('201 DH à verser au salarié sur la carte prépayée.');
    expect(within(region()).getByText('Versé')).toBeInTheDocument();
  });

  it('less spent: what the employee owes and the payroll month it is deducted from', () => {
    render(
      <SettlementSummary
        settlement={settlement({
          refundable_total: '120.00',
          advance_paid: '500.00',
          balance: '-380.00',
          direction: 'owed_by_employee',
          payout_status: null,
          payout_method: null,
          deduction_month: '2026-11',
        })}
      />,
    );
    const text = plain(region().textContent);
    expect(text).toContain('Dû par le salarié');
    expect(text).toContain('Solde dû par le salarié380 DH');
    expect(text).toContain('380 DH dus par le salarié, retenus sur le salaire de novembre 2026.');
    expect(text).not.toContain('Versement');
    expect(text).not.toContain('-');
  });

  it('zero: settled, nothing moves; a failed payout shows its reason', () => {
    const { unmount } = render(
      <SettlementSummary
        settlement={settlement({
          refundable_total: '500.00',
          advance_paid: '500.00',
          balance: '0.00',
          direction: 'none',
          payout_status: null,
          payout_method: null,
        })}
      />,
    );
    expect(plain(region().textContent)).toContain('rien à verser ni à retenir');
    unmount();
    render(
      <SettlementSummary
        settlement={settlement({
          advance_paid: '0.00',
          balance: '1700.50',
          payout_status: 'failed',
          payout_method: 'rib',
          failure_reason: 'Aucun RIB enregistré pour recevoir le remboursement',
        })}
      />,
    );
    const text = plain(region().textContent);
    expect(text).toContain('1 701 DH à verser au salarié par virement sur le RIB.');
    expect(text).toContain('Versement :Échoué');
    expect(text).toContain('Aucun RIB enregistré pour recevoir le remboursement');
  });
});

describe('the settlement on the order’s details screens', () => {
  const accepted = makeExpense(1, {
    status: 'accepted',
    amount: '120.00',
    refundable_amount: '120.00',
  });
  const report = {
    ...makeReport([accepted], 'accepted'),
    settlement: settlement({
      refundable_total: '120.00',
      advance_paid: '500.00',
      balance: '-380.00',
      direction: 'owed_by_employee' as const,
      payout_status: null,
      payout_method: null,
      deduction_month: '2026-11',
    }),
  };

  it('the employee sees it under their report on /missionorders/{id}; HR on /rh/missionorders/{id}', async () => {
    for (const [path, roles, own] of [
      ['/missionorders/7', [], true],
      ['/rh/missionorders/7', ['RH'], false],
    ] as const) {
      signIn();
      const app = renderApp(path, {
        handlers: {
          ...sessionHandlers({ account: { roles: [...roles] } }),
          'GET /expenses/1/receipt': { body: 'png' },
          'GET /expenses/odm/7': {
            body: makeApprovedOrder({ is_own: own, report_status: 'accepted', advance_paid: '500.00' }),
          },
          'GET /expenses/odm/7/expenses': { body: report },
        },
      });
      const section = await screen.findByRole('region', { name: 'Règlement' });
      expect(plain(section.textContent)).toContain('retenus sur le salaire de novembre 2026');
      app.unmount();
    }
  });

  it('nothing before the report is accepted', async () => {
    signIn();
    renderApp('/missionorders/7', {
      handlers: {
        ...sessionHandlers({ account: { roles: [] } }),
        'GET /expenses/1/receipt': { body: 'png' },
        'GET /expenses/odm/7': { body: makeApprovedOrder({ is_own: true, report_status: 'pending' }) },
        'GET /expenses/odm/7/expenses': {
          body: makeReport([{ ...accepted, status: 'sent' }], 'pending'),
        },
      },
    });
    await screen.findByRole('list', { name: 'Dépenses de la note de frais' });
    expect(screen.queryByRole('region', { name: 'Règlement' })).toBeNull();
  });
});
