import { IconCreditCard } from '@tabler/icons-react';
import { Button } from '../../../components/ui/button.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';

/**
 * /card remembering the advance being asked for (`retour=avance`, `montant`): once the card is
 * active, the card screen offers to take the advance up again, amount typed and card chosen.
 */
export function cardHrefForAdvance(amount: string | null): string {
  const params = new URLSearchParams({ retour: 'avance' });
  const whole = amount === null ? Number.NaN : Math.trunc(Number(amount));
  if (Number.isFinite(whole) && whole > 0) params.set('montant', String(whole));
  return `/card?${params.toString()}`;
}

/**
 * Spec §2 "Confirm advance: a card is required; the user can ask for a card and confirm card
 * receipt". Both happen on /card (order, or confirm receipt with the card number), which brings the
 * person back to this advance afterwards.
 */
export function CardRequiredNotice({ amount = null }: { amount?: string | null }) {
  const to = cardHrefForAdvance(amount);
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
        <Button size="sm" to={to} label="Commander une carte" />
        <Button size="sm" variant="secondary" to={to} label="J’ai reçu ma carte" />
      </div>
    </MessageBox>
  );
}
