import type { TTravelPolicy } from '@tasbiq/contracts/expense-policy';
import { Button } from '../../../components/ui/button.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { errorMessage } from '../../../lib/errors/error-message.ts';
import { formatMoney } from '../../../lib/format/money.ts';
import { useDeleteTravelPolicyMutation } from '../api/delete-travel-policy.ts';
import { routeLabel } from '../policy-labels.ts';

type DeleteTravelPolicyDialogProps = {
  policy: TTravelPolicy;
  onOpenChange: (open: boolean) => void;
  onDeleted: (policy: TTravelPolicy) => void;
};

/** The confirmation before a route's ceiling is removed. */
export function DeleteTravelPolicyDialog({ policy, onOpenChange, onDeleted }: DeleteTravelPolicyDialogProps) {
  const remove = useDeleteTravelPolicyMutation();
  const route = routeLabel(policy.departure_city_name, policy.arrival_city_name);
  return (
    <Modal open onOpenChange={onOpenChange} title="Supprimer ce trajet ?">
      <div className="flex flex-col gap-4">
        {remove.isError ? <MessageBox severity="danger">{errorMessage(remove.error)}</MessageBox> : null}
        <p className="text-sm text-gray-700">
          Le plafond de {formatMoney(policy.ceiling)} pour {route} ne s'appliquera plus aux nouveaux ordres de
          mission.
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" label="Annuler" onClick={() => onOpenChange(false)} />
          <Button
            variant="danger"
            label="Supprimer"
            loading={remove.isPending}
            onClick={() => remove.mutate(policy.id, { onSuccess: () => onDeleted(policy) })}
          />
        </div>
      </div>
    </Modal>
  );
}
