import type { TGroup } from '@tasbiq/contracts/groups';
import { Button } from '../../../components/ui/button.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { errorMessage } from '../../../lib/errors/error-message.ts';
import { useDeleteGroupMutation } from '../api/delete-group.ts';

type DeleteGroupDialogProps = {
  group: TGroup;
  onOpenChange: (open: boolean) => void;
  onDeleted: (group: TGroup) => void;
};

/** The confirmation before a deletion (spec: confirmations before delete). */
export function DeleteGroupDialog({ group, onOpenChange, onDeleted }: DeleteGroupDialogProps) {
  const remove = useDeleteGroupMutation();
  return (
    <Modal open onOpenChange={onOpenChange} title={`Supprimer le groupe « ${group.name} » ?`}>
      <div className="flex flex-col gap-4">
        {remove.isError ? <MessageBox severity="danger">{errorMessage(remove.error)}</MessageBox> : null}
        <p className="text-sm text-gray-700">Les salariés de ce groupe deviendront sans groupe.</p>
        {group.employee_count > 0 ? (
          <p className="text-sm text-gray-700">
            {group.employee_count === 1
              ? '1 salarié est concerné.'
              : `${group.employee_count} salariés sont concernés.`}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" label="Annuler" onClick={() => onOpenChange(false)} />
          <Button
            variant="danger"
            label="Supprimer"
            loading={remove.isPending}
            onClick={() => remove.mutate(group.id, { onSuccess: () => onDeleted(group) })}
          />
        </div>
      </div>
    </Modal>
  );
}
