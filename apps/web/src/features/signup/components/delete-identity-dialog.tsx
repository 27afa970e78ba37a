import type { TSignupIdentity } from '@tasbiq/contracts/signup';
import { Button } from '../../../components/ui/button.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { errorMessage } from '../../../lib/errors/error-message.ts';
import { useDeleteIdentityMutation } from '../api/delete-identity.ts';
import { formatIsoDay } from '../format.ts';

type DeleteIdentityDialogProps = {
  identity: TSignupIdentity | null;
  onClose: () => void;
  onDeleted: (identity: TSignupIdentity) => void;
};

/** Confirmation before deleting an (unused) identity: the person could no longer sign up with it. */
export function DeleteIdentityDialog({ identity, onClose, onDeleted }: DeleteIdentityDialogProps) {
  const remove = useDeleteIdentityMutation();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal open={identity !== null} onClose={close} title="Supprimer l'identité ?">
      {identity ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-gray-700">
            La personne au matricule <strong>{identity.serial}</strong>, née le{' '}
            {formatIsoDay(identity.birthday)}, ne pourra plus créer son compte avec le lien d'inscription.
          </p>
          {remove.isError ? <MessageBox severity="danger">{errorMessage(remove.error)}</MessageBox> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="tertiary" label="Annuler" onClick={close} />
            <Button
              variant="danger"
              label="Supprimer"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(identity.id, {
                  onSuccess: () => {
                    onDeleted(identity);
                    close();
                  },
                })
              }
            />
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
