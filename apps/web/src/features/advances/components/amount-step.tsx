import { IconArrowRight } from '@tabler/icons-react';
import type { TAdvanceSimulation } from '@tasbiq/contracts/advances';
import { type FormEvent, useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage, fieldErrors } from '../../../lib/errors/error-message.ts';
import { useDebouncedValue } from '../../../lib/hooks/use-debounced-value.ts';
import { parseAdvanceAmount, refusalMessage } from '../advance-amount.ts';
import { useAdvanceSimulationQuery } from '../api/simulate-advance.ts';
import { SimulationDetails } from './simulation-details.tsx';

export const SIMULATION_DEBOUNCE_MS = 300;

type AmountStepProps = {
  text: string;
  onTextChange: (text: string) => void;
  /** The service is closed to this employee (restricted, no request left): the field is read-only. */
  isBlocked: boolean;
  onContinue: (simulation: TAdvanceSimulation) => void;
  /** Back from the confirmation (whose button had the focus): the amount field takes it. */
  focusField?: boolean;
};

/**
 * The amount prompt with its live simulation (POST /advances/simulate/ once typing pauses):
 * fee, total, what remains, or the reason the request would be refused.
 */
export function AmountStep({
  text,
  onTextChange,
  isBlocked,
  onContinue,
  focusField = false,
}: AmountStepProps) {
  const parsed = parseAdvanceAmount(text);
  const debouncedText = useDebouncedValue(text, SIMULATION_DEBOUNCE_MS);
  const debounced = parseAdvanceAmount(debouncedText);
  const simulation = useAdvanceSimulationQuery(isBlocked ? null : debounced.amount);
  const resultId = useId();

  // An answer is current when it is for what the field holds now, not a placeholder of the last one.
  const isCurrent =
    parsed.amount !== null &&
    debounced.amount === parsed.amount &&
    simulation.isSuccess &&
    !simulation.isPlaceholderData;
  const current = isCurrent ? simulation.data : undefined;
  const canContinue = current !== undefined && current.error_code === null;
  const isWaiting = parsed.amount !== null && !isCurrent && !simulation.isError;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canContinue && current) onContinue(current);
  };

  const serverFieldError = simulation.isError ? fieldErrors(simulation.error).amount : undefined;
  let result = null;
  if (parsed.amount === null) result = null;
  else if (simulation.isError && debounced.amount === parsed.amount)
    result = <MessageBox severity="danger">{serverFieldError ?? errorMessage(simulation.error)}</MessageBox>;
  else if (simulation.data) {
    const shown = simulation.data;
    result = (
      <div className="flex flex-col gap-3" aria-busy={isWaiting || undefined}>
        <SimulationDetails simulation={shown} label="Simulation de votre avance" />
        {isCurrent && shown.error_code ? (
          <MessageBox severity="danger">{refusalMessage(shown.error_code)}</MessageBox>
        ) : null}
      </div>
    );
  } else if (isWaiting) result = <Spinner isBlock label="Calcul des frais en cours" className="py-6" />;

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Montant de l’avance">
      <FormField
        label="Montant souhaité (DH)"
        name="amount"
        inputMode="numeric"
        autoComplete="off"
        enterKeyHint="next"
        placeholder="Ex. 1000"
        value={text}
        disabled={isBlocked}
        // Only when coming back from the confirmation, whose button had the focus.
        autoFocus={focusField}
        onChange={(event) => onTextChange(event.target.value)}
        hint="En dirhams entiers, 50 DH minimum."
        error={parsed.error ?? undefined}
        aria-controls={resultId}
        inputClassName="text-lg font-semibold tabular-nums"
      />
      <div id={resultId} aria-live="polite" className="min-h-4">
        {result}
      </div>
      <Button
        type="submit"
        size="lg"
        label="Continuer"
        icon={<IconArrowRight aria-hidden="true" />}
        disabled={!canContinue}
      />
    </form>
  );
}
