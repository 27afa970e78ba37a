import { EXPENSE_POLICY_FIELD_MESSAGES_FR, type TAdvanceLimit } from '@tasbiq/contracts/expense-policy';
import {
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS_FR,
  type TExpenseCategory,
  type TPolicyItem,
  ZCeilingAmount,
} from '@tasbiq/contracts/expenses';
import { type ReactNode, useLayoutEffect, useState } from 'react';
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
import { CategoryIcon } from '../expenses/components/category-icon.tsx';
import { applyServerErrors } from '../shared/forms/apply-server-errors.ts';
import { useAdvanceLimitsQuery } from './api/get-advance-limits.ts';
import { useGroupPolicyItemsQuery } from './api/get-policy-items.ts';
import { useRemoveAdvanceLimitMutation } from './api/remove-advance-limit.ts';
import { useSaveAdvanceLimitMutation } from './api/save-advance-limit.ts';
import { useSavePolicyItemsMutation } from './api/save-policy-items.ts';
import { ceilingError } from './components/travel-policy-dialog.tsx';
import { limitName, limitSegment } from './policy-labels.ts';

type Values = { group: string; amount: string; ceilings: Record<TExpenseCategory, string> };
const AMOUNT_LABEL = "Plafond d'avance (DH)";
const NOTHING_TO_SAVE_FR = "Indiquez le plafond d'avance, ou au moins un plafond par catégorie.";

const EMPTY_CEILINGS = Object.fromEntries(EXPENSE_CATEGORIES.map((c) => [c, ''])) as Record<
  TExpenseCategory,
  string
>;

/** A ceiling field: empty is unlimited; otherwise the contract's amount (its French message). */
export function categoryCeilingError(value: string): string | true {
  const parsed = ZCeilingAmount.safeParse(value);
  return parsed.success ? true : (parsed.error.issues[0]?.message ?? 'Montant invalide');
}

/** "150.00" → "150", "600.50" → "600,5"… as the person would type it; null (unlimited) → "". */
const ceilingInput = (ceiling: string | null) =>
  ceiling === null ? '' : String(Number(ceiling)).replace('.', ',');

/** The ceilings to send: those that differ from what is saved; an empty field unsaved stays unsent. */
function changedCeilings(values: Record<TExpenseCategory, string>, saved: TPolicyItem[]) {
  const byCategory = new Map(saved.map((item) => [item.category, item]));
  return EXPENSE_CATEGORIES.flatMap((category) => {
    const parsed = ZCeilingAmount.parse(values[category]);
    const existing = byCategory.get(category);
    if (!existing) return parsed === null ? [] : [{ category, ceiling: parsed }];
    const same =
      existing.ceiling === null
        ? parsed === null
        : parsed !== null && Number(parsed) === Number(existing.ceiling);
    return same ? [] : [{ category, ceiling: parsed }];
  });
}

/**
 * One field per category, DH per person and per day, empty = unlimited (issue 15). Filled from the
 * group's saved ceilings once they arrive, and again when another group is chosen.
 */
function CategoryCeilingFields({
  group,
  items,
  register,
  errors,
  setValue,
}: {
  group: number | null | undefined;
  items: ReturnType<typeof useGroupPolicyItemsQuery>;
  register: ReturnType<typeof useForm<Values>>['register'];
  errors: ReturnType<typeof useForm<Values>>['formState']['errors'];
  setValue: ReturnType<typeof useForm<Values>>['setValue'];
}) {
  const saved = items.data?.results;
  // A layout effect: the fields never show empty for a frame before the saved ceilings fill them.
  useLayoutEffect(() => {
    if (!saved) return;
    const byCategory = new Map(saved.map((item) => [item.category, item.ceiling]));
    for (const category of EXPENSE_CATEGORIES)
      setValue(`ceilings.${category}`, ceilingInput(byCategory.get(category) ?? null));
  }, [saved, setValue]);
  let body: ReactNode;
  if (group === undefined) body = null;
  else if (items.isPending) body = <Spinner isBlock label="Chargement des plafonds par catégorie" />;
  else if (items.isError)
    body = (
      <LoadErrorState
        title="Les plafonds par catégorie n'ont pas pu être chargés."
        error={items.error}
        onRetry={() => items.refetch()}
      />
    );
  else
    body = (
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {EXPENSE_CATEGORIES.map((category) => (
          <FormField
            key={category}
            label={
              <span className="inline-flex items-center gap-1.5">
                <CategoryIcon category={category} className="size-5 text-gray-500" />
                {`${EXPENSE_CATEGORY_LABELS_FR[category]} (DH par jour)`}
              </span>
            }
            inputMode="decimal"
            autoComplete="off"
            placeholder="Illimité"
            error={errors.ceilings?.[category]?.message}
            {...register(`ceilings.${category}`, { validate: categoryCeilingError })}
          />
        ))}
      </div>
    );
  return (
    <fieldset className="min-w-0 border-t border-gray-100 pt-4">
      <legend className="sr-only">Plafonds par catégorie</legend>
      <p aria-hidden="true" className="font-medium text-gray-900">
        Plafonds par catégorie
      </p>
      <p className="mb-3 text-sm text-gray-600">
        Le plus remboursé par personne et par jour pour chaque catégorie. Laissez vide pour ne pas plafonner.
      </p>
      {body}
    </fieldset>
  );
}

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

/** The form of one group's policy: its advance limit and its category ceilings (issue 15). */
function AdvanceLimitForm({ lines, line }: { lines: TAdvanceLimit[]; line: TAdvanceLimit | null }) {
  const navigate = useNavigate();
  const save = useSaveAdvanceLimitMutation();
  const saveCeilings = useSavePolicyItemsMutation();
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
    setValue,
    watch,
    formState: { errors },
  } = useForm<Values>({
    defaultValues: {
      group: initialGroup,
      amount: line?.amount ? String(Number(line.amount)) : '',
      ceilings: EMPTY_CEILINGS,
    },
  });
  const chosen = line ?? lines.find((candidate) => limitSegment(candidate) === watch('group'));
  const ceilingItems = useGroupPolicyItemsQuery(chosen?.group);
  const backWith = (notice: string) => navigate('/rh/policy', { state: { notice } });

  if (line === null && choices.length === 0)
    return (
      <EmptyState
        title="Chaque groupe a déjà son plafond d'avance."
        description="Modifiez-les depuis la politique budgétaire."
        action={<Button label="Retour à la politique budgétaire" to="/rh/policy" />}
      />
    );

  /**
   * One submit, two calls: the category ceilings first (bulk_save: all or none), then the advance
   * limit. If the ceilings fail nothing is saved; if the limit then fails the form stays, says that
   * the ceilings are saved and the limit is not, and the next submit sends only the limit (the
   * ceilings now equal what is saved).
   */
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const target = line ?? lines.find((candidate) => limitSegment(candidate) === values.group)!;
    const changed = changedCeilings(values.ceilings, ceilingItems.data?.results ?? []);
    const ceilingsOnly = line === null && values.amount.trim() === '';
    if (ceilingsOnly && changed.length === 0) {
      setError('amount', { type: 'validate', message: NOTHING_TO_SAVE_FR }, { shouldFocus: true });
      return;
    }
    if (changed.length > 0) {
      try {
        await saveCeilings.mutateAsync({
          items: changed.map((item) => ({ group: target.group, ...item })),
        });
      } catch (error) {
        const aliases = Object.fromEntries(
          changed.map((item, index) => [`items.${index}.ceiling`, `ceilings.${item.category}` as const]),
        );
        const general = applyServerErrors(
          error,
          setError,
          EXPENSE_CATEGORIES.map((category) => `ceilings.${category}` as const),
          aliases,
        );
        setFormError(
          `Rien n'a été enregistré : les plafonds par catégorie ont été refusés.${general ? ` ${general}` : ''}`,
        );
        return;
      }
    }
    if (ceilingsOnly) {
      backWith(`Les plafonds par catégorie de ${limitName(target)} sont enregistrés.`);
      return;
    }
    try {
      const saved = await save.mutateAsync({ group: target.group, amount: values.amount.trim() });
      backWith(
        `Le plafond d'avance de ${limitName(saved)} est de ${formatMoney(saved.amount ?? '0')}.` +
          (changed.length > 0 ? ' Les plafonds par catégorie sont enregistrés.' : ''),
      );
    } catch (error) {
      const general = applyServerErrors(
        error,
        setError,
        ['group', 'amount'],
        {},
        EXPENSE_POLICY_FIELD_MESSAGES_FR,
      );
      setFormError(
        changed.length > 0
          ? `Les plafonds par catégorie sont enregistrés, mais pas le plafond d'avance : corrigez-le puis enregistrez à nouveau.${general ? ` ${general}` : ''}`
          : general,
      );
    }
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
        required={line !== null}
        inputMode="numeric"
        autoComplete="off"
        hint={
          line === null
            ? 'En dirhams, sans centimes. Laissez vide pour ne fixer que des plafonds par catégorie : le groupe suit alors celui des salariés sans groupe.'
            : 'En dirhams, sans centimes. Un groupe sans plafond propre suit celui des salariés sans groupe.'
        }
        error={errors.amount?.message}
        {...register('amount', {
          // A new group policy may hold only category ceilings; an existing limit is removed with its button.
          validate: (value) =>
            line === null && value.trim() === '' ? true : ceilingError(value, AMOUNT_LABEL),
        })}
      />
      <CategoryCeilingFields
        group={chosen?.group}
        items={ceilingItems}
        register={register}
        errors={errors}
        setValue={setValue}
      />
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
          <Button type="submit" label="Enregistrer" loading={save.isPending || saveCeilings.isPending} />
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
