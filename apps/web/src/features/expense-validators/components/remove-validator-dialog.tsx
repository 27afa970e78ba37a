import type { TExpenseValidator } from '@tasbiq/contracts/expense-validators';
import { Button } from '../../../components/ui/button.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { errorMessage } from '../../../lib/errors/error-message.ts';
import { useRemoveValidatorMutation } from '../api/remove-validator.ts';

type RemoveValidatorDialogProps = {
  validator: TExpenseValidator;
  onOpenChange: (open: boolean) => void;
  onRemoved: (validator: TExpenseValidator) => void;
};

/** The confirmation before a validator is removed. */
export function RemoveValidatorDialog({ validator, onOpenChange, onRemoved }: RemoveValidatorDialogProps) {
  const remove = useRemoveValidatorMutation();
  const name = `${validator.first_name} ${validator.last_name}`.trim();
  return (
    <Modal open onOpenChange={onOpenChange} title={`Retirer ${name} des valideurs ?`}>
      <div className="flex flex-col gap-4">
        {remove.isError ? <MessageBox severity="danger">{errorMessage(remove.error)}</MessageBox> : null}
        <p className="text-sm text-gray-700">
          {name} ne pourra plus valider les ordres de mission ni les notes de frais. Les réponses déjà données
          restent.
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" label="Annuler" onClick={() => onOpenChange(false)} />
          <Button
            variant="danger"
            label="Retirer"
            loading={remove.isPending}
            onClick={() => remove.mutate(validator.id, { onSuccess: () => onRemoved(validator) })}
          />
        </div>
      </div>
    </Modal>
  );
}
