import { SALARY_RAISE_CONFIRMATION_PERCENT } from '@tasbiq/contracts/change-requests';
import {
  type TEmployeeDetail,
  type TUpdateEmployeeRequest,
  ZUpdateEmployeeRequest,
} from '@tasbiq/contracts/employees';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { applyServerErrors } from '../../shared/forms/apply-server-errors.ts';
import { frenchZodResolver } from '../../shared/forms/french-zod-resolver.ts';
import { useGroupOptionsQuery } from '../api/list-group-options.ts';
import { useUpdateEmployeeMutation } from '../api/update-employee.ts';
import { ADVANCES_OPTIONS, BALANCE_METHOD_OPTIONS, PERCENTAGE_OPTIONS } from '../options.ts';
import { CheckboxField } from './checkbox-field.tsx';

type EditValues = {
  salary: string;
  net_payable: string;
  hourly_rate: string;
  group: string;
  advance_percentage: string;
  max_advances_per_month: string;
  max_free_advances_per_month: string;
  total_max_advance_per_month: string;
  balance_method: string;
  is_restricted: boolean;
  phone: string;
  email: string;
};

export const EDIT_LABELS: Record<keyof EditValues, string> = {
  salary: 'Salaire mensuel (DH)',
  net_payable: 'Net à payer (DH)',
  hourly_rate: 'Taux horaire (DH)',
  group: 'Groupe',
  advance_percentage: "Pourcentage d'avance",
  max_advances_per_month: 'Avances par mois',
  max_free_advances_per_month: 'Avances gratuites par mois',
  total_max_advance_per_month: 'Montant maximal par mois (DH)',
  balance_method: 'Méthode de calcul du solde',
  is_restricted: 'Accès aux avances restreint',
  phone: 'Téléphone',
  email: 'E-mail',
};
const FIELDS = Object.keys(EDIT_LABELS) as (keyof EditValues)[];

const resolver = frenchZodResolver(ZUpdateEmployeeRequest, EDIT_LABELS) as unknown as Resolver<
  EditValues,
  unknown,
  TUpdateEmployeeRequest
>;

/** "1500.00" → "1500": what a person would type. */
const amount = (wire: string) => wire.replace(/\.00$/, '');

function valuesOf(employee: TEmployeeDetail): EditValues {
  return {
    salary: amount(employee.salary),
    net_payable: amount(employee.net_payable),
    hourly_rate: amount(employee.hourly_rate),
    group: employee.group ? String(employee.group.id) : '',
    advance_percentage: String(employee.advance_percentage),
    max_advances_per_month: String(employee.max_advances_per_month),
    max_free_advances_per_month: String(employee.max_free_advances_per_month),
    total_max_advance_per_month: amount(employee.total_max_advance_per_month),
    balance_method: String(employee.balance_method),
    is_restricted: employee.is_restricted,
    phone: employee.phone ?? '',
    email: employee.email ?? '',
  };
}

/**
 * What HR changes directly (PUT /employees/{id}/). Names, CIN, RIB, birthday and matricule go
 * through a change request instead, approved by the DRH.
 */
export function EmployeeEditForm({
  employee,
  isSelf = false,
  onDone,
  onCancel,
}: {
  employee: TEmployeeDetail;
  /** HR editing their own record: pay, limits and method are someone else's to change (decision 025). */
  isSelf?: boolean;
  onDone: (updated: TEmployeeDetail) => void;
  onCancel: () => void;
}) {
  const update = useUpdateEmployeeMutation(employee.id);
  const groups = useGroupOptionsQuery();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EditValues, unknown, TUpdateEmployeeRequest>({ resolver, defaultValues: valuesOf(employee) });

  const submit = handleSubmit((values) => {
    setFormError(null);
    update.mutate(values, {
      onSuccess: onDone,
      onError: (error) => setFormError(applyServerErrors(error, setError, FIELDS)),
    });
  });

  const field = (name: keyof EditValues, props: Record<string, unknown> = {}) => ({
    label: EDIT_LABELS[name],
    error: errors[name]?.message,
    ...props,
    ...register(name),
  });
  const groupOptions = [
    { value: '', label: 'Aucun groupe' },
    ...(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name })),
  ];
  if (employee.group && !groupOptions.some((o) => o.value === String(employee.group?.id)))
    groupOptions.push({ value: String(employee.group.id), label: employee.group.name });

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Modifier le salarié"
      className="flex flex-col gap-4 rounded-2xl bg-white p-4 ring-1 ring-gray-200 sm:p-6"
    >
      <h2 className="text-base font-semibold text-gray-900">Modifier</h2>
      {formError ? <MessageBox severity="danger">{formError}</MessageBox> : null}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField
          {...field('salary', {
            required: true,
            inputMode: 'decimal',
            disabled: isSelf,
            hint: `Une augmentation de plus de ${SALARY_RAISE_CONFIRMATION_PERCENT} % attend la validation d'un DRH.`,
          })}
        />
        <FormField {...field('net_payable', { inputMode: 'decimal', disabled: isSelf })} />
        <FormField {...field('hourly_rate', { inputMode: 'decimal', disabled: isSelf })} />
        <SelectField
          label={EDIT_LABELS.group}
          options={groupOptions}
          error={errors.group?.message}
          {...register('group')}
        />
        <SelectField
          label={EDIT_LABELS.advance_percentage}
          options={PERCENTAGE_OPTIONS}
          disabled={isSelf}
          error={errors.advance_percentage?.message}
          {...register('advance_percentage')}
        />
        <SelectField
          label={EDIT_LABELS.max_advances_per_month}
          options={ADVANCES_OPTIONS}
          disabled={isSelf}
          error={errors.max_advances_per_month?.message}
          {...register('max_advances_per_month')}
        />
        <FormField
          {...field('max_free_advances_per_month', {
            type: 'number',
            min: 0,
            inputMode: 'numeric',
            disabled: isSelf,
          })}
        />
        <FormField {...field('total_max_advance_per_month', { inputMode: 'decimal', disabled: isSelf })} />
        <SelectField
          label={EDIT_LABELS.balance_method}
          options={BALANCE_METHOD_OPTIONS}
          disabled={isSelf}
          error={errors.balance_method?.message}
          {...register('balance_method')}
        />
        <FormField
          {...field('phone', {
            required: true,
            type: 'tel',
            inputMode: 'tel',
            hint: "L'ancien numéro est prévenu ; le salarié confirme le nouveau par un code avant qu'il serve.",
          })}
        />
        <FormField
          {...field('email', {
            type: 'email',
            inputMode: 'email',
            hint: "L'ancienne adresse est prévenue ; le salarié confirme la nouvelle par un code.",
          })}
        />
      </div>
      <CheckboxField
        label={EDIT_LABELS.is_restricted}
        disabled={isSelf}
        hint="Le salarié ne peut plus demander d'avance tant que la case est cochée."
        {...register('is_restricted')}
      />
      {isSelf ? (
        <MessageBox severity="info">
          Votre rémunération, vos plafonds d'avance et votre méthode de calcul sont modifiés par un autre
          membre RH. Pour votre salaire, vous pouvez aussi faire une demande de modification.
        </MessageBox>
      ) : null}
      <MessageBox severity="info">
        Le nom, la CIN, le RIB, la date de naissance et le matricule se modifient par une demande de
        modification, validée par le DRH.
      </MessageBox>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" label="Annuler" onClick={onCancel} />
        <Button type="submit" label="Enregistrer" loading={update.isPending} />
      </div>
    </form>
  );
}
