import {
  CHANGE_REQUEST_FIELD_LABELS,
  CHANGE_REQUEST_FIELDS,
  type ChangeRequestField,
  DESCRIPTION_MAX_LENGTH,
  type TChangeRequest,
  ZCreateChangeRequestFields,
} from '@tasbiq/contracts/change-requests';
import type { TEmployeeDetail } from '@tasbiq/contracts/employees';
import { type InputHTMLAttributes, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, inputClassName } from '../../../components/ui/form-field.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { casablancaDay } from '../../../lib/dates/casablanca-day.ts';
import { fieldErrors } from '../../../lib/errors/error-message.ts';
import { applyServerErrors } from '../../shared/forms/apply-server-errors.ts';
import { frenchZodResolver } from '../../shared/forms/french-zod-resolver.ts';
import { useCreateChangeRequestMutation } from '../api/create-change-request.ts';
import { currentValueOf, formatFieldValue } from '../format-value.ts';
import { AttachmentsPicker } from './attachments-picker.tsx';

export const CHANGE_REQUEST_LABELS = {
  field: 'Champ à modifier',
  new_value: 'Nouvelle valeur',
  description: 'Motif de la demande',
} as const;

type Values = { field: ChangeRequestField | ''; new_value: string; description: string };
type Output = { field: ChangeRequestField; new_value: string; description: string };

/** What the "new value" input looks like for each field (a date picker for the birthday…). */
const INPUTS: Record<ChangeRequestField, Omit<InputHTMLAttributes<HTMLInputElement>, 'children'>> = {
  cin: { placeholder: 'BE123456', autoCapitalize: 'characters', spellCheck: false, maxLength: 12 },
  rib: { placeholder: '24 chiffres', inputMode: 'numeric', spellCheck: false, maxLength: 40 },
  first_name: { autoComplete: 'off', maxLength: 100 },
  last_name: { autoComplete: 'off', maxLength: 100 },
  birthday: { type: 'date', min: '1900-01-01' },
  serial: { autoComplete: 'off', spellCheck: false, maxLength: 50 },
  salary: { placeholder: '9 000', inputMode: 'decimal', autoComplete: 'off', maxLength: 16 },
};

const HINTS: Partial<Record<ChangeRequestField, string>> = {
  cin: 'Une ou deux lettres suivies de 1 à 6 chiffres.',
  rib: 'Code banque, code ville, numéro de compte et clé : 24 chiffres.',
  birthday: 'Une date passée.',
  salary: 'Le nouveau salaire mensuel, en DH.',
};

/** The contract's rules, plus "the value must change", in French with this form's labels. */
function resolverFor(employee: TEmployeeDetail): Resolver<Values, unknown, Output> {
  const schema = ZCreateChangeRequestFields.superRefine((values, ctx) => {
    if (currentValueOf(employee, values.field) === values.new_value)
      ctx.addIssue({ code: 'custom', path: ['new_value'], message: 'CHANGE_REQUEST_SAME_VALUE' });
  });
  const base = frenchZodResolver(schema as never, CHANGE_REQUEST_LABELS) as unknown as Resolver<
    Values,
    unknown,
    Output
  >;
  return async (values, context, options) => {
    const result = await base(values, context, options);
    // "La valeur saisie n'est pas valide" says little about a date: say which dates are accepted.
    const newValueError = result.errors.new_value;
    if (values.field === 'birthday' && newValueError?.type === 'custom' && values.new_value)
      newValueError.message = 'La date de naissance doit être une date passée.';
    return result;
  };
}

/** The latest birthday accepted (a date strictly in the past, in Morocco's calendar). */
function yesterday(): string {
  return new Date(Date.parse(`${casablancaDay()}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

type ChangeRequestFormProps = {
  employee: TEmployeeDetail;
  onCreated?: (request: TChangeRequest) => void;
};

/**
 * The change request of one employee (spec §2 employees/{id}/update): which identity or bank field,
 * its new value, why, and the supporting documents. A DRH other than the requester decides.
 */
export function ChangeRequestForm({ employee, onCreated }: ChangeRequestFormProps) {
  const create = useCreateChangeRequestMutation();
  const [attachments, setAttachments] = useState<File[]>([]);
  const [attachmentsError, setAttachmentsError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<TChangeRequest | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    reset,
    watch,
    formState: { errors },
  } = useForm<Values, unknown, Output>({
    resolver: resolverFor(employee),
    defaultValues: { field: '', new_value: '', description: '' },
  });
  const field = watch('field');

  const onSubmit = handleSubmit((values) => {
    if (attachmentsError) return;
    setFormError(null);
    setSent(null);
    create.mutate(
      {
        employeeId: employee.id,
        field: values.field,
        newValue: values.new_value,
        description: values.description,
        attachments,
      },
      {
        onSuccess: (request) => {
          reset();
          setAttachments([]);
          setSent(request);
          onCreated?.(request);
        },
        onError: (error) => {
          const attachmentProblem = fieldErrors(error).attachments ?? null;
          setAttachmentsError(attachmentProblem);
          const general = applyServerErrors(error, setError, ['field', 'new_value', 'description']);
          setFormError(general === attachmentProblem ? null : general);
        },
      },
    );
  });

  const fieldRegistration = register('field', {
    onChange: () => {
      setValue('new_value', '');
      setSent(null);
    },
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      aria-label="Nouvelle demande de modification"
    >
      {sent ? (
        <MessageBox severity="success" title="Demande envoyée">
          La modification « {CHANGE_REQUEST_FIELD_LABELS[sent.field]} » sera appliquée dès qu'un DRH l'aura
          approuvée.
        </MessageBox>
      ) : null}
      {formError ? <MessageBox severity="danger">{formError}</MessageBox> : null}

      <FormField label={CHANGE_REQUEST_LABELS.field} required error={errors.field?.message}>
        {(control) => (
          <select {...control} {...fieldRegistration} className={inputClassName}>
            <option value="">Choisir un champ</option>
            {CHANGE_REQUEST_FIELDS.map((name) => (
              <option key={name} value={name}>
                {CHANGE_REQUEST_FIELD_LABELS[name]}
              </option>
            ))}
          </select>
        )}
      </FormField>

      {field ? (
        <div className="rounded-xl bg-gray-50 px-3 py-2 text-sm ring-1 ring-gray-200">
          <span className="text-gray-600">Valeur actuelle : </span>
          <span className="font-medium break-all text-gray-900" data-testid="current-value">
            {formatFieldValue(field, currentValueOf(employee, field))}
          </span>
        </div>
      ) : null}

      <FormField
        key={field || 'none'}
        label={CHANGE_REQUEST_LABELS.new_value}
        required
        disabled={!field}
        hint={field ? HINTS[field] : 'Choisissez d’abord le champ à modifier.'}
        error={errors.new_value?.message}
        {...(field ? INPUTS[field] : {})}
        {...(field === 'birthday' ? { max: yesterday() } : {})}
        {...register('new_value')}
      />

      <FormField label={CHANGE_REQUEST_LABELS.description} required error={errors.description?.message}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={DESCRIPTION_MAX_LENGTH}
            placeholder="Ex. : changement de banque, erreur de saisie, mariage…"
            className={inputClassName}
            {...register('description')}
          />
        )}
      </FormField>

      <AttachmentsPicker
        files={attachments}
        onChange={setAttachments}
        error={attachmentsError}
        onError={setAttachmentsError}
        disabled={create.isPending}
      />

      <div>
        <Button type="submit" label="Envoyer la demande" loading={create.isPending} />
      </div>
    </form>
  );
}
