import {
  AUDITED_FIELD_LABELS_FR,
  type AuditedField,
  type TEmployeeAuditEntry,
} from '@tasbiq/contracts/employees';
import { InlineLoadError } from '../../../components/ui/load-error-state.tsx';
import { ResponsiveTable } from '../../../components/ui/responsive-table.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDateTime } from '../../../lib/format/date-time.ts';
import { formatMoney } from '../../../lib/format/money.ts';
import { AUDIT_PAGE_SIZE, useEmployeeAuditQuery } from '../api/get-employee-audit.ts';
import { advancesPerMonthLabel, balanceMethodLabel } from '../options.ts';

const AMOUNTS: readonly AuditedField[] = [
  'salary',
  'hourly_rate',
  'net_payable',
  'total_max_advance_per_month',
];

/** A value of the trail as HR reads it: "9 000 DH", "60 %", "Illimité", "Oui"… */
export function formatAuditValue(field: AuditedField, value: string | null): string {
  if (value === null || value === '') return '—';
  if (AMOUNTS.includes(field)) return formatMoney(value);
  switch (field) {
    case 'advance_percentage':
      return `${value} %`;
    case 'max_advances_per_month':
      return advancesPerMonthLabel(Number(value));
    case 'balance_method':
      return balanceMethodLabel(Number(value));
    case 'is_restricted':
      return value === 'true' ? 'Oui' : 'Non';
    default:
      return value;
  }
}

function who(entry: TEmployeeAuditEntry): string {
  return entry.approved_by
    ? `${entry.changed_by.name}, validé par ${entry.approved_by.name}`
    : entry.changed_by.name;
}

/**
 * "Historique des modifications" of the employee details: every change to pay, limits, balance
 * method, restriction and RIB — who, when, before, after (decision 025).
 */
export function EmployeeAuditHistory({ employeeId }: { employeeId: number }) {
  const audit = useEmployeeAuditQuery(employeeId);
  if (audit.isPending) return <Spinner label="Chargement de l'historique" />;
  if (audit.isError)
    return (
      <InlineLoadError
        message="L'historique n'a pas pu être chargé."
        error={audit.error}
        onRetry={() => audit.refetch()}
      />
    );
  const { count, results } = audit.data;
  if (results.length === 0)
    return (
      <p className="text-sm text-gray-600">
        Aucune modification de la paie, des plafonds ou du RIB n'a été enregistrée.
      </p>
    );
  return (
    <div className="flex flex-col gap-2">
      <ResponsiveTable
        label="Historique des modifications"
        items={results}
        keyOf={(entry) => entry.id}
        card={(entry) => (
          <>
            <p className="font-medium text-gray-900">{AUDITED_FIELD_LABELS_FR[entry.field]}</p>
            <p className="text-sm text-gray-700">
              {formatAuditValue(entry.field, entry.old_value)} →{' '}
              {formatAuditValue(entry.field, entry.new_value)}
            </p>
            <p className="text-xs text-gray-600">
              {formatDateTime(entry.created)} · {who(entry)}
            </p>
          </>
        )}
        columns={[
          { header: 'Date', cell: (entry) => formatDateTime(entry.created), className: 'whitespace-nowrap' },
          { header: 'Champ', cell: (entry) => AUDITED_FIELD_LABELS_FR[entry.field], isRowHeader: true },
          { header: 'Avant', cell: (entry) => formatAuditValue(entry.field, entry.old_value) },
          { header: 'Après', cell: (entry) => formatAuditValue(entry.field, entry.new_value) },
          { header: 'Par', cell: who },
        ]}
      />
      {count > results.length ? (
        <p className="text-xs text-gray-600">
          Les {AUDIT_PAGE_SIZE} dernières modifications sur {count}.
        </p>
      ) : null}
    </div>
  );
}
