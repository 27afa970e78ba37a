import { EXPENSE_STATUS_LABELS_FR, type TExpenseStatus } from '@tasbiq/contracts/expenses';
import { REPORT_STATUS_LABELS_FR, type TReportStatus } from '@tasbiq/contracts/mission-orders';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';

const EXPENSE_TONES: Record<TExpenseStatus, BadgeTone> = {
  draft: 'neutral',
  sent: 'info',
  returned: 'warning',
  accepted: 'success',
  rejected: 'danger',
};

export function ExpenseStatusBadge({ status }: { status: TExpenseStatus }) {
  return <Badge tone={EXPENSE_TONES[status]}>{EXPENSE_STATUS_LABELS_FR[status]}</Badge>;
}

const REPORT_TONES: Record<TReportStatus, BadgeTone> = {
  awaiting_odm: 'neutral',
  draft: 'neutral',
  pending: 'info',
  returned: 'warning',
  accepted: 'success',
  rejected: 'danger',
};

/** Spec §4 Report status; an unknown value (a newer server) reads as itself, in neutral. */
export function ReportStatusBadge({ status }: { status: string }) {
  const known = Object.hasOwn(REPORT_TONES, status) ? (status as TReportStatus) : null;
  return (
    <Badge tone={known ? REPORT_TONES[known] : 'neutral'}>
      {known ? REPORT_STATUS_LABELS_FR[known] : status}
    </Badge>
  );
}
