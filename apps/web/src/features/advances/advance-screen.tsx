import type { TAdvance, TAdvanceSimulation, TEmployeeSolde } from '@tasbiq/contracts/advances';
import type { TPayoutMethod } from '@tasbiq/contracts/money';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadErrorState } from '../../components/ui/load-error-state.tsx';
import { MessageBox } from '../../components/ui/message-box.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useReadySession } from '../session/ready-session.tsx';
import { useEmployeeSoldeQuery } from '../shared/api/get-employee-solde.ts';
import { newIdempotencyKey } from '../shared/api/idempotency-key.ts';
import { refusalMessage } from './advance-amount.ts';
import { useCreateAdvanceMutation } from './api/create-advance.ts';
import { AdvanceSoldeSummary } from './components/advance-solde-summary.tsx';
import { AdvanceSuccess } from './components/advance-success.tsx';
import { AmountStep } from './components/amount-step.tsx';
import { ConfirmStep } from './components/confirm-step.tsx';

type Step =
  | { name: 'amount'; isBack?: boolean }
  | { name: 'confirm'; simulation: TAdvanceSimulation }
  | { name: 'done'; advance: TAdvance };

/** Why this employee cannot ask for an advance at all right now, or null. */
function blockedReason(solde: TEmployeeSolde): string | null {
  if (solde.is_restricted) return refusalMessage('ACCESS_RESTRICTED');
  if (solde.requests_left === 0) return refusalMessage('REQUEST_LIMIT_EXCEEDED');
  return null;
}

/** The card when the employee has an active one (instant), else the RIB when there is one. */
function defaultMethod(solde: TEmployeeSolde, methods: readonly TPayoutMethod[]): TPayoutMethod {
  if (methods.includes('card') && solde.has_active_card) return 'card';
  if (methods.includes('rib') && solde.has_rib) return 'rib';
  return methods[0] ?? 'rib';
}

/**
 * /advance (spec §2 Advance and Confirm advance): balance and limits, the amount with its live
 * simulation, then where to pay it and the confirmation, then the outcome.
 */
export function AdvanceScreen() {
  const { settings } = useReadySession();
  const solde = useEmployeeSoldeQuery();
  const create = useCreateAdvanceMutation();
  // Back from /card (card-required-notice.tsx): the amount asked before, and the card chosen.
  const [params] = useSearchParams();
  const [amountText, setAmountText] = useState(() => {
    const asked = params.get('montant');
    return asked && /^\d{1,6}$/.test(asked) ? asked : '';
  });
  const [step, setStep] = useState<Step>({ name: 'amount' });
  const [payoutMethod, setPayoutMethod] = useState<TPayoutMethod>(() =>
    params.get('paiement') === 'card' && settings.cards_enabled ? 'card' : 'rib',
  );
  // One key per confirmation attempt: a retry of the same attempt (lost answer, server error)
  // sends it again and the server answers the first result instead of creating a second advance.
  const [attemptKey, setAttemptKey] = useState(newIdempotencyKey);

  // Cards switched off for the company: the RIB is the only way.
  const methods: readonly TPayoutMethod[] = settings.cards_enabled ? ['card', 'rib'] : ['rib'];

  const startAttempt = () => {
    setAttemptKey(newIdempotencyKey());
    create.reset();
  };

  let body: ReactNode;
  if (solde.isPending) body = <Spinner isBlock label="Chargement de votre solde" />;
  else if (solde.isError)
    body = (
      <div className="rounded-2xl bg-white ring-1 ring-gray-200">
        <LoadErrorState
          title="Votre solde n'a pas pu être chargé."
          error={solde.error}
          onRetry={() => solde.refetch()}
        />
      </div>
    );
  else if (step.name === 'done') body = <AdvanceSuccess advance={step.advance} />;
  else {
    const blocked = blockedReason(solde.data);
    body = (
      <>
        <AdvanceSoldeSummary solde={solde.data} />
        {blocked ? <MessageBox severity="warning">{blocked}</MessageBox> : null}
        <div className="rounded-2xl bg-white p-4 ring-1 ring-gray-200 sm:p-6">
          {step.name === 'amount' ? (
            <AmountStep
              text={amountText}
              onTextChange={setAmountText}
              isBlocked={blocked !== null}
              focusField={step.isBack}
              onContinue={(simulation) => {
                setPayoutMethod(defaultMethod(solde.data, methods));
                startAttempt();
                setStep({ name: 'confirm', simulation });
              }}
            />
          ) : (
            <ConfirmStep
              simulation={step.simulation}
              solde={solde.data}
              methods={methods}
              payoutMethod={payoutMethod}
              onPayoutMethodChange={(method) => {
                setPayoutMethod(method);
                // Another body is another attempt: the server refuses a key reused with a new body.
                startAttempt();
              }}
              onBack={() => {
                create.reset();
                setStep({ name: 'amount', isBack: true });
              }}
              isSending={create.isPending}
              error={create.error}
              onConfirm={() =>
                create.mutate(
                  {
                    amount: Number(step.simulation.amount),
                    payoutMethod,
                    idempotencyKey: attemptKey,
                  },
                  { onSuccess: (advance) => setStep({ name: 'done', advance }) },
                )
              }
            />
          )}
        </div>
      </>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <PageTitle
        title="Avance sur salaire"
        subtitle="Recevez dès maintenant une partie du salaire que vous avez déjà gagné ce mois-ci."
      />
      {body}
    </div>
  );
}
