import { ZPasswordResetRequest } from '@tasbiq/contracts/auth';
import { RESET_RESEND_COUNTDOWN_SECONDS } from '@tasbiq/contracts/constants';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { ResendButton } from '../../shared/components/resend-button.tsx';
import { applyServerErrors } from '../../shared/forms/apply-server-errors.ts';
import { frenchZodResolver } from '../../shared/forms/french-zod-resolver.ts';
import { useCountdown } from '../../shared/use-countdown.ts';
import { useRequestPasswordResetMutation } from '../api/request-password-reset.ts';

export const RESET_REQUEST_LABELS = { username: 'E-mail ou téléphone' } as const;

type Values = { username: string };

/** /reset without a token: ask for a link, then say where it went and offer to send it again. */
export function ResetRequestForm() {
  const requestReset = useRequestPasswordResetMutation();
  const countdown = useCountdown(RESET_RESEND_COUNTDOWN_SECONDS);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const confirmationRef = useRef<HTMLHeadingElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({
    resolver: frenchZodResolver(ZPasswordResetRequest, RESET_REQUEST_LABELS),
    defaultValues: { username: '' },
  });

  const send = (username: string) => {
    setFormError(null);
    requestReset.mutate(
      { username },
      {
        onSuccess: () => {
          setSentTo(username);
          countdown.restart();
          // The form is replaced by the confirmation: keep the keyboard focus on the page.
          requestAnimationFrame(() => confirmationRef.current?.focus());
        },
        onError: (error) => setFormError(applyServerErrors(error, setError, ['username'])),
      },
    );
  };

  if (sentTo !== null) {
    return (
      <div className="flex flex-col gap-4">
        <h1
          ref={confirmationRef}
          tabIndex={-1}
          className="text-2xl font-semibold text-gray-900 focus:outline-none"
        >
          Vérifiez vos messages
        </h1>
        <MessageBox severity="success">
          Si un compte correspond à « {sentTo} », un lien de réinitialisation vient de lui être envoyé par
          e-mail ou par SMS. Le lien est valable une heure.
        </MessageBox>
        {formError ? <MessageBox severity="danger">{formError}</MessageBox> : null}
        <ResendButton
          label="Renvoyer le lien"
          remaining={countdown.remaining}
          loading={requestReset.isPending}
          onClick={() => send(sentTo)}
        />
        <Button variant="secondary" to="/login" label="Retour à la connexion" />
      </div>
    );
  }

  return (
    <form
      noValidate
      onSubmit={handleSubmit(({ username }) => send(username))}
      className="flex flex-col gap-4"
    >
      <div>
        <h1 className="text-2xl font-semibold text-gray-900">Mot de passe oublié</h1>
        <p className="mt-1 text-sm text-gray-600">
          Indiquez votre e-mail ou votre numéro de téléphone : nous vous enverrons un lien pour choisir un
          nouveau mot de passe.
        </p>
      </div>
      {formError ? <MessageBox severity="danger">{formError}</MessageBox> : null}
      <FormField
        label={RESET_REQUEST_LABELS.username}
        error={errors.username?.message}
        required
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        {...register('username')}
      />
      <Button type="submit" size="lg" label="Envoyer le lien" loading={requestReset.isPending} />
      <Button variant="tertiary" to="/login" label="Retour à la connexion" />
    </form>
  );
}
