import { IconDownload, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { InlineLoadError } from '../../../components/ui/load-error-state.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/errors/error-message.ts';
import { formatDateTime } from '../../../lib/format/date-time.ts';
import {
  downloadEmployeeCardDocument,
  useEmployeeCardQuery,
  useSendCardLinkMutation,
} from '../api/employee-card.ts';

/**
 * The employee details' card (issue 11): where the card stands, the card-order link to send, the
 * signed contract and the CIN photos (while kept; every download is logged by the server).
 */
export function EmployeeCardSection({ employeeId }: { employeeId: number }) {
  const card = useEmployeeCardQuery(employeeId, true);
  const send = useSendCardLinkMutation(employeeId);
  const [failure, setFailure] = useState<unknown>(null);
  const [isConfirming, setIsConfirming] = useState(false);

  if (card.isPending) return <Spinner label="Chargement de la carte" />;
  if (card.isError)
    return (
      <InlineLoadError
        message="La carte n’a pas pu être chargée."
        error={card.error}
        onRetry={() => card.refetch()}
      />
    );
  const c = card.data.card;
  const canOrder = !c || c.status === 'canceled';
  const download = (document: Parameters<typeof downloadEmployeeCardDocument>[1]) => {
    setFailure(null);
    downloadEmployeeCardDocument(employeeId, document).catch(setFailure);
  };

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-gray-800">
        {c ? (
          <>
            <strong>{c.status_label}</strong>
            {c.last4 ? ` · •••• ${c.last4}` : ''}
            {c.contract_signed ? ` · contrat signé le ${formatDateTime(c.contract_signed)}` : ''}
          </>
        ) : (
          'Aucune carte.'
        )}
      </p>
      {send.isSuccess ? (
        <MessageBox severity="success">
          Lien de commande envoyé (
          {send.data.channels.join(' et ').replace('sms', 'SMS').replace('email', 'e-mail')}).
        </MessageBox>
      ) : null}
      {send.error || failure ? (
        <MessageBox severity="danger">{errorMessage(send.error ?? failure)}</MessageBox>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {canOrder ? (
          <Button
            size="sm"
            variant="secondary"
            icon={<IconSend aria-hidden="true" />}
            iconPosition="left"
            label="Envoyer le lien de commande"
            loading={send.isPending}
            onClick={() => setIsConfirming(true)}
          />
        ) : null}
        {c?.has_signed_contract ? (
          <Button
            size="sm"
            variant="tertiary"
            icon={<IconDownload aria-hidden="true" />}
            iconPosition="left"
            label="Contrat signé"
            onClick={() => download({ kind: 'contract' })}
          />
        ) : null}
        {c?.has_cin_images && c.order_id ? (
          <>
            <Button
              size="sm"
              variant="tertiary"
              label="CIN recto"
              onClick={() => download({ kind: 'cin', orderId: c.order_id!, side: 'front' })}
            />
            <Button
              size="sm"
              variant="tertiary"
              label="CIN verso"
              onClick={() => download({ kind: 'cin', orderId: c.order_id!, side: 'back' })}
            />
          </>
        ) : null}
      </div>
      <Modal
        open={isConfirming}
        onOpenChange={(open) => (open ? null : setIsConfirming(false))}
        title="Envoyer le lien de commande ?"
        align="bottom"
      >
        <div className="flex flex-col gap-4">
          <p className="text-sm text-gray-700">
            Un lien personnel pour commander sa carte prépayée sera envoyé au salarié par SMS et par e-mail.
            Un lien envoyé auparavant cessera de fonctionner.
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" label="Annuler" onClick={() => setIsConfirming(false)} />
            <Button
              label="Envoyer le lien"
              onClick={() => {
                setIsConfirming(false);
                send.mutate();
              }}
            />
          </div>
        </div>
      </Modal>
    </div>
  );
}
