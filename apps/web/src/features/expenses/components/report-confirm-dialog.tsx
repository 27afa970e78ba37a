import { REVIEW_COMMENT_MAX } from '@tasbiq/contracts/expenses';
import { type ReactNode, useState } from 'react';
import { Button, type ButtonVariant } from '../../../components/ui/button.tsx';
import { FormField, inputClassName } from '../../../components/ui/form-field.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { cx } from '../../../lib/cx.ts';
import { errorMessage, requiredMessage } from '../../../lib/errors/error-message.ts';

type ReportConfirmDialogProps = {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  confirmVariant?: ButtonVariant;
  /** A comment for the employee: none, optional, or required (a return or a refusal says why). */
  comment?: 'optional' | 'required';
  isPending: boolean;
  /** The API's refusal, shown in the dialog in French. */
  error: unknown;
  onConfirm: (comment: string) => void;
  onCancel: () => void;
};

/** The confirmation before a report is sent or answered, with the reviewer's comment. */
export function ReportConfirmDialog({
  title,
  children,
  confirmLabel,
  confirmVariant = 'primary',
  comment,
  isPending,
  error,
  onConfirm,
  onCancel,
}: ReportConfirmDialogProps) {
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const confirm = () => {
    if (comment === 'required' && !text.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    onConfirm(text.trim());
  };
  return (
    <Modal open onOpenChange={(open) => !open && onCancel()} title={title} align="bottom">
      <div className="flex flex-col gap-4">
        <div className="text-sm text-gray-700">{children}</div>
        {comment ? (
          <FormField
            label="Commentaire"
            required={comment === 'required'}
            hint={
              comment === 'required'
                ? 'Obligatoire : le salarié saura quoi corriger.'
                : 'Facultatif, transmis au salarié.'
            }
            error={missing ? requiredMessage('Commentaire') : undefined}
          >
            {(control) => (
              <textarea
                {...control}
                rows={3}
                maxLength={REVIEW_COMMENT_MAX}
                value={text}
                className={cx(inputClassName, 'resize-y')}
                onChange={(event) => setText(event.target.value)}
              />
            )}
          </FormField>
        ) : null}
        {error ? <MessageBox severity="danger">{errorMessage(error)}</MessageBox> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" label="Annuler" onClick={onCancel} />
          <Button variant={confirmVariant} label={confirmLabel} loading={isPending} onClick={confirm} />
        </div>
      </div>
    </Modal>
  );
}
