import { IconCreditCard } from '@tabler/icons-react';
import { Button } from '../../../components/ui/button.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';

/**
 * Spec §2 "Confirm advance: a card is required; the user can ask for a card and confirm card
 * receipt". Both happen on /card (order, or confirm receipt with the card number).
 */
export function CardRequiredNotice() {
  return (
    <MessageBox
      severity="warning"
      title="Carte prépayée requise"
      icon={<IconCreditCard aria-hidden="true" />}
    >
      <p>
        Pour recevoir votre avance sur une carte prépayée, vous devez disposer d’une carte active.
        Commandez-la ou, si vous l’avez déjà reçue, confirmez sa réception pour l’activer.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" to="/card" label="Commander une carte" />
        <Button size="sm" variant="secondary" to="/card" label="J’ai reçu ma carte" />
      </div>
    </MessageBox>
  );
}
