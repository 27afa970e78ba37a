import {
  EMPLOYEE_DEFAULTS,
  type TCreateEmployeeRequest,
  ZCreateEmployeeRequest,
} from '@tasbiq/contracts/employees';
import { type ReactNode, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { applyServerErrors } from '../../shared/forms/apply-server-errors.ts';
import { frenchZodResolver } from '../../shared/forms/french-zod-resolver.ts';
import { useGroupOptionsQuery } from '../api/list-group-options.ts';
import { ADVANCES_OPTIONS, BALANCE_METHOD_OPTIONS, PERCENTAGE_OPTIONS } from '../options.ts';
import { CheckboxField } from './checkbox-field.tsx';

/** What the inputs hold: text, as HTML gives it; the contract turns it into the request. */
export type EmployeeFormValues = {
  first_name: string;
  last_name: string;
  cin: string;
  birthday: string;
  phone: string;
  email: string;
  serial: string;
  group: string;
  salary: string;
  net_payable: string;
  hourly_rate: string;
  rib: string;
  advance_percentage: string;
  max_advances_per_month: string;
  max_free_advances_per_month: string;
  total_max_advance_per_month: string;
  balance_method: string;
  send_sms: boolean;
  send_email: boolean;
};

export const EMPLOYEE_FORM_LABELS: Record<keyof EmployeeFormValues, string> = {
  first_name: 'Prénom',
  last_name: 'Nom',
  cin: 'CIN',
  birthday: 'Date de naissance',
  phone: 'Téléphone',
  email: 'E-mail',
  serial: 'Matricule',
  group: 'Groupe',
  salary: 'Salaire mensuel (DH)',
  net_payable: 'Net à payer (DH)',
  hourly_rate: 'Taux horaire (DH)',
  rib: 'RIB',
  advance_percentage: "Pourcentage d'avance",
  max_advances_per_month: 'Avances par mois',
  max_free_advances_per_month: 'Avances gratuites par mois',
  total_max_advance_per_month: 'Montant maximal par mois (DH)',
  balance_method: 'Méthode de calcul du solde',
  send_sms: "Envoyer le lien d'activation par SMS",
  send_email: "Envoyer le lien d'activation par e-mail",
};

const FIELDS = Object.keys(EMPLOYEE_FORM_LABELS) as (keyof EmployeeFormValues)[];

export const EMPTY_EMPLOYEE_FORM: EmployeeFormValues = {
  first_name: '',
  last_name: '',
  cin: '',
  birthday: '',
  phone: '',
  email: '',
  serial: '',
  group: '',
  salary: '',
  net_payable: '',
  hourly_rate: '',
  rib: '',
  advance_percentage: String(EMPLOYEE_DEFAULTS.advance_percentage),
  max_advances_per_month: String(EMPLOYEE_DEFAULTS.max_advances_per_month),
  max_free_advances_per_month: String(EMPLOYEE_DEFAULTS.max_free_advances_per_month),
  total_max_advance_per_month: EMPLOYEE_DEFAULTS.total_max_advance_per_month.replace(/\.00$/, ''),
  balance_method: String(EMPLOYEE_DEFAULTS.balance_method),
  send_sms: true,
  send_email: true,
};

// The contract parses text inputs ("1 500,50", "40") into the request; its input type is looser
// than the form's (`unknown` where it preprocesses), hence the narrowing cast.
const resolver = frenchZodResolver(ZCreateEmployeeRequest, EMPLOYEE_FORM_LABELS) as unknown as Resolver<
  EmployeeFormValues,
  unknown,
  TCreateEmployeeRequest
>;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-2xl bg-white p-4 ring-1 ring-gray-200 sm:p-6">
      {/* float: a legend otherwise sits on the fieldset's border line, outside the padding. */}
      <legend className="float-left mb-4 w-full text-base font-semibold text-gray-900">{title}</legend>
      <div className="clear-both grid grid-cols-1 gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

export type EmployeeFormProps = {
  onSubmit: (values: TCreateEmployeeRequest) => Promise<unknown>;
  isSubmitting: boolean;
  cancelTo: string;
};

/** Every field of spec §3 with the §9 choices, checked in French before it is sent. */
export function EmployeeForm({ onSubmit, isSubmitting, cancelTo }: EmployeeFormProps) {
  const groups = useGroupOptionsQuery();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EmployeeFormValues, unknown, TCreateEmployeeRequest>({
    resolver,
    defaultValues: EMPTY_EMPLOYEE_FORM,
  });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  });

  const text = (name: keyof EmployeeFormValues, props: Record<string, unknown> = {}) => ({
    label: EMPLOYEE_FORM_LABELS[name],
    error: errors[name]?.message,
    ...props,
    ...register(name),
  });

  const groupOptions = [
    { value: '', label: groups.isPending ? 'Chargement des groupes…' : 'Aucun groupe' },
    ...(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name })),
  ];

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Nouveau salarié">
      {formError ? <MessageBox severity="danger">{formError}</MessageBox> : null}
      <Section title="Identité">
        <FormField {...text('first_name', { required: true, autoComplete: 'off' })} />
        <FormField {...text('last_name', { required: true, autoComplete: 'off' })} />
        <FormField
          {...text('cin', { required: true, hint: 'Ex. : BE123456', autoCapitalize: 'characters' })}
        />
        <FormField {...text('birthday', { type: 'date' })} />
      </Section>
      <Section title="Contact">
        <FormField
          {...text('phone', { required: true, type: 'tel', inputMode: 'tel', hint: 'Ex. : 06 12 34 56 78' })}
        />
        <FormField {...text('email', { type: 'email', inputMode: 'email' })} />
      </Section>
      <Section title="Emploi et paie">
        <FormField {...text('serial')} />
        <SelectField
          label={EMPLOYEE_FORM_LABELS.group}
          options={groupOptions}
          error={errors.group?.message}
          {...register('group')}
        />
        <FormField
          {...text('salary', { required: true, inputMode: 'decimal', hint: 'Ex. : 8500 ou 8 500,50' })}
        />
        <FormField {...text('net_payable', { inputMode: 'decimal' })} />
        <FormField {...text('hourly_rate', { inputMode: 'decimal' })} />
        <FormField {...text('rib', { inputMode: 'numeric', hint: '24 chiffres, espaces acceptés' })} />
      </Section>
      <Section title="Avances sur salaire">
        <SelectField
          label={EMPLOYEE_FORM_LABELS.advance_percentage}
          options={PERCENTAGE_OPTIONS}
          error={errors.advance_percentage?.message}
          hint="Part du salaire gagné que le salarié peut demander."
          {...register('advance_percentage')}
        />
        <SelectField
          label={EMPLOYEE_FORM_LABELS.max_advances_per_month}
          options={ADVANCES_OPTIONS}
          error={errors.max_advances_per_month?.message}
          {...register('max_advances_per_month')}
        />
        <FormField
          {...text('max_free_advances_per_month', { type: 'number', min: 0, inputMode: 'numeric' })}
        />
        <FormField {...text('total_max_advance_per_month', { inputMode: 'decimal' })} />
        <SelectField
          label={EMPLOYEE_FORM_LABELS.balance_method}
          options={BALANCE_METHOD_OPTIONS}
          error={errors.balance_method?.message}
          {...register('balance_method')}
        />
      </Section>
      <fieldset className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-gray-200 sm:p-6">
        <legend className="float-left w-full text-base font-semibold text-gray-900">Invitation</legend>
        <p className="clear-both text-sm text-gray-600">
          Le salarié reçoit un lien valable 7 jours pour choisir son mot de passe et activer son compte.
        </p>
        <CheckboxField label={EMPLOYEE_FORM_LABELS.send_sms} {...register('send_sms')} />
        <CheckboxField
          label={EMPLOYEE_FORM_LABELS.send_email}
          hint="Seulement si une adresse e-mail est renseignée."
          {...register('send_email')}
        />
      </fieldset>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" to={cancelTo} label="Annuler" />
        <Button type="submit" label="Ajouter et inviter" loading={isSubmitting} />
      </div>
    </form>
  );
}
