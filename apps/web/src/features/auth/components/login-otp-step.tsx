import { type TTokenPair, ZOtpVerifyRequest } from '@tasbiq/contracts/auth';
import { OTP_RESEND_COUNTDOWN_SECONDS } from '@tasbiq/contracts/constants';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { errorMessage } from '../../../lib/errors/error-message.ts';
import { isApiError } from '../../../lib/http/api-error.ts';
import { OTP_LABEL, OtpField } from '../../shared/components/otp-field.tsx';
import { ResendButton } from '../../shared/components/resend-button.tsx';
import { applyServerErrors } from '../../shared/forms/apply-server-errors.ts';
import { frenchZodResolver } from '../../shared/forms/french-zod-resolver.ts';
import { useCountdown } from '../../shared/use-countdown.ts';
import { useSendLoginOtpMutation } from '../api/send-login-otp.ts';
import { useVerifyLoginOtpMutation } from '../api/verify-login-otp.ts';

type LoginOtpStepProps = {
  /** The phone-limited pair returned by POST /auth/token. */
  pending: TTokenPair;
  onVerified: (pair: TTokenPair) => void;
  onCancel: () => void;
};

type OtpValues = { otp: string };

/** What the step says, by why the API asked for the code (`otp_reason`; absent from older answers). */
export const LOGIN_OTP_TEXT = {
  phone_confirmation: { title: 'Vérification du téléphone', notice: null },
  failed_logins: {
    title: 'Vérification de sécurité',
    notice:
      "De nombreuses tentatives de connexion ont échoué sur votre compte ces dernières heures. Par sécurité, confirmez que c'est bien vous avec le code envoyé par SMS à votre numéro.",
  },
} as const;

/**
 * Second login step: for an unconfirmed phone, or past the failed-login limit (the right password
 * then needs the SMS code too). A code is sent at once, then typed in.
 */
export function LoginOtpStep({ pending, onVerified, onCancel }: LoginOtpStepProps) {
  const sendOtp = useSendLoginOtpMutation();
  const verifyOtp = useVerifyLoginOtpMutation();
  const countdown = useCountdown(OTP_RESEND_COUNTDOWN_SECONDS);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<OtpValues>({
    resolver: frenchZodResolver(ZOtpVerifyRequest, { otp: OTP_LABEL }),
    defaultValues: { otp: '' },
  });

  const { mutate: send } = sendOtp;
  const { restart } = countdown;
  const sendCode = () => {
    setFormError(null);
    send(pending.access, { onSuccess: restart });
  };

  // Once per step, even under StrictMode's double effects: every send costs an SMS and counts
  // against the send limit.
  const hasSent = useRef(false);
  useEffect(() => {
    if (hasSent.current) return;
    hasSent.current = true;
    send(pending.access, { onSuccess: restart });
    setFocus('otp');
  }, [send, restart, setFocus, pending.access]);

  const onSubmit = handleSubmit(({ otp }) => {
    setFormError(null);
    verifyOtp.mutate(
      { pendingAccess: pending.access, otp },
      {
        onSuccess: onVerified,
        onError: (error) => {
          // A wrong code belongs under the input, whatever field the API named.
          if (isApiError(error) && error.code === 'incorrect_otp') {
            setError('otp', { type: 'server', message: errorMessage(error) }, { shouldFocus: true });
            return;
          }
          setFormError(applyServerErrors(error, setError, ['otp']));
        },
      },
    );
  });

  const text = LOGIN_OTP_TEXT[pending.otp_reason ?? 'phone_confirmation'];

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold text-gray-900">{text.title}</h1>
        <p className="mt-1 text-sm text-gray-600" aria-live="polite">
          {sendOtp.data
            ? `Un code à 6 chiffres a été envoyé par SMS au ${sendOtp.data.phone}.`
            : sendOtp.isPending
              ? 'Envoi du code par SMS…'
              : 'Saisissez le code à 6 chiffres reçu par SMS.'}
        </p>
      </div>
      {text.notice ? <MessageBox severity="warning">{text.notice}</MessageBox> : null}
      {sendOtp.isError ? <MessageBox severity="danger">{errorMessage(sendOtp.error)}</MessageBox> : null}
      {formError ? <MessageBox severity="danger">{formError}</MessageBox> : null}
      <OtpField error={errors.otp?.message} required {...register('otp')} />
      <Button type="submit" size="lg" label="Vérifier" loading={verifyOtp.isPending} />
      <ResendButton
        label="Renvoyer le code"
        remaining={countdown.remaining}
        loading={sendOtp.isPending}
        onClick={sendCode}
      />
      <Button variant="tertiary" label="Retour à la connexion" onClick={onCancel} />
    </form>
  );
}
