import {
  ADVANCE_PERCENTAGE_OPTIONS,
  ADVANCES_PER_MONTH_OPTIONS,
  UNLIMITED,
} from '@tasbiq/contracts/constants';
import {
  BALANCE_METHOD_LABELS_FR,
  BALANCE_METHODS,
  EMPLOYEE_STATUS_LABELS_FR,
  EMPLOYEE_STATUSES,
} from '@tasbiq/contracts/employees';
import type { SelectOption } from '../../components/ui/select-field.tsx';

/** Spec §9 choices as select options (values are strings, as HTML gives them back). */
export const PERCENTAGE_OPTIONS: SelectOption[] = ADVANCE_PERCENTAGE_OPTIONS.map((p) => ({
  value: String(p),
  label: `${p} %`,
}));

export function advancesPerMonthLabel(value: number): string {
  if (value === UNLIMITED) return 'Illimité';
  return value === 1 ? '1 avance' : `${value} avances`;
}

export const ADVANCES_OPTIONS: SelectOption[] = ADVANCES_PER_MONTH_OPTIONS.map((n) => ({
  value: String(n),
  label: advancesPerMonthLabel(n),
}));

export const BALANCE_METHOD_OPTIONS: SelectOption[] = BALANCE_METHODS.map((m) => ({
  value: String(m),
  label: `${m} — ${BALANCE_METHOD_LABELS_FR[m]}`,
}));

export const STATUS_FILTER_OPTIONS: SelectOption[] = [
  { value: '', label: 'Tous les statuts' },
  ...EMPLOYEE_STATUSES.map((s) => ({ value: s, label: EMPLOYEE_STATUS_LABELS_FR[s] })),
];

export const ACTIVE_FILTER_OPTIONS: SelectOption[] = [
  { value: '', label: 'Actifs et inactifs' },
  { value: 'true', label: 'Actifs' },
  { value: 'false', label: 'Inactifs' },
];

export function balanceMethodLabel(method: number): string {
  return BALANCE_METHOD_LABELS_FR[method as keyof typeof BALANCE_METHOD_LABELS_FR] ?? String(method);
}
