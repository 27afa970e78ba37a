import { IconDownload } from '@tabler/icons-react';
import {
  MISSION_ORDER_EVENT_LABELS_FR,
  REPORT_STATUS_LABELS_FR,
  type TMissionOrderDetails,
} from '@tasbiq/contracts/mission-orders';
import { PAYOUT_METHOD_LABELS_FR } from '@tasbiq/contracts/money';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadErrorState } from '../../components/ui/load-error-state.tsx';
import { MessageBox } from '../../components/ui/message-box.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { SummaryList } from '../../components/ui/summary-list.tsx';
import { errorMessage } from '../../lib/errors/error-message.ts';
import { saveFile } from '../../lib/files/save-file.ts';
import { formatDateTime } from '../../lib/format/date-time.ts';
import { shortenFileName } from '../../lib/format/file-name.ts';
import { formatMoney } from '../../lib/format/money.ts';
import { http } from '../../lib/http/client.ts';
import { OrderReportSection } from '../expenses/components/order-report-section.tsx';
import { ReviewReportSection } from '../expenses/components/review-report-section.tsx';
import { settlementFooter } from '../expenses/components/settlement-summary.tsx';
import { useMissionOrderQuery } from './api/get-mission-order.ts';
import { ReplyPanel } from './components/reply-panel.tsx';
import { AdvanceStatusBadge, MissionStatusBadge } from './components/status-badge.tsx';
import { formatDay } from './format-day.ts';

/** /missionorders/{id}: the order, its files, its history, and the reply for a reviewer. */
export function MissionOrderDetailsScreen() {
  return <DetailsScreen area="employee" />;
}

/** /rh/missionorders/{id}: the same, back to HR's list. */
export function HrMissionOrderDetailsScreen() {
  return <DetailsScreen area="hr" />;
}

function DetailsScreen({ area }: { area: Area }) {
  const { id: rawId = '' } = useParams();
  const id = /^\d{1,10}$/.test(rawId) ? Number(rawId) : null;
  const back = area === 'hr' ? '/rh/missionorders' : '/missionorders';
  if (id === null) return <NotFound back={back} />;
  return <Details id={id} back={back} area={area} />;
}

function NotFound({ back }: { back: string }) {
  return (
    <EmptyState
      title="Ordre de mission introuvable."
      action={<Button variant="secondary" label="Retour aux ordres de mission" to={back} />}
    />
  );
}

type Area = 'employee' | 'hr';

function Details({ id, back, area }: { id: number; back: string; area: Area }) {
  const order = useMissionOrderQuery(id);
  if (order.isPending) return <Spinner isBlock label="Chargement de l’ordre de mission" />;
  if (order.isError) {
    const status = (order.error as { status?: number }).status;
    if (status === 404) return <NotFound back={back} />;
    return (
      <LoadErrorState
        title="L’ordre de mission n’a pas pu être chargé."
        error={order.error}
        onRetry={() => order.refetch()}
      />
    );
  }
  return <OrderView order={order.data} back={back} area={area} />;
}

/**
 * The expense report of an approved order (issue 15): the employee fills and sends their own on
 * /missionorders/{id}; a reviewer (a validator there, HR on /rh/missionorders/{id}) answers it.
 */
function ReportSection({ order, area }: { order: TMissionOrderDetails; area: Area }) {
  if (order.status !== 'accepted') return null;
  if (area === 'employee' && order.is_own)
    return <OrderReportSection order={order} footer={settlementFooter} />;
  return <ReviewReportSection order={order} footer={settlementFooter} />;
}

function OrderView({ order, back, area }: { order: TMissionOrderDetails; back: string; area: Area }) {
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const download = async (url: string, name: string) => {
    setDownloadError(null);
    try {
      saveFile(await http.getBlob(url.replace(/^\/api/, '')), name);
    } catch (error) {
      setDownloadError(error);
    }
  };
  const rows: Array<readonly [string, string]> = [
    ['Salarié', `${order.employee.first_name} ${order.employee.last_name}`],
    ['Trajet', `${order.departure_city.name} → ${order.arrival_city.name}`],
    ['Dates', `du ${formatDay(order.start_date)} au ${formatDay(order.end_date)}`],
    ['Invités', String(order.guests)],
    ['Avance demandée', formatMoney(order.requested_advance_amount)],
    ['Avance accordée', formatMoney(order.advance_amount)],
    ['Note de frais', REPORT_STATUS_LABELS_FR[order.report_status]],
    ['Envoyé le', formatDateTime(order.submitted)],
  ];
  if (order.payout_method) rows.push(['Versement', PAYOUT_METHOD_LABELS_FR[order.payout_method]]);
  if (order.advance_status === 'executed')
    rows.push(['Montant à justifier', formatMoney(order.advance_paid)]);

  return (
    <div className="flex flex-col gap-4">
      <PageTitle
        title={`Ordre de mission ${order.number}`}
        subtitle={order.title}
        actions={<Button variant="tertiary" size="sm" label="Retour à la liste" to={back} />}
      />
      <div className="flex flex-wrap gap-2">
        <MissionStatusBadge status={order.status} />
        {order.is_overdue ? <Badge tone="danger">En retard</Badge> : null}
        {order.status === 'accepted' ? <AdvanceStatusBadge status={order.advance_status} /> : null}
      </div>
      {order.advance_status === 'executed' ? (
        <MessageBox severity="success">
          L’avance de {formatMoney(order.advance_paid)} a été versée
          {order.payout_method === 'card' ? ' sur votre carte prépayée' : ' par virement'}.
        </MessageBox>
      ) : null}
      {order.advance_status === 'failed' ? (
        <MessageBox severity="danger">
          L’avance n’a pas pu être versée
          {order.advance_failure_reason ? ` : ${order.advance_failure_reason}` : ''}.
        </MessageBox>
      ) : null}
      <section aria-label="Détails" className="rounded-2xl bg-white p-4 ring-1 ring-gray-200 sm:p-6">
        <SummaryList rows={rows} />
        {order.description ? (
          <p className="mt-4 whitespace-pre-line text-gray-800">{order.description}</p>
        ) : null}
      </section>
      {order.files.length > 0 ? (
        <section
          aria-labelledby="files-title"
          className="rounded-2xl bg-white p-4 ring-1 ring-gray-200 sm:p-6"
        >
          <h2 id="files-title" className="mb-2 text-lg font-semibold text-gray-900">
            Pièces jointes
          </h2>
          {downloadError ? <MessageBox severity="danger">{errorMessage(downloadError)}</MessageBox> : null}
          <ul className="flex flex-col gap-1.5">
            {order.files.map((file) => (
              <li key={file.id}>
                <Button
                  variant="tertiary"
                  size="sm"
                  icon={<IconDownload aria-hidden="true" />}
                  iconPosition="left"
                  label={<span title={file.name}>{shortenFileName(file.name)}</span>}
                  aria-label={`Télécharger ${file.name}`}
                  onClick={() => download(file.url, file.name)}
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {order.can_edit ? (
        <MessageBox severity="warning">
          Votre ordre de mission vous a été retourné : modifiez-le puis renvoyez-le.
          <div className="mt-2">
            <Button label="Modifier et renvoyer" to={`/missionorders/${order.id}/edit`} />
          </div>
        </MessageBox>
      ) : null}
      {order.can_review ? <ReplyPanel key={order.advance_amount} order={order} /> : null}
      <ReportSection order={order} area={area} />
      <section
        aria-labelledby="history-title"
        className="rounded-2xl bg-white p-4 ring-1 ring-gray-200 sm:p-6"
      >
        <h2 id="history-title" className="mb-2 text-lg font-semibold text-gray-900">
          Historique
        </h2>
        <ol className="flex flex-col gap-3">
          {order.history.map((event) => (
            <li key={event.id} className="border-l-2 border-brand-200 pl-3">
              <p className="font-medium text-gray-900">
                {MISSION_ORDER_EVENT_LABELS_FR[event.type]}
                {event.by ? ` par ${event.by.first_name} ${event.by.last_name}` : ''}
              </p>
              <p className="text-sm text-gray-600">
                <time dateTime={event.created}>{formatDateTime(event.created)}</time>
                {event.type === 'advance_changed' && event.amount_before && event.amount_after
                  ? ` · avance ${formatMoney(event.amount_before)} → ${formatMoney(event.amount_after)}`
                  : ''}
              </p>
              {event.comment ? <p className="mt-1 text-gray-800">« {event.comment} »</p> : null}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
