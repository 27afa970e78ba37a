import {
  SETTLEMENT_DIRECTION_LABELS_FR,
  SETTLEMENT_PAYOUT_STATUS_LABELS_FR,
  type TExpenseReport,
  type TExpenseSettlement,
  type TSettlementPayoutStatus,
} from '@tasbiq/contracts/expenses';
import { useId } from 'react';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { formatMoney } from '../../../lib/format/money.ts';
import { formatMonthInSentence } from '../../../lib/format/month-names.ts';

const PAYOUT_TONES: Record<TSettlementPayoutStatus, BadgeTone> = {
  confirmed: 'info',
  processing: 'info',
  executed: 'success',
  failed: 'danger',
};

/** "1 500 DH" for a signed wire amount's size: the direction says who owes whom. */
const size = (wire: string) => formatMoney(wire.replace(/^-/, ''));

function monthOf(deductionMonth: string | null): string | null {
  if (!deductionMonth) return null;
  const [year, month] = deductionMonth.split('-').map(Number);
  return year && month ? formatMonthInSentence({ year, month }) : null;
}

/** What the settlement means, in one French sentence. */
function outcomeOf(settlement: TExpenseSettlement): string {
  if (settlement.direction === 'to_employee') {
    const where =
      settlement.payout_method === 'card'
        ? ' sur la carte prépayée'
        : settlement.payout_method === 'rib'
          ? ' par virement sur le RIB'
          : '';
    return `${size(settlement.balance)} à verser au salarié${where}.`;
  }
  if (settlement.direction === 'owed_by_employee') {
    const month = monthOf(settlement.deduction_month);
    return `${size(settlement.balance)} dus par le salarié${month ? `, retenus sur le salaire de ${month}` : ''}.`;
  }
  return 'Les dépenses couvrent exactement l’avance : rien à verser ni à retenir.';
}

/**
 * The settlement of an accepted report (issue 15; decision 047): refundable total, advance paid,
 * the balance and who owes whom, and the payout's progress when the company pays the difference.
 * Shown under the report on /missionorders/{id} and /rh/missionorders/{id}.
 */
export function SettlementSummary({ settlement }: { settlement: TExpenseSettlement }) {
  const titleId = useId();
  const payout = settlement.direction === 'to_employee' ? settlement.payout_status : null;
  return (
    <section aria-labelledby={titleId} className="flex min-w-0 flex-col gap-3 border-t border-gray-100 pt-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-base font-semibold text-gray-900">
          Règlement
        </h3>
        <Badge tone={settlement.direction === 'owed_by_employee' ? 'warning' : 'neutral'}>
          {SETTLEMENT_DIRECTION_LABELS_FR[settlement.direction]}
        </Badge>
      </div>
      <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
        <dt className="text-gray-700">Total remboursable</dt>
        <dd className="text-right whitespace-nowrap text-gray-900 tabular-nums">
          {formatMoney(settlement.refundable_total)}
        </dd>
        <dt className="text-gray-700">Avance versée</dt>
        <dd className="text-right whitespace-nowrap text-gray-900 tabular-nums">
          {formatMoney(settlement.advance_paid)}
        </dd>
        <dt className="font-semibold text-gray-900">
          {settlement.direction === 'owed_by_employee' ? 'Solde dû par le salarié' : 'Solde à verser'}
        </dt>
        <dd className="text-right font-semibold whitespace-nowrap text-gray-900 tabular-nums">
          {size(settlement.balance)}
        </dd>
      </dl>
      <p className="text-sm text-gray-700">{outcomeOf(settlement)}</p>
      {payout ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-gray-700">
          <span>Versement :</span>
          <Badge tone={PAYOUT_TONES[payout]}>{SETTLEMENT_PAYOUT_STATUS_LABELS_FR[payout]}</Badge>
          {payout === 'failed' && settlement.failure_reason ? (
            <span className="text-red-700">{settlement.failure_reason}</span>
          ) : null}
        </p>
      ) : null}
    </section>
  );
}

/** The report sections' footer: the settlement once the report is accepted, nothing before. */
export function settlementFooter(report: TExpenseReport) {
  return report.settlement ? <SettlementSummary settlement={report.settlement} /> : null;
}
