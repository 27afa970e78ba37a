import type { TAccount } from '@tasbiq/contracts/auth';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { formatDate } from '../../../lib/format/relative-time.ts';
import type { ContactKind } from '../api/request-contact-change.ts';

function Row({ label, value, action }: { label: string; value: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:gap-4">
      <dt className="text-sm text-gray-600 sm:w-40 sm:shrink-0">{label}</dt>
      <dd className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 break-words font-medium text-gray-900">{value}</span>
        {action}
      </dd>
    </div>
  );
}

const notProvided = <span className="font-normal text-gray-500">Non renseigné</span>;

/** The "Général" section: who the account is, with the two contacts it can change itself. */
export function AccountDetails({
  account,
  onEdit,
}: {
  account: TAccount;
  onEdit: (kind: ContactKind) => void;
}) {
  return (
    <dl className="divide-y divide-gray-200">
      <Row label="Nom complet" value={`${account.first_name} ${account.last_name}`.trim() || notProvided} />
      <Row
        label="Adresse e-mail"
        value={account.email || notProvided}
        action={
          <Button size="sm" variant="secondary" label="Modifier l'e-mail" onClick={() => onEdit('email')} />
        }
      />
      <Row
        label="Téléphone"
        value={account.phone || notProvided}
        action={
          <Button
            size="sm"
            variant="secondary"
            label="Modifier le téléphone"
            onClick={() => onEdit('phone')}
          />
        }
      />
      <Row label="CIN" value={account.cin || notProvided} />
      <Row label="Société" value={account.company?.name ?? notProvided} />
      <Row label="Membre depuis" value={formatDate(account.date_joined) || notProvided} />
    </dl>
  );
}
