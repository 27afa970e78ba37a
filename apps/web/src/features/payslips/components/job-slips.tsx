import type { TPayslip } from '@tasbiq/contracts/payslips';
import { PAYSLIP_UNMATCHED_REASONS } from '@tasbiq/contracts/payslips';
import { Button } from '../../../components/ui/button.tsx';
import { formatMoney } from '../../../lib/format/money.ts';
import { MATCH_LABELS, PayslipStatusBadge, periodLabel } from './payslip-labels.tsx';

export type SlipActions = {
  onPreview: (slip: TPayslip) => void;
  onMatch: (slip: TPayslip) => void;
  onDecide: (slip: TPayslip, approve: boolean) => void;
  busyId: number | null;
};

function who(slip: TPayslip): string {
  if (slip.employee) return `${slip.employee.first_name} ${slip.employee.last_name}`;
  return 'Salarié non trouvé';
}

/** One card per slip (phones and desktops alike): who, how sure, the figures, and what HR can do. */
export function JobSlips({ slips, actions }: { slips: TPayslip[]; actions: SlipActions }) {
  return (
    <ul aria-label="Fiches de l'extraction" className="flex flex-col gap-2">
      {slips.map((slip) => {
        const open = slip.status === 'pending' || slip.status === 'unmatched';
        return (
          <li
            key={slip.id}
            className="flex flex-col gap-2 rounded-2xl bg-white p-4 ring-1 ring-gray-200 md:flex-row md:items-center"
          >
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-medium text-gray-900">{who(slip)}</h3>
                <PayslipStatusBadge status={slip.status} />
                {slip.scanned ? <span className="text-xs text-gray-600">Page numérisée</span> : null}
              </div>
              <p className="text-sm text-gray-700">
                {periodLabel(slip.month, slip.year)} · page {slip.first_page}
                {slip.pages > 1 ? ` (${slip.pages} pages)` : ''}
                {slip.match ? ` · ${MATCH_LABELS[slip.match]} (${slip.confidence} %)` : ''}
                {slip.figures.net ? ` · net à payer ${formatMoney(slip.figures.net)}` : ''}
              </p>
              {slip.unmatched_reason && !slip.employee ? (
                <p className="text-sm text-amber-800">{PAYSLIP_UNMATCHED_REASONS[slip.unmatched_reason]}</p>
              ) : null}
            </div>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="tertiary" onClick={() => actions.onPreview(slip)}>
                Aperçu<span className="sr-only"> de la fiche page {slip.first_page}</span>
              </Button>
              {open ? (
                <Button size="sm" variant="secondary" onClick={() => actions.onMatch(slip)}>
                  {slip.employee ? 'Changer de salarié' : 'Rattacher'}
                  <span className="sr-only"> la fiche page {slip.first_page}</span>
                </Button>
              ) : null}
              {slip.status === 'pending' ? (
                <Button
                  size="sm"
                  loading={actions.busyId === slip.id}
                  onClick={() => actions.onDecide(slip, true)}
                >
                  Publier<span className="sr-only"> la fiche de {who(slip)}</span>
                </Button>
              ) : null}
              {open ? (
                <Button size="sm" variant="tertiary" onClick={() => actions.onDecide(slip, false)}>
                  Écarter<span className="sr-only"> la fiche page {slip.first_page}</span>
                </Button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
