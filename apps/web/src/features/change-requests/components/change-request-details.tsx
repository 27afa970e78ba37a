import { IconDownload } from '@tabler/icons-react';
import { CHANGE_REQUEST_FIELD_LABELS, type TChangeRequest } from '@tasbiq/contracts/change-requests';
import { isDrh } from '@tasbiq/contracts/roles';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { errorMessage } from '../../../lib/errors/error-message.ts';
import { formatDateTime } from '../../../lib/format/date-time.ts';
import { shortenFileName } from '../../../lib/format/file-name.ts';
import { useReadySession } from '../../session/ready-session.tsx';
import { useDownloadAttachmentMutation } from '../api/download-attachment.ts';
import { useChangeRequestQuery } from '../api/get-change-request.ts';
import { formatFieldValue, formatFileSize } from '../format-value.ts';
import { DecisionDialog } from './decision-dialog.tsx';
import { StatusBadge } from './status-badge.tsx';

type ChangeRequestDetailsProps = {
  initial: TChangeRequest;
  onOpenChange: (open: boolean) => void;
  onDecided: (request: TChangeRequest, action: 'approve' | 'refuse') => void;
};

/**
 * One request: old → new value, why, the documents, and its audit trail. A DRH who did not ask
 * for it may approve or refuse it while it is pending (the API enforces the same rule).
 */
export function ChangeRequestDetails({ initial, onOpenChange, onDecided }: ChangeRequestDetailsProps) {
  const { account } = useReadySession();
  const query = useChangeRequestQuery(initial.id, initial);
  const download = useDownloadAttachmentMutation();
  const [deciding, setDeciding] = useState<'approve' | 'refuse' | null>(null);
  const request = query.data ?? initial;
  const isOwn = request.requested_by.id === account.id;
  const canDecide = request.status === 'pending' && isDrh(account.roles) && !isOwn;

  return (
    <>
      <Modal
        open={deciding === null}
        onOpenChange={onOpenChange}
        title="Demande de modification"
        className="sm:max-w-xl"
      >
        <div className="flex flex-col gap-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <Link
                to={`/rh/employees/${request.employee.id}`}
                className="font-semibold text-brand-700 underline-offset-2 hover:underline"
              >
                {request.employee.first_name} {request.employee.last_name}
              </Link>
              {request.employee.serial ? (
                <p className="text-sm text-gray-600">Matricule {request.employee.serial}</p>
              ) : null}
            </div>
            <StatusBadge status={request.status} />
          </div>

          <dl className="grid gap-3 rounded-xl bg-gray-50 p-3 text-sm ring-1 ring-gray-200 sm:grid-cols-[auto_1fr] sm:gap-x-4">
            <dt className="text-gray-600">Champ</dt>
            <dd className="font-medium text-gray-900">{CHANGE_REQUEST_FIELD_LABELS[request.field]}</dd>
            <dt className="text-gray-600">Valeur actuelle</dt>
            <dd className="break-all text-gray-900">{formatFieldValue(request.field, request.old_value)}</dd>
            <dt className="text-gray-600">Nouvelle valeur</dt>
            <dd className="break-all font-semibold text-gray-900">
              {formatFieldValue(request.field, request.new_value)}
            </dd>
            <dt className="text-gray-600">Motif</dt>
            <dd className="whitespace-pre-line text-gray-900">{request.description}</dd>
          </dl>

          <section aria-labelledby={`attachments-${request.id}`}>
            <h3 id={`attachments-${request.id}`} className="mb-2 text-sm font-semibold text-gray-900">
              Pièces justificatives
            </h3>
            {download.isError ? (
              <MessageBox severity="danger" className="mb-2">
                {errorMessage(download.error)}
              </MessageBox>
            ) : null}
            {request.attachments.length === 0 ? (
              <p className="text-sm text-gray-600">Aucune pièce jointe.</p>
            ) : (
              <ul className="flex flex-col gap-1.5">
                {request.attachments.map((attachment) => (
                  <li key={attachment.id} className="flex items-center justify-between gap-2 text-sm">
                    <span className="min-w-0 truncate text-gray-900" title={attachment.file_name}>
                      {shortenFileName(attachment.file_name)}{' '}
                      <span className="text-xs text-gray-500">({formatFileSize(attachment.size)})</span>
                    </span>
                    <Button
                      variant="secondary"
                      size="sm"
                      label="Télécharger"
                      aria-label={`Télécharger ${attachment.file_name}`}
                      icon={<IconDownload aria-hidden="true" />}
                      iconPosition="left"
                      loading={download.isPending && download.variables?.attachment.id === attachment.id}
                      onClick={() => download.mutate({ changeRequestId: request.id, attachment })}
                    />
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby={`audit-${request.id}`}>
            <h3 id={`audit-${request.id}`} className="mb-2 text-sm font-semibold text-gray-900">
              Historique
            </h3>
            <ol className="flex flex-col gap-2 border-l-2 border-gray-200 pl-4 text-sm">
              <li>
                Demandée par <span className="font-medium">{request.requested_by.name}</span> le{' '}
                {formatDateTime(request.created)}
              </li>
              {request.decided_by && request.decided_at ? (
                <li>
                  {request.status === 'approved' ? 'Approuvée' : 'Refusée'} par{' '}
                  <span className="font-medium">{request.decided_by.name}</span> le{' '}
                  {formatDateTime(request.decided_at)}
                  {request.decision_comment ? (
                    <span className="block text-gray-600">« {request.decision_comment} »</span>
                  ) : null}
                </li>
              ) : (
                <li className="text-gray-600">En attente de la décision d'un DRH.</li>
              )}
            </ol>
          </section>

          {request.status === 'pending' && isDrh(account.roles) && isOwn ? (
            <MessageBox severity="info">Une autre personne doit valider cette demande.</MessageBox>
          ) : null}
          {canDecide ? (
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="danger" label="Refuser" onClick={() => setDeciding('refuse')} />
              <Button label="Approuver" onClick={() => setDeciding('approve')} />
            </div>
          ) : null}
        </div>
      </Modal>
      {deciding ? (
        <DecisionDialog
          request={request}
          action={deciding}
          onOpenChange={(open) => {
            if (!open) setDeciding(null);
          }}
          onDecided={(decided) => onDecided(decided, deciding)}
        />
      ) : null}
    </>
  );
}
