import { IconHistory, IconRefresh } from '@tabler/icons-react';
import type { TRecharge } from '@tasbiq/contracts/recharges';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { Animation } from '../../../components/ui/animation.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatMoney } from '../../../lib/format/money.ts';
import { useRechargeOutcomeQuery } from '../api/get-recharge.ts';

const SUCCESS_ANIMATION_LINK = '/animations/success-check.json';

/** Where the top-up stands once requested: in progress (polled), done, or failed (money given back). */
export function RechargeOutcome({ recharge, onAgain }: { recharge: TRecharge; onAgain: () => void }) {
  const outcome = useRechargeOutcomeQuery(recharge);
  const current = outcome.data;
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form is gone: focus lands on the outcome, read out by screen readers.
  useLayoutEffect(() => {
    headingRef.current?.focus();
  }, []);

  const amount = formatMoney(current.amount);
  let title: string;
  let detail: ReactNode;
  if (current.status === 'executed') {
    title = 'Recharge effectuée';
    detail = (
      <>
        <Animation animationLink={SUCCESS_ANIMATION_LINK} loop={false} width={120} height={120} />
        <p className="max-w-md text-gray-700">
          La recharge de {amount} du numéro {current.phone} a été effectuée.
        </p>
      </>
    );
  } else if (current.status === 'failed') {
    title = 'La recharge a échoué';
    detail = (
      <MessageBox severity="danger" className="text-left">
        La recharge de {amount} du numéro {current.phone} n’a pas pu être effectuée. Le montant n’a pas été
        déduit de votre solde.
      </MessageBox>
    );
  } else {
    title = 'Recharge en cours';
    detail = (
      <>
        <Spinner size="lg" label="Recharge en cours de traitement" />
        <p className="max-w-md text-gray-700">
          La recharge de {amount} du numéro {current.phone} est en cours de traitement par l’opérateur.
        </p>
      </>
    );
  }

  return (
    <section
      aria-labelledby="recharge-outcome-title"
      className="flex flex-col items-center gap-4 rounded-2xl bg-white px-4 py-8 text-center ring-1 ring-gray-200"
    >
      <h2
        id="recharge-outcome-title"
        ref={headingRef}
        tabIndex={-1}
        aria-live="polite"
        className="text-xl font-semibold text-gray-900 focus:outline-none"
      >
        {title}
      </h2>
      {detail}
      <div className="mt-2 flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
        <Button
          label="Nouvelle recharge"
          icon={<IconRefresh aria-hidden="true" />}
          iconPosition="left"
          onClick={onAgain}
        />
        <Button
          to="/historique?tab=recharges"
          variant="secondary"
          label="Voir l'historique"
          icon={<IconHistory aria-hidden="true" />}
          iconPosition="left"
        />
      </div>
    </section>
  );
}
