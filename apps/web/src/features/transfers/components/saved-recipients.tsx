import { IconTrash, IconUser } from '@tabler/icons-react';
import type { TTransferRecipient } from '@tasbiq/contracts/transfers';
import { useDeleteRecipientMutation } from '../api/delete-recipient.ts';
import { useRecipientsQuery } from '../api/list-recipients.ts';

/** Saved recipients: a tap fills the form; the bin removes one. Nothing shows when there are none. */
export function SavedRecipients({ onPick }: { onPick: (recipient: TTransferRecipient) => void }) {
  const query = useRecipientsQuery();
  const remove = useDeleteRecipientMutation();
  if (!query.data || query.data.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium text-gray-900">Bénéficiaires enregistrés</legend>
      <ul className="flex flex-col gap-2">
        {query.data.map((recipient) => (
          <li key={recipient.id} className="flex items-center gap-2">
            <button
              type="button"
              onClick={() => onPick(recipient)}
              className="flex min-h-11 flex-1 items-center gap-2 rounded-xl px-3 py-2 text-left ring-1 ring-gray-200 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <IconUser aria-hidden="true" className="size-5 text-gray-500" />
              <span className="font-medium text-gray-900">{recipient.name}</span>
              <span className="text-sm text-gray-600">{recipient.phone}</span>
            </button>
            <button
              type="button"
              aria-label={`Supprimer ${recipient.name}`}
              disabled={remove.isPending}
              onClick={() => remove.mutate(recipient.id)}
              className="flex size-11 items-center justify-center rounded-xl text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <IconTrash aria-hidden="true" className="size-5" />
            </button>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
