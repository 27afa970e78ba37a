import { REPORT_STATUS_LABELS_FR, type TMissionOrder } from '@tasbiq/contracts/mission-orders';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { errorMessage } from '../../../lib/errors/error-message.ts';
import { useOpenReportsQuery } from '../api/list-open-reports.ts';
import { useAssignExpensesMutation, useSendReportMutation } from '../api/send-report.ts';

const day = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const orderLabel = (order: TMissionOrder) =>
  `${order.number} « ${order.title} » (${day(order.start_date)} – ${day(order.end_date)})`;

type OpenReportsProps = {
  /** The drafts ticked in the list, to attach to an order. */
  selected: number[];
  onAssigned: (text: string) => void;
  onError: (text: string) => void;
};

/**
 * The reports the employee can fill and send: their approved orders whose report is a draft or
 * returned. Ticked drafts are attached to one of them; each report is sent for validation.
 */
export function OpenReports({ selected, onAssigned, onError }: OpenReportsProps) {
  const id = useId();
  const orders = useOpenReportsQuery();
  const assign = useAssignExpensesMutation();
  const send = useSendReportMutation();
  const [target, setTarget] = useState('');
  const list = orders.data?.results ?? [];
  if (list.length === 0) return null;
  const chosen = target || String(list[0]!.id);

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-gray-200"
    >
      <h2 id={`${id}-title`} className="text-base font-semibold text-gray-900">
        Notes de frais des ordres de mission approuvés
      </h2>
      <ul className="flex flex-col gap-2">
        {list.map((order) => (
          <li key={order.id} className="flex flex-wrap items-center justify-between gap-2">
            <p className="min-w-0 text-sm text-gray-800">
              {orderLabel(order)} · {REPORT_STATUS_LABELS_FR[order.report_status]}
            </p>
            <Button
              size="sm"
              label={`Envoyer la note ${order.number}`}
              loading={send.isPending && send.variables === order.id}
              onClick={() =>
                send.mutate(order.id, {
                  onSuccess: () =>
                    onAssigned(`La note de frais ${order.number} a été envoyée pour validation.`),
                  onError: (error) => onError(errorMessage(error)),
                })
              }
            />
          </li>
        ))}
      </ul>
      {selected.length > 0 ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <SelectField
            label="Rattacher les brouillons sélectionnés à"
            className="flex-1"
            options={list.map((order) => ({ value: String(order.id), label: orderLabel(order) }))}
            value={chosen}
            onChange={(event) => setTarget(event.target.value)}
          />
          <Button
            label="Rattacher"
            loading={assign.isPending}
            onClick={() =>
              assign.mutate(
                { orderId: Number(chosen), expenses: selected },
                {
                  onSuccess: () =>
                    onAssigned(
                      `${selected.length} dépense${selected.length > 1 ? 's rattachées' : ' rattachée'} à l’ordre de mission.`,
                    ),
                  onError: (error) => onError(errorMessage(error)),
                },
              )
            }
          />
        </div>
      ) : null}
    </section>
  );
}
