import { IconDownload, IconLock, IconLockOpen, IconPassword } from '@tabler/icons-react';
import type { TCard } from '@tasbiq/contracts/cards';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { errorMessage } from '../../../lib/errors/error-message.ts';
import { useResetPinMutation, useToggleCardMutation } from '../api/card-actions.ts';
import { downloadContract } from '../api/download-contract.ts';
import { CardActivity } from './card-activity.tsx';

type Confirming = 'block' | 'unblock' | 'pin' | null;

const CONFIRM_TEXT: Record<Exclude<Confirming, null>, { title: string; body: string; action: string }> = {
  block: {
    title: 'Bloquer votre carte ?',
    body: 'Plus aucun paiement ni retrait ne sera accepté. Vous pourrez la débloquer à tout moment ici.',
    action: 'Bloquer la carte',
  },
  unblock: {
    title: 'Débloquer votre carte ?',
    body: 'Votre carte pourra de nouveau servir aux paiements et aux retraits.',
    action: 'Débloquer la carte',
  },
  pin: {
    title: 'Recevoir un nouveau code PIN ?',
    body: 'Un nouveau code PIN vous sera envoyé par SMS. L’ancien ne fonctionnera plus.',
    action: 'Envoyer un nouveau code',
  },
};

/** An active or blocked card: its state, block ⇄ unblock and a new PIN (confirmed first), its activity. */
export function ActiveCard({ card }: { card: TCard }) {
  const toggle = useToggleCardMutation();
  const pin = useResetPinMutation();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const isBlocked = card.status === 'blocked';
  const failure = toggle.error ?? pin.error;

  const run = () => {
    const what = confirming;
    setConfirming(null);
    setNotice(null);
    if (what === 'pin')
      pin.mutate(undefined, {
        // One sentence: the server's detail ends with its own full stop.
        onSuccess: (answer) => setNotice(`${answer.detail.replace(/\.\s*$/, '')} au\u00a0${answer.phone}.`),
      });
    else if (what)
      toggle.mutate(what === 'unblock', {
        onSuccess: () =>
          setNotice(what === 'block' ? 'Votre carte est bloquée.' : 'Votre carte est débloquée.'),
      });
  };

  return (
    <div className="flex flex-col gap-4">
      <section
        className={`rounded-2xl p-5 text-white shadow-sm ${isBlocked ? 'bg-gray-600' : 'bg-brand-700'}`}
        aria-label="Votre carte prépayée"
      >
        <p className="text-sm opacity-90">Carte prépayée Tasbiq</p>
        <p className="mt-3 font-mono text-xl tracking-widest">•••• •••• •••• {card.last4 ?? '••••'}</p>
        <p className="mt-3 text-sm font-medium">{isBlocked ? 'Bloquée' : 'Active'}</p>
      </section>
      {notice ? <MessageBox severity="success">{notice}</MessageBox> : null}
      {failure ? <MessageBox severity="danger">{errorMessage(failure)}</MessageBox> : null}
      <div className="flex flex-wrap gap-2">
        {isBlocked ? (
          <Button
            icon={<IconLockOpen aria-hidden="true" />}
            iconPosition="left"
            label="Débloquer"
            loading={toggle.isPending}
            onClick={() => setConfirming('unblock')}
          />
        ) : (
          <Button
            variant="danger"
            icon={<IconLock aria-hidden="true" />}
            iconPosition="left"
            label="Bloquer"
            loading={toggle.isPending}
            onClick={() => setConfirming('block')}
          />
        )}
        <Button
          variant="secondary"
          icon={<IconPassword aria-hidden="true" />}
          iconPosition="left"
          label="Nouveau code PIN"
          loading={pin.isPending}
          onClick={() => setConfirming('pin')}
        />
        <Button
          variant="tertiary"
          icon={<IconDownload aria-hidden="true" />}
          iconPosition="left"
          label="Contrat signé"
          onClick={() => downloadContract(true).catch((error) => setNotice(errorMessage(error)))}
        />
      </div>
      <CardActivity />
      <Modal
        open={confirming !== null}
        onOpenChange={(open) => (open ? null : setConfirming(null))}
        title={confirming ? CONFIRM_TEXT[confirming].title : undefined}
        align="bottom"
      >
        {confirming ? (
          <div className="flex flex-col gap-4">
            <p className="text-sm text-gray-700">{CONFIRM_TEXT[confirming].body}</p>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="secondary" label="Annuler" onClick={() => setConfirming(null)} />
              <Button
                variant={confirming === 'block' ? 'danger' : 'primary'}
                label={CONFIRM_TEXT[confirming].action}
                onClick={run}
              />
            </div>
          </div>
        ) : null}
      </Modal>
    </div>
  );
}
