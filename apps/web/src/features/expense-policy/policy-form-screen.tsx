import { EXPENSE_POLICY_FIELD_MESSAGES_FR, type TAdvanceLimit } from '@tasbiq/contracts/expense-policy';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { LoadErrorState } from '../../components/ui/load-error-state.tsx';
import { MessageBox } from '../../components/ui/message-box.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/errors/error-message.ts';
import { formatMoney } from '../../lib/format/money.ts';
import { applyServerErrors } from '../shared/forms/apply-server-errors.ts';
import { useAdvanceLimitsQuery } from './api/get-advance-limits.ts';
import { useRemoveAdvanceLimitMutation } from './api/remove-advance-limit.ts';
import { useSaveAdvanceLimitMutation } from './api/save-advance-limit.ts';
import { ceilingError } from './components/travel-policy-dialog.tsx';
import { limitName, limitSegment } from './policy-labels.ts';

type Values = { group: string; amount: string };
const AMOUNT_LABEL = "Plafond d'avance (DH)";

function PolicyFormFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex max-w-xl flex-col gap-4">
      <PageTitle
        title={title}
        subtitle="Le plus qu'un ordre de mission peut avancer aux salariés de ce groupe. Au moins 200 DH."
      />
      {children}
    </div>
  );
}

/** The form of one group's policy: its advance limit (the expenses issue adds its category ceilings here). */
function AdvanceLimitForm({ lines, line }: { lines: TAdvanceLimit[]; line: TAdvanceLimit | null }) {
  const navigate = useNavigate();
  const save = useSaveAdvanceLimitMutation();
  const remove = useRemoveAdvanceLimitMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [searchParams] = useSearchParams();
  const choices = lines.filter((candidate) => candidate.amount === null);
  const preset = searchParams.get('group');
  const presetLine = choices.find((candidate) => limitSegment(candidate) === preset) ?? choices[0];
  const initialGroup = line ? limitSegment(line) : presetLine ? limitSegment(presetLine) : '';
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({
    defaultValues: { group: initialGroup, amount: line?.amount ? String(Number(line.amount)) : '' },
  });
  const backWith = (notice: string) => navigate('/rh/policy', { state: { notice } });

  if (line === null && choices.length === 0)
    return (
      <EmptyState
        title="Chaque groupe a déjà son plafond d'avance."
        description="Modifiez-les depuis la politique budgétaire."
        action={<Button label="Retour à la politique budgétaire" to="/rh/policy" />}
      />
    );

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    const target = line ?? lines.find((candidate) => limitSegment(candidate) === values.group)!;
    save.mutate(
      { group: target.group, amount: values.amount.trim() },
      {
        onSuccess: (saved) =>
          backWith(`Le plafond d'avance de ${limitName(saved)} est de ${formatMoney(saved.amount ?? '0')}.`),
        onError: (error) =>
          setFormError(
            applyServerErrors(error, setError, ['group', 'amount'], {}, EXPENSE_POLICY_FIELD_MESSAGES_FR),
          ),
      },
    );
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4 rounded-2xl bg-white p-4 ring-1 ring-gray-200"
    >
      {formError ? <MessageBox severity="danger">{formError}</MessageBox> : null}
      {line === null ? (
        <SelectField
          label="Groupe"
          required
          options={choices.map((candidate) => ({
            value: limitSegment(candidate),
            label: limitName(candidate),
          }))}
          error={errors.group?.message}
          {...register('group')}
        />
      ) : null}
      <FormField
        label={AMOUNT_LABEL}
        required
        inputMode="numeric"
        autoComplete="off"
        hint="En dirhams, sans centimes. Un groupe sans plafond propre suit celui des salariés sans groupe."
        error={errors.amount?.message}
        {...register('amount', { validate: (value) => ceilingError(value, AMOUNT_LABEL) })}
      />
      {/* Category ceilings per group (policy_items): the expenses issue adds its fields here. */}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        {line !== null ? (
          <Button
            variant="secondary"
            label="Retirer le plafond"
            className="text-red-700 ring-red-200 hover:bg-red-50"
            onClick={() => setConfirmRemove(true)}
          />
        ) : (
          <span />
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="secondary" label="Annuler" to="/rh/policy" />
          <Button type="submit" label="Enregistrer" loading={save.isPending} />
        </div>
      </div>
      {confirmRemove && line !== null ? (
        <Modal
          open
          onOpenChange={(open) => setConfirmRemove(open)}
          title={`Retirer le plafond de ${limitName(line)} ?`}
        >
          <div className="flex flex-col gap-4">
            {remove.isError ? <MessageBox severity="danger">{errorMessage(remove.error)}</MessageBox> : null}
            <p className="text-sm text-gray-700">
              {line.group === null
                ? "Les ordres de mission des salariés sans groupe (et des groupes sans plafond propre) n'auront plus de plafond d'avance."
                : 'Les ordres de mission de ce groupe suivront le plafond des salariés sans groupe.'}
            </p>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" label="Annuler" onClick={() => setConfirmRemove(false)} />
              <Button
                variant="danger"
                label="Retirer"
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(line.group, {
                    onSuccess: () => backWith(`Le plafond d'avance de ${limitName(line)} a été retiré.`),
                  })
                }
              />
            </div>
          </div>
        </Modal>
      ) : null}
    </form>
  );
}

function usePolicyLines() {
  const limits = useAdvanceLimitsQuery();
  let fallback: ReactNode = null;
  if (limits.isPending) fallback = <Spinner isBlock label="Chargement des plafonds d'avance" />;
  else if (limits.isError)
    fallback = (
      <LoadErrorState
        title="Les plafonds d'avance n'ont pas pu être chargés."
        error={limits.error}
        onRetry={() => limits.refetch()}
      />
    );
  return { lines: limits.data, fallback };
}

/** /rh/policy/add (DRH only): the advance limit of a group (or of the ungrouped) that has none yet. */
export function PolicyAddScreen() {
  const { lines, fallback } = usePolicyLines();
  return (
    <PolicyFormFrame title="Nouvelle politique budgétaire">
      {lines ? <AdvanceLimitForm lines={lines} line={null} /> : fallback}
    </PolicyFormFrame>
  );
}

/** /rh/policy/{group id or "ungrouped"}/edit (DRH only): change or remove that limit. */
export function PolicyEditScreen() {
  const { id } = useParams();
  const { lines, fallback } = usePolicyLines();
  const line = lines?.find((candidate) => limitSegment(candidate) === id) ?? null;
  let body: ReactNode = fallback;
  if (lines && (!line || line.amount === null))
    body = (
      <EmptyState
        title="Ce plafond d'avance n'existe pas ou plus."
        action={<Button label="Retour à la politique budgétaire" to="/rh/policy" />}
      />
    );
  else if (lines && line) body = <AdvanceLimitForm key={id} lines={lines} line={line} />;
  return (
    <PolicyFormFrame
      title={line ? `Plafond d'avance : ${limitName(line)}` : 'Modifier la politique budgétaire'}
    >
      {body}
    </PolicyFormFrame>
  );
}
