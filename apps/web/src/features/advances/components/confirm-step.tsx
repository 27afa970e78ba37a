import { IconArrowLeft, IconCheck } from '@tabler/icons-react';
import type { TAdvanceSimulation, TEmployeeSolde } from '@tasbiq/contracts/advances';
import type { TPayoutMethod } from '@tasbiq/contracts/money';
import { useLayoutEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { errorMessage } from '../../../lib/errors/error-message.ts';
import { isApiError } from '../../../lib/http/api-error.ts';
import { CardRequiredNotice } from './card-required-notice.tsx';
import { PayoutMethodPicker } from './payout-method-picker.tsx';
import { SimulationDetails } from './simulation-details.tsx';

type ConfirmStepProps = {
  simulation: TAdvanceSimulation;
  solde: TEmployeeSolde;
  methods: readonly TPayoutMethod[];
  payoutMethod: TPayoutMethod;
  onPayoutMethodChange: (method: TPayoutMethod) => void;
  onBack: () => void;
  onConfirm: () => void;
  isSending: boolean;
  /** The last attempt's failure, if any. */
  error: unknown;
};

function errorCode(error: unknown): string | undefined {
  return isApiError(error) ? error.code : undefined;
}

/** Spec §2 "Confirm advance": the summary, where to pay it (card or RIB), and the confirmation. */
export function ConfirmStep({
  simulation,
  solde,
  methods,
  payoutMethod,
  onPayoutMethodChange,
  onBack,
  onConfirm,
  isSending,
  error,
}: ConfirmStepProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // « Continuer », which had the focus, is gone with the amount step: the step's title takes it,
  // so a keyboard or screen-reader user goes on from here rather than from the top of the page.
  useLayoutEffect(() => {
    headingRef.current?.focus();
  }, []);
  const code = errorCode(error);
  // The server has the last word (a card may have been blocked since the balance was read).
  const needsCard = payoutMethod === 'card' && (!solde.has_active_card || code === 'CARD_REQUIRED');
  const needsRib = payoutMethod === 'rib' && (!solde.has_rib || code === 'RIB_REQUIRED');
  const shownError = error && !needsCard && !needsRib ? errorMessage(error) : null;

  return (
    <section aria-labelledby="confirm-title" className="flex flex-col gap-4">
      <h2
        id="confirm-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-gray-900 focus:outline-none"
      >
        Confirmer la demande
      </h2>
      <SimulationDetails simulation={simulation} label="Récapitulatif de votre avance" />
      <PayoutMethodPicker
        methods={methods}
        value={payoutMethod}
        onChange={onPayoutMethodChange}
        disabled={isSending}
      />
      {needsCard ? <CardRequiredNotice amount={simulation.amount} /> : null}
      {needsRib ? (
        <MessageBox severity="warning" title="RIB manquant">
          Aucun RIB n’est enregistré sur votre compte. Demandez à votre service RH de l’ajouter, ou choisissez
          la carte prépayée.
        </MessageBox>
      ) : null}
      {shownError ? <MessageBox severity="danger">{shownError}</MessageBox> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button
          variant="secondary"
          label="Modifier le montant"
          icon={<IconArrowLeft aria-hidden="true" />}
          iconPosition="left"
          disabled={isSending}
          onClick={onBack}
        />
        <Button
          size="lg"
          label="Confirmer la demande"
          icon={<IconCheck aria-hidden="true" />}
          loading={isSending}
          disabled={needsCard || needsRib}
          onClick={onConfirm}
        />
      </div>
    </section>
  );
}
