import type { TTransfer } from '@tasbiq/contracts/transfers';
import { Button } from '../../../components/ui/button.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { errorMessage } from '../../../lib/errors/error-message.ts';
import { formatDateTimeWithMonthName } from '../../../lib/format/date-time.ts';
import { formatMoney } from '../../../lib/format/money.ts';
import { TransferStatusBadge } from '../../shared/components/transfer-status-badge.tsx';
import { useCancelTransferMutation } from '../api/cancel-transfer.ts';
import { useMyTransfersQuery } from '../api/list-my-transfers.ts';

const isCancelable = (transfer: TTransfer) => transfer.status === 'pending' || transfer.status === 'sent';

/** The latest transfers with their live status; one not yet collected can be canceled (refunded). */
export function MyTransfers() {
  const query = useMyTransfersQuery();
  const cancel = useCancelTransferMutation();
  if (query.isPending) return null;
  if (query.isError) return <MessageBox severity="danger">{errorMessage(query.error)}</MessageBox>;
  if (query.data.results.length === 0) return null;
  return (
    <section aria-labelledby="my-transfers" className="rounded-2xl bg-white p-4 ring-1 ring-gray-200 sm:p-6">
      <h2 id="my-transfers" className="text-lg font-semibold text-gray-900">
        Mes derniers transferts
      </h2>
      {cancel.isError ? (
        <MessageBox severity="danger" className="mt-3">
          {errorMessage(cancel.error)}
        </MessageBox>
      ) : null}
      <ul className="divide-y divide-gray-100">
        {query.data.results.map((transfer) => (
          <li
            key={transfer.id}
            aria-label={`Transfert de ${formatMoney(transfer.amount)} à ${transfer.recipient_name}`}
            className="flex flex-wrap items-start justify-between gap-3 py-3"
          >
            <div className="flex min-w-0 flex-col gap-0.5">
              <p className="font-medium text-gray-900">{transfer.recipient_name}</p>
              <p className="text-sm text-gray-600">
                {transfer.recipient_phone} ·{' '}
                <time dateTime={transfer.created}>{formatDateTimeWithMonthName(transfer.created)}</time>
              </p>
              {transfer.failure_reason ? (
                <p className="text-sm text-red-700">{transfer.failure_reason}</p>
              ) : null}
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1">
              <p className="font-semibold text-gray-900 tabular-nums">{formatMoney(transfer.amount)}</p>
              <TransferStatusBadge status={transfer.status} />
              {isCancelable(transfer) ? (
                <Button
                  size="sm"
                  variant="tertiary"
                  label="Annuler le transfert"
                  loading={cancel.isPending && cancel.variables === transfer.id}
                  onClick={() => cancel.mutate(transfer.id)}
                />
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
