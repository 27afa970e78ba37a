import type { TEmployeeDetail, TSendLinkResponse } from '@tasbiq/contracts/employees';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { errorMessage } from '../../../lib/errors/error-message.ts';
import { useSendActivationLinkMutation } from '../api/send-activation-link.ts';
import { useSendResetLinkMutation } from '../api/send-reset-link.ts';
import { CheckboxField } from './checkbox-field.tsx';

export type LinkKind = 'activation' | 'reset';

const TITLES: Record<LinkKind, string> = {
  activation: "Renvoyer le lien d'activation",
  reset: 'Envoyer un lien de réinitialisation',
};

/**
 * Sends an invited employee a new activation link, or an activated one a password reset link.
 * The e-mail goes whenever there is an address; the SMS when the box is ticked.
 */
export function SendLinkDialog({
  kind,
  employee,
  onOpenChange,
  onSent,
}: {
  kind: LinkKind;
  employee: TEmployeeDetail;
  onOpenChange: (open: boolean) => void;
  onSent: (result: TSendLinkResponse) => void;
}) {
  const activation = useSendActivationLinkMutation(employee.id);
  const reset = useSendResetLinkMutation(employee.id);
  const send = kind === 'activation' ? activation : reset;
  const [bySms, setBySms] = useState(employee.phone !== null);
  const canSend = bySms || employee.email !== null;
  return (
    <Modal open onOpenChange={onOpenChange} title={TITLES[kind]}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-gray-700">
          {kind === 'activation'
            ? `${employee.first_name} recevra un nouveau lien, valable 7 jours, pour choisir son mot de passe. L'ancien lien ne fonctionnera plus.`
            : `${employee.first_name} recevra un lien, valable 1 heure, pour choisir un nouveau mot de passe.`}
        </p>
        {employee.phone ? (
          <CheckboxField
            label={`Par SMS au ${employee.phone}`}
            checked={bySms}
            onChange={(event) => setBySms(event.target.checked)}
          />
        ) : null}
        <p className="text-sm text-gray-600">
          {employee.email
            ? `Le lien part aussi par e-mail à ${employee.email}.`
            : "Ce salarié n'a pas d'adresse e-mail : le lien ne peut partir que par SMS."}
        </p>
        {send.isError ? <MessageBox severity="danger">{errorMessage(send.error)}</MessageBox> : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" label="Annuler" onClick={() => onOpenChange(false)} />
          <Button
            label="Envoyer le lien"
            disabled={!canSend}
            loading={send.isPending}
            onClick={() => send.mutate({ send_sms: bySms }, { onSuccess: onSent })}
          />
        </div>
      </div>
    </Modal>
  );
}
