import { ZOtpVerifyRequest } from '@tasbiq/contracts/auth';
import { OTP_RESEND_COUNTDOWN_SECONDS } from '@tasbiq/contracts/constants';
import { ZEmail, ZMobilePhone } from '@tasbiq/contracts/validators';
import { type InputHTMLAttributes, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { errorMessage } from '../../../lib/errors/error-message.ts';
import { isApiError } from '../../../lib/http/api-error.ts';
import { OTP_LABEL, OtpField } from '../../shared/components/otp-field.tsx';
import { ResendButton } from '../../shared/components/resend-button.tsx';
import { applyServerErrors } from '../../shared/forms/apply-server-errors.ts';
import { frenchZodResolver } from '../../shared/forms/french-zod-resolver.ts';
import { useCountdown } from '../../shared/use-countdown.ts';
import { type ContactKind, useRequestContactChangeMutation } from '../api/request-contact-change.ts';
import { useValidateContactChangeMutation } from '../api/validate-contact-change.ts';

type FlowText = {
  title: string;
  label: string;
  intro: string;
  sentTo: (value: string) => string;
  done: string;
  input: Omit<InputHTMLAttributes<HTMLInputElement>, 'children'>;
  /** The new value, as the API checks it: its format, and not the account's current one. */
  schema: (current: string | null) => z.ZodType<{ value: string }, { value: string }>;
};

/** The contract's field, refused with `sameCode` when it normalises to the account's current value. */
function newValueSchema(field: z.ZodType<string, string>, current: string | null, sameCode: string) {
  return z.object({
    value: field.refine((value) => current === null || value !== current, { message: sameCode }),
  });
}

export const CONTACT_FLOWS: Record<ContactKind, FlowText> = {
  phone: {
    title: 'Modifier le numéro de téléphone',
    label: 'Nouveau numéro de téléphone',
    intro: 'Un code de vérification sera envoyé par SMS à ce nouveau numéro de mobile.',
    sentTo: (value) => `Un code à 6 chiffres a été envoyé par SMS au ${value}.`,
    done: 'Votre numéro de téléphone a été modifié.',
    input: { type: 'tel', inputMode: 'tel', autoComplete: 'tel', placeholder: '06 12 34 56 78' },
    schema: (current) => newValueSchema(ZMobilePhone, current, 'SAME_PHONE'),
  },
  email: {
    title: "Modifier l'adresse e-mail",
    label: 'Nouvelle adresse e-mail',
    intro: 'Un code de vérification sera envoyé à cette nouvelle adresse.',
    sentTo: (value) => `Un code à 6 chiffres a été envoyé à ${value}.`,
    done: 'Votre adresse e-mail a été modifiée.',
    input: {
      type: 'email',
      inputMode: 'email',
      autoComplete: 'email',
      autoCapitalize: 'none',
      spellCheck: false,
    },
    schema: (current) => newValueSchema(ZEmail, current?.toLowerCase() ?? null, 'SAME_EMAIL'),
  },
};

type ChangeContactDialogProps = {
  kind: ContactKind;
  /** The account's phone or e-mail now: typing it again is refused (SAME_PHONE, SAME_EMAIL). */
  current: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The change is made; receives the sentence to confirm it with. */
  onChanged: (message: string) => void;
};

type Flow = { value: string; token: string };

/** New phone or e-mail → code sent there → code typed in → the account is updated. */
export function ChangeContactDialog({
  kind,
  current,
  open,
  onOpenChange,
  onChanged,
}: ChangeContactDialogProps) {
  const text = CONTACT_FLOWS[kind];
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={text.title} align="bottom">
      <ChangeContactFlow kind={kind} current={current} onChanged={onChanged} />
    </Modal>
  );
}

function ChangeContactFlow({
  kind,
  current,
  onChanged,
}: {
  kind: ContactKind;
  current: string | null;
  onChanged: (message: string) => void;
}) {
  const [flow, setFlow] = useState<Flow | null>(null);
  const requestChange = useRequestContactChangeMutation();
  const countdown = useCountdown(OTP_RESEND_COUNTDOWN_SECONDS);

  const start = (value: string, onError?: (error: unknown) => void) =>
    requestChange.mutate(
      { kind, value },
      {
        onSuccess: ({ token }) => {
          setFlow({ value, token });
          countdown.restart();
        },
        onError,
      },
    );

  if (!flow)
    return (
      <NewValueStep kind={kind} current={current} isPending={requestChange.isPending} onSubmit={start} />
    );
  return (
    <CodeStep
      kind={kind}
      flow={flow}
      countdown={countdown.remaining}
      isResending={requestChange.isPending}
      resendError={requestChange.isError ? errorMessage(requestChange.error) : null}
      onResend={() => start(flow.value)}
      onBack={() => setFlow(null)}
      onChanged={onChanged}
    />
  );
}

function NewValueStep({
  kind,
  current,
  isPending,
  onSubmit,
}: {
  kind: ContactKind;
  current: string | null;
  isPending: boolean;
  onSubmit: (value: string, onError: (error: unknown) => void) => void;
}) {
  const text = CONTACT_FLOWS[kind];
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ value: string }>({
    resolver: frenchZodResolver(text.schema(current), { value: text.label }),
    defaultValues: { value: '' },
  });

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={handleSubmit(({ value }) => {
        setFormError(null);
        onSubmit(value, (error) =>
          setFormError(applyServerErrors(error, setError, ['value'], { [kind]: 'value' })),
        );
      })}
    >
      <p className="text-sm text-gray-600">{text.intro}</p>
      {formError ? <MessageBox severity="danger">{formError}</MessageBox> : null}
      <FormField
        label={text.label}
        error={errors.value?.message}
        required
        autoFocus
        {...text.input}
        {...register('value')}
      />
      <Button type="submit" size="lg" label="Recevoir le code" loading={isPending} />
    </form>
  );
}

function CodeStep({
  kind,
  flow,
  countdown,
  isResending,
  resendError,
  onResend,
  onBack,
  onChanged,
}: {
  kind: ContactKind;
  flow: Flow;
  countdown: number;
  isResending: boolean;
  resendError: string | null;
  onResend: () => void;
  onBack: () => void;
  onChanged: (message: string) => void;
}) {
  const text = CONTACT_FLOWS[kind];
  const validateChange = useValidateContactChangeMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ otp: string }>({
    resolver: frenchZodResolver(ZOtpVerifyRequest, { otp: OTP_LABEL }),
    defaultValues: { otp: '' },
  });

  const onSubmit = handleSubmit(({ otp }) => {
    setFormError(null);
    validateChange.mutate(
      { kind, token: flow.token, otp },
      {
        onSuccess: () => onChanged(text.done),
        onError: (error) => {
          if (isApiError(error) && error.code === 'incorrect_otp') {
            setError('otp', { type: 'server', message: errorMessage(error) }, { shouldFocus: true });
            return;
          }
          setFormError(applyServerErrors(error, setError, ['otp']));
        },
      },
    );
  });

  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={onSubmit}>
      <p className="text-sm text-gray-600" aria-live="polite">
        {text.sentTo(flow.value)}
      </p>
      {resendError ? <MessageBox severity="danger">{resendError}</MessageBox> : null}
      {formError ? <MessageBox severity="danger">{formError}</MessageBox> : null}
      <OtpField error={errors.otp?.message} required autoFocus {...register('otp')} />
      <Button type="submit" size="lg" label="Valider" loading={validateChange.isPending} />
      <ResendButton label="Renvoyer le code" remaining={countdown} loading={isResending} onClick={onResend} />
      <Button variant="tertiary" label="Modifier la saisie" onClick={onBack} />
    </form>
  );
}
