import type { TEmployeeDetail } from '@tasbiq/contracts/employees';
import { Button } from '../../../components/ui/button.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { errorMessage } from '../../../lib/errors/error-message.ts';
import { useUpdateEmployeeMutation } from '../api/update-employee.ts';

/** Confirmation before deactivating (login refused from then on) or reactivating an employee. */
export function ToggleActiveDialog({
  employee,
  onOpenChange,
  onDone,
}: {
  employee: TEmployeeDetail;
  onOpenChange: (open: boolean) => void;
  onDone: (updated: TEmployeeDetail) => void;
}) {
  const update = useUpdateEmployeeMutation(employee.id);
  const name = `${employee.first_name} ${employee.last_name}`;
  const deactivating = employee.is_active;
  return (
    <Modal
      open
      onOpenChange={onOpenChange}
      title={deactivating ? `Désactiver ${name} ?` : `Réactiver ${name} ?`}
    >
      <div className="flex flex-col gap-4">
        <p className="text-sm text-gray-700">
          {deactivating
            ? "Son compte sera fermé : il ne pourra plus se connecter ni demander d'avance. Vous pourrez le réactiver à tout moment."
            : employee.has_password
              ? 'Son compte sera rouvert : il pourra de nouveau se connecter avec son mot de passe.'
              : "Son compte sera rouvert en attente d'activation : renvoyez-lui ensuite le lien d'activation."}
        </p>
        {update.isError ? <MessageBox severity="danger">{errorMessage(update.error)}</MessageBox> : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" label="Annuler" onClick={() => onOpenChange(false)} />
          <Button
            variant={deactivating ? 'danger' : 'primary'}
            label={deactivating ? 'Désactiver' : 'Réactiver'}
            loading={update.isPending}
            onClick={() => update.mutate({ is_active: !deactivating }, { onSuccess: onDone })}
          />
        </div>
      </div>
    </Modal>
  );
}
