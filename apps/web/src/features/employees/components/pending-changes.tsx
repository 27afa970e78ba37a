import { CHANGE_REQUEST_FIELD_LABELS } from '@tasbiq/contracts/change-requests';
import type { PendingChangeField, TPendingChange } from '@tasbiq/contracts/employees';
import { formatDateTime } from '../../../lib/format/date-time.ts';
import { formatFieldValue } from '../../change-requests/format-value.ts';

const LABELS: Record<PendingChangeField, string> = {
  ...CHANGE_REQUEST_FIELD_LABELS,
  email: 'E-mail',
  phone: 'Téléphone',
};

function shownValue(change: TPendingChange): string {
  if (change.field === 'email' || change.field === 'phone') return change.new_value ?? 'aucune';
  return formatFieldValue(change.field, change.new_value);
}

/**
 * What was asked but is not applied yet (decision 025): a large raise or an identity change waits
 * for a DRH; a new e-mail or phone given by HR waits for the employee to confirm it with a code.
 */
export function PendingChanges({ changes }: { changes: readonly TPendingChange[] }) {
  return (
    <ul className="divide-y divide-gray-100">
      {changes.map((change) => (
        <li
          key={`${change.field}-${change.change_request_id ?? change.created}`}
          className="flex flex-col gap-0.5 py-2.5"
        >
          <p className="font-medium text-gray-900">
            {LABELS[change.field]} : {shownValue(change)}
          </p>
          <p className="text-sm text-gray-600">
            {change.awaiting === 'drh'
              ? "En attente de la validation d'un DRH"
              : 'En attente de la confirmation du salarié (code envoyé à la nouvelle coordonnée quand il la confirme)'}
            {' · '}demandé par {change.requested_by.name} le {formatDateTime(change.created)}
          </p>
        </li>
      ))}
    </ul>
  );
}
