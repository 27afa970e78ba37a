import {
  EXPENSE_POLICY_FIELD_MESSAGES_FR,
  type TTravelPolicy,
  ZAdvanceCeilingAmount,
} from '@tasbiq/contracts/expense-policy';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { requiredMessage } from '../../../lib/errors/error-message.ts';
import { applyServerErrors } from '../../shared/forms/apply-server-errors.ts';
import { useCreateTravelPolicyMutation } from '../api/create-travel-policy.ts';
import { useCitiesQuery } from '../api/get-cities.ts';
import { useUpdateTravelPolicyMutation } from '../api/update-travel-policy.ts';
import { ANY_CITY_LABEL } from '../policy-labels.ts';

type Values = { departure_city: string; arrival_city: string; ceiling: string };
const FIELDS = ['departure_city', 'arrival_city', 'ceiling'] as const;
const CEILING_LABEL = 'Plafond (DH)';

/** The French text of a ceiling the contract refuses (under 200 DH, not whole dirhams…). */
export function ceilingError(value: string, label = CEILING_LABEL): string | true {
  if (value.trim() === '') return requiredMessage(label);
  const parsed = ZAdvanceCeilingAmount.safeParse(value);
  return parsed.success ? true : (parsed.error.issues[0]?.message ?? requiredMessage(label));
}

const cityId = (value: string) => (value === '' ? null : Number(value));

type TravelPolicyDialogProps = {
  /** Absent: a new route. */
  policy?: TTravelPolicy;
  onOpenChange: (open: boolean) => void;
  onSaved: (policy: TTravelPolicy) => void;
};

/** Adds or edits one route and its ceiling; either city may be "any". */
export function TravelPolicyDialog({ policy, onOpenChange, onSaved }: TravelPolicyDialogProps) {
  const cities = useCitiesQuery();
  const create = useCreateTravelPolicyMutation();
  const update = useUpdateTravelPolicyMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({
    defaultValues: {
      departure_city: policy?.departure_city?.toString() ?? '',
      arrival_city: policy?.arrival_city?.toString() ?? '',
      ceiling: policy ? String(Number(policy.ceiling)) : '',
    },
  });
  const options = [
    { value: '', label: ANY_CITY_LABEL },
    ...(cities.data ?? []).map((city) => ({ value: String(city.id), label: city.name })),
  ];

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    const body = {
      departure_city: cityId(values.departure_city),
      arrival_city: cityId(values.arrival_city),
      ceiling: values.ceiling.trim(),
    };
    const onError = (error: unknown) =>
      setFormError(
        applyServerErrors(
          error,
          setError,
          FIELDS,
          {
            'policies.0.departure_city': 'departure_city',
            'policies.0.arrival_city': 'arrival_city',
            'policies.0.ceiling': 'ceiling',
          },
          {
            ...EXPENSE_POLICY_FIELD_MESSAGES_FR,
            'policies.0.arrival_city.unique': EXPENSE_POLICY_FIELD_MESSAGES_FR['arrival_city.unique']!,
            'policies.0.ceiling.min_value': EXPENSE_POLICY_FIELD_MESSAGES_FR['ceiling.min_value']!,
          },
        ),
      );
    if (policy) update.mutate({ id: policy.id, ...body }, { onSuccess: onSaved, onError });
    else create.mutate(body, { onSuccess: onSaved, onError });
  });

  return (
    <Modal open onOpenChange={onOpenChange} title={policy ? 'Modifier le trajet' : 'Nouveau trajet'}>
      {cities.isPending ? (
        <Spinner isBlock label="Chargement des villes" />
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          {formError ? <MessageBox severity="danger">{formError}</MessageBox> : null}
          {cities.isError ? (
            <MessageBox severity="warning">La liste des villes n'a pas pu être chargée.</MessageBox>
          ) : null}
          <SelectField
            label="Ville de départ"
            options={options}
            error={errors.departure_city?.message}
            {...register('departure_city')}
          />
          <SelectField
            label="Ville d'arrivée"
            options={options}
            error={errors.arrival_city?.message}
            {...register('arrival_city')}
          />
          <FormField
            label={CEILING_LABEL}
            required
            inputMode="numeric"
            autoComplete="off"
            hint="Au moins 200 DH. Le trajet le plus précis s'applique : les deux villes, puis une seule, puis toutes."
            error={errors.ceiling?.message}
            {...register('ceiling', { validate: (value) => ceilingError(value) })}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" label="Annuler" onClick={() => onOpenChange(false)} />
            <Button
              type="submit"
              label={policy ? 'Enregistrer' : 'Ajouter'}
              loading={create.isPending || update.isPending}
            />
          </div>
        </form>
      )}
    </Modal>
  );
}
