import type { TPayslipMatchMethod, TPayslipStatus } from '@tasbiq/contracts/payslips';
import { FRENCH_MONTH_NAMES } from '@tasbiq/contracts/payslips';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';

const STATUS: Record<TPayslipStatus, { label: string; tone: BadgeTone }> = {
  unmatched: { label: 'À rattacher', tone: 'warning' },
  pending: { label: 'À valider', tone: 'info' },
  approved: { label: 'Publiée', tone: 'success' },
  discarded: { label: 'Écartée', tone: 'neutral' },
  replaced: { label: 'Remplacée', tone: 'neutral' },
};

export function PayslipStatusBadge({ status }: { status: TPayslipStatus }) {
  return <Badge tone={STATUS[status].tone}>{STATUS[status].label}</Badge>;
}

export const MATCH_LABELS: Record<TPayslipMatchMethod, string> = {
  cin_matricule: 'CIN et matricule',
  cin: 'CIN',
  matricule: 'Matricule',
  name: 'Nom',
  manual: 'Rattachée à la main',
};

/** "Novembre 2026", or "Période inconnue" when the slip did not say. */
export function periodLabel(month: number | null, year: number | null): string {
  if (!month || !year) return 'Période inconnue';
  return `${FRENCH_MONTH_NAMES[month - 1]} ${year}`;
}
