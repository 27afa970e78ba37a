import type { TBonusTransaction } from '@tasbiq/contracts/bonuses';
import { Animation } from '../../../components/ui/animation.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { formatMoney } from '../../../lib/format/money.ts';

/** Made for this moment (public/animations): confetti bursting around a gold coin. */
export const BONUS_CELEBRATION_LINK = '/animations/bonus-celebration.json';

/**
 * A bonus paid since the employee last looked: a celebration with its amount. Closing it marks it
 * seen (the next one, if any, follows).
 */
export function BonusCelebration({ bonus, onDone }: { bonus: TBonusTransaction; onDone: () => void }) {
  return (
    <Modal
      open
      title="Félicitations !"
      onOpenChange={(open) => {
        if (!open) onDone();
      }}
    >
      <div className="flex flex-col items-center gap-3 text-center">
        <Animation animationLink={BONUS_CELEBRATION_LINK} loop={false} width={160} height={160} />
        <p className="text-lg text-gray-900">
          Vous avez reçu une prime « {bonus.bonus.display_title} » de{' '}
          <strong className="tabular-nums">{formatMoney(bonus.amount)}</strong>.
        </p>
        <p className="text-sm text-gray-700">
          {bonus.payout_method === 'card'
            ? 'Le montant est disponible sur votre carte prépayée.'
            : 'Le montant a été viré sur votre compte bancaire.'}
        </p>
        <Button label="Merci !" onClick={onDone} />
      </div>
    </Modal>
  );
}
