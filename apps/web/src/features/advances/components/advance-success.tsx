import { IconHistory, IconHome } from '@tabler/icons-react';
import type { TAdvance } from '@tasbiq/contracts/advances';
import { useLayoutEffect, useRef } from 'react';
import { Animation } from '../../../components/ui/animation.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatMoney } from '../../../lib/format/money.ts';

export const SUCCESS_ANIMATION_LINK = '/animations/success-check.json';

/** Spec §2 and §9: an RIB payout arrives within 48 hours; a card payout at once (a job runs it). */
export function advanceSuccessText(advance: Pick<TAdvance, 'payout_method' | 'status'>): string {
  if (advance.payout_method === 'rib')
    return 'Votre avance sera versée sur votre compte bancaire dans un délai de 48 heures.';
  return advance.status === 'executed'
    ? 'Votre avance a été versée sur votre carte prépayée.'
    : 'Votre avance est en cours de versement sur votre carte prépayée.';
}

export function AdvanceSuccess({ advance }: { advance: TAdvance }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form the user was on is gone: move focus to the outcome so keyboard and screen-reader
  // users land on it rather than at the top of the document.
  useLayoutEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <section
      aria-labelledby="advance-success-title"
      className="flex flex-col items-center gap-4 rounded-2xl bg-white px-4 py-8 text-center ring-1 ring-gray-200"
    >
      <Animation animationLink={SUCCESS_ANIMATION_LINK} loop={false} width={120} height={120} />
      <h2
        id="advance-success-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-semibold text-gray-900 focus:outline-none"
      >
        Demande d’avance de {formatMoney(advance.amount)} envoyée
      </h2>
      <p className="max-w-md text-gray-700">{advanceSuccessText(advance)}</p>
      <div className="mt-2 flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
        <Button
          to="/"
          label="Retour à l'accueil"
          icon={<IconHome aria-hidden="true" />}
          iconPosition="left"
        />
        <Button
          to="/historique"
          variant="secondary"
          label="Voir l'historique"
          icon={<IconHistory aria-hidden="true" />}
          iconPosition="left"
        />
      </div>
    </section>
  );
}
