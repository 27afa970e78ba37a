import {
  BONUS_PAYMENT_STATUS_LABELS_FR,
  type TBonusBeneficiary,
  type TBonusPaymentStatus,
} from '@tasbiq/contracts/bonuses';
import { PAYOUT_METHOD_LABELS_FR } from '@tasbiq/contracts/money';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { formatMoney } from '../../../lib/format/money.ts';

const TONES: Record<TBonusPaymentStatus, BadgeTone> = {
  pending: 'warning',
  refused: 'neutral',
  confirmed: 'info',
  processing: 'info',
  executed: 'success',
  failed: 'danger',
};

const name = (b: TBonusBeneficiary) => `${b.employee.first_name} ${b.employee.last_name}`.trim();

/** The beneficiaries of a bonus; while the DRH may reply, each has a box to confirm only some. */
export function BeneficiaryTable({
  beneficiaries,
  selectable,
  selected,
  onToggle,
}: {
  beneficiaries: TBonusBeneficiary[];
  selectable: boolean;
  selected: ReadonlySet<number>;
  onToggle: (employeeId: number) => void;
}) {
  return (
    <ul aria-label="Bénéficiaires" className="divide-y divide-gray-100">
      {beneficiaries.map((b) => (
        <li key={b.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 sm:px-6">
          {selectable ? (
            <input
              type="checkbox"
              aria-label={`Confirmer pour ${name(b)}`}
              checked={selected.has(b.employee.id)}
              onChange={() => onToggle(b.employee.id)}
              className="size-4 rounded border-gray-300"
            />
          ) : null}
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-gray-900">{name(b)}</p>
            <p className="text-sm text-gray-600">
              {[b.employee.serial, b.employee.cin].filter(Boolean).join(' · ') || '—'}
              {b.payout_method ? ` · ${PAYOUT_METHOD_LABELS_FR[b.payout_method]}` : ''}
              {b.failure_reason ? ` · ${b.failure_reason}` : ''}
            </p>
          </div>
          <span className="font-medium whitespace-nowrap text-gray-900 tabular-nums">
            {formatMoney(b.amount)}
          </span>
          <Badge tone={TONES[b.status]}>{BONUS_PAYMENT_STATUS_LABELS_FR[b.status]}</Badge>
        </li>
      ))}
    </ul>
  );
}
