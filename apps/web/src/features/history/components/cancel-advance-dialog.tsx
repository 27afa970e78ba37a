import {
  ADVANCE_CANCEL_REASON_MAX,
  ADVANCE_CANCEL_REASON_MIN,
  type TAdvance,
} from '@tasbiq/contracts/advances';
import { type FormEvent, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, inputClassName } from '../../../components/ui/form-field.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { cx } from '../../../lib/cx.ts';
import { errorMessage, fieldErrors, requiredMessage } from '../../../lib/errors/error-message.ts';
import { formatMoney } from '../../../lib/format/money.ts';
import { useCancelAdvanceMutation } from '../api/cancel-advance.ts';

const REASON_LABEL = 'Motif de l’annulation';

/** The French error of the reason as typed, or null (the same bounds as ZCancelAdvanceRequest). */
export function reasonError(reason: string): string | null {
  const length = reason.trim().length;
  if (length === 0) return requiredMessage(REASON_LABEL);
  if (length < ADVANCE_CANCEL_REASON_MIN)
    return `Le motif doit contenir au moins ${ADVANCE_CANCEL_REASON_MIN} caractères.`;
  if (length > ADVANCE_CANCEL_REASON_MAX)
    return `Le motif doit contenir au plus ${ADVANCE_CANCEL_REASON_MAX} caractères.`;
  return null;
}

/** Asks why, then cancels a pending advance (POST /advances/{id}/cancel/ {reason}). */
export function CancelAdvanceDialog({
  advance,
  onClose,
  onCanceled,
}: {
  advance: TAdvance;
  onClose: () => void;
  onCanceled: (advance: TAdvance) => void;
}) {
  const cancel = useCancelAdvanceMutation();
  const [reason, setReason] = useState('');
  const [isChecked, setIsChecked] = useState(false);
  const shownError = isChecked ? reasonError(reason) : null;
  const serverFieldError = fieldErrors(cancel.error).reason;

  // A refused submit sends the focus to the reason (it stayed on the button before), once its error
  // is on screen, so the error is read with the field.
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [refusals, setRefusals] = useState(0);
  useLayoutEffect(() => {
    if (refusals > 0) reasonRef.current?.focus();
  }, [refusals]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsChecked(true);
    if (reasonError(reason) !== null) {
      setRefusals((count) => count + 1);
      return;
    }
    cancel.mutate(
      { id: advance.id, reason: reason.trim() },
      {
        onSuccess: onCanceled,
        onError: (error) => {
          if (fieldErrors(error).reason) setRefusals((count) => count + 1);
        },
      },
    );
  };

  return (
    <Modal
      open
      title="Annuler l’avance"
      align="bottom"
      dismissible={!cancel.isPending}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <p className="text-sm text-gray-700">
          Votre demande d’avance de {formatMoney(advance.amount)} sera annulée et le montant rendu à votre
          solde disponible.
        </p>
        <FormField label={REASON_LABEL} required error={shownError ?? serverFieldError}>
          {(control) => (
            <textarea
              {...control}
              ref={reasonRef}
              name="reason"
              rows={3}
              maxLength={ADVANCE_CANCEL_REASON_MAX}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              className={cx(inputClassName, 'resize-y')}
            />
          )}
        </FormField>
        {cancel.isError && !serverFieldError ? (
          <MessageBox severity="danger">{errorMessage(cancel.error)}</MessageBox>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" label="Retour" disabled={cancel.isPending} onClick={onClose} />
          <Button type="submit" variant="danger" label="Confirmer l’annulation" loading={cancel.isPending} />
        </div>
      </form>
    </Modal>
  );
}
