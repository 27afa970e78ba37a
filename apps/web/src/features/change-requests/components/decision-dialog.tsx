import {
  CHANGE_REQUEST_FIELD_LABELS,
  DECISION_COMMENT_MAX_LENGTH,
  type TChangeRequest,
} from '@tasbiq/contracts/change-requests';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, inputClassName } from '../../../components/ui/form-field.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { errorMessage, requiredMessage } from '../../../lib/errors/error-message.ts';
import { useDecideChangeRequestMutation } from '../api/decide-change-request.ts';
import { formatFieldValue } from '../format-value.ts';

type DecisionDialogProps = {
  request: TChangeRequest;
  action: 'approve' | 'refuse';
  onOpenChange: (open: boolean) => void;
  onDecided: (request: TChangeRequest) => void;
};

const COMMENT_LABEL = { approve: 'Commentaire (facultatif)', refuse: 'Motif du refus' } as const;

/** The confirmation of a decision; a refusal must say why (the requester reads it). */
export function DecisionDialog({ request, action, onOpenChange, onDecided }: DecisionDialogProps) {
  const decide = useDecideChangeRequestMutation();
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);
  const isRefusal = action === 'refuse';
  const label = COMMENT_LABEL[action];
  const name = `${request.employee.first_name} ${request.employee.last_name}`;

  const submit = () => {
    if (isRefusal && !comment.trim()) {
      setCommentError(requiredMessage(label));
      return;
    }
    setCommentError(null);
    decide.mutate({ id: request.id, action, comment }, { onSuccess: onDecided });
  };

  return (
    <Modal
      open
      onOpenChange={onOpenChange}
      title={isRefusal ? 'Refuser la demande ?' : 'Approuver la demande ?'}
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {decide.isError ? <MessageBox severity="danger">{errorMessage(decide.error)}</MessageBox> : null}
        <p className="text-sm text-gray-700">
          {isRefusal ? (
            <>
              {CHANGE_REQUEST_FIELD_LABELS[request.field]} de {name} restera «{' '}
              {formatFieldValue(request.field, request.old_value)} ».
            </>
          ) : (
            <>
              {CHANGE_REQUEST_FIELD_LABELS[request.field]} de {name} deviendra «{' '}
              {formatFieldValue(request.field, request.new_value)} » immédiatement.
            </>
          )}
        </p>
        <FormField label={label} required={isRefusal} error={commentError ?? undefined}>
          {(control) => (
            <textarea
              {...control}
              rows={3}
              maxLength={DECISION_COMMENT_MAX_LENGTH}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
              className={inputClassName}
            />
          )}
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" label="Annuler" onClick={() => onOpenChange(false)} />
          <Button
            type="submit"
            variant={isRefusal ? 'danger' : 'primary'}
            label={isRefusal ? 'Refuser' : 'Approuver'}
            loading={decide.isPending}
          />
        </div>
      </form>
    </Modal>
  );
}
