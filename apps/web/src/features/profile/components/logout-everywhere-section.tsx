import { IconDevices } from '@tabler/icons-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { errorMessage } from '../../../lib/errors/error-message.ts';
import { useLogoutEverywhereMutation } from '../api/logout-everywhere.ts';

/** Profile › Sécurité: end every session of the account (POST /auth/logout_all), after a confirmation. */
export function LogoutEverywhereSection() {
  const logoutEverywhere = useLogoutEverywhereMutation();
  const [isConfirming, setIsConfirming] = useState(false);
  const close = () => {
    logoutEverywhere.reset();
    setIsConfirming(false);
  };

  return (
    <section aria-labelledby="logout-everywhere-title" className="flex flex-col gap-3">
      <div>
        <h2 id="logout-everywhere-title" className="text-lg font-semibold text-gray-900">
          Sessions ouvertes
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          Un appareil perdu ou une connexion que vous ne reconnaissez pas ? Fermez toutes les sessions de
          votre compte, sur tous les appareils.
        </p>
      </div>
      <div>
        <Button
          variant="danger"
          label="Se déconnecter partout"
          icon={<IconDevices aria-hidden="true" />}
          iconPosition="left"
          onClick={() => setIsConfirming(true)}
        />
      </div>
      <Modal
        open={isConfirming}
        onClose={close}
        dismissible={!logoutEverywhere.isPending}
        title="Se déconnecter partout ?"
      >
        <div className="flex flex-col gap-4">
          <p className="text-sm text-gray-700">
            Toutes les sessions de votre compte seront fermées immédiatement, sur tous vos appareils, y
            compris celui-ci. Vous devrez vous reconnecter.
          </p>
          {logoutEverywhere.isError ? (
            <MessageBox severity="danger">
              {errorMessage(logoutEverywhere.error)} Vos sessions n’ont pas été fermées.
            </MessageBox>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              variant="tertiary"
              label="Annuler"
              disabled={logoutEverywhere.isPending}
              onClick={close}
            />
            <Button
              variant="danger"
              label="Tout déconnecter"
              loading={logoutEverywhere.isPending}
              onClick={() => logoutEverywhere.mutate()}
            />
          </div>
        </div>
      </Modal>
    </section>
  );
}
