import type { ChangeRequestField } from '@tasbiq/contracts/change-requests';
import { formatMoney } from '../../lib/format/money.ts';
import { commonFr } from '../../locales/fr/common.ts';

/** A field's value as HR reads it: a birthday as 04/05/1990, a RIB in its printed groups. */
export function formatFieldValue(field: ChangeRequestField, value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return commonFr.notAvailable;
  if (field === 'birthday') {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
  }
  if (field === 'salary' && /^\d+\.\d{2}$/.test(value)) return formatMoney(value);
  if (field === 'rib' && /^\d{24}$/.test(value))
    return `${value.slice(0, 3)} ${value.slice(3, 6)} ${value.slice(6, 22)} ${value.slice(22)}`;
  return value;
}

/** The current value of a field on the employee's details (GET /employees/{id}). */
export function currentValueOf(
  employee: {
    cin: string | null;
    rib: string | null;
    first_name: string;
    last_name: string;
    birthday: string | null;
    serial: string | null;
    salary: string;
  },
  field: ChangeRequestField,
): string | null {
  return employee[field];
}

const sizeFr = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

/** "850 Ko", "2,4 Mo". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${sizeFr.format(Math.max(1, Math.round(bytes / 1024)))} Ko`;
  return `${sizeFr.format(bytes / (1024 * 1024))} Mo`;
}
