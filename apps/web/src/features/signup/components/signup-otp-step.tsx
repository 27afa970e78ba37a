import { OTP_RESEND_COUNTDOWN_SECONDS } from '@tasbiq/contracts/constants';
import { ZSignupVerifyOtpRequest } from '@tasbiq/contracts/signup';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { errorMessage } from '../../../lib/errors/error-message.ts';
import { isApiError } from '../../../lib/http/api-error.ts';
import { OTP_LABEL, OtpField } from '../../shared/components/otp-field.tsx';
import { ResendButton } from '../../shared/components/resend-button.tsx';
import { applyServerErrors } from '../../shared/forms/apply-server-errors.ts';
import { frenchZodResolver } from '../../shared/forms/french-zod-resolver.ts';
import { useCountdown } from '../../shared/use-countdown.ts';
import { useRequestSignupOtpMutation } from '../api/request-signup-otp.ts';
import { useVerifySignupOtpMutation } from '../api/verify-signup-otp.ts';
import { StepIndicator } from './signup-phone-step.tsx';

const ZOtpForm = ZSignupVerifyOtpRequest.pick({ otp: true });
type OtpValues = { otp: string };

type SignupOtpStepProps = {
  signupToken: string;
  phone: string;
  /** The number as the person typed it, to show it back the way they know it. */
  typedPhone: string;
  phoneToken: string;
  /** A resend hands out a new phone token (the previous code stops working). */
  onPhoneTokenChange: (phoneToken: string) => void;
  onVerified: () => void;
  onChangePhone: () => void;
};

/** Step 2: the 6-digit code received by SMS, with a resend after a countdown. */
export function SignupOtpStep({
  signupToken,
  phone,
  typedPhone,
  phoneToken,
  onPhoneTokenChange,
  onVerified,
  onChangePhone,
}: SignupOtpStepProps) {
  const verifyOtp = useVerifySignupOtpMutation();
  const resend = useRequestSignupOtpMutation();
  const countdown = useCountdown(OTP_RESEND_COUNTDOWN_SECONDS, { startNow: true });
  const [formError, setFormError] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  // The number already has an account: said only now, to whoever holds the phone (the first step
  // answers the same for every number, so the page tells a stranger nothing).
  const [isRegistered, setIsRegistered] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<OtpValues>({
    resolver: frenchZodResolver(ZOtpForm, { otp: OTP_LABEL }),
    defaultValues: { otp: '' },
  });

  useEffect(() => {
    setFocus('otp');
  }, [setFocus]);

  const onSubmit = handleSubmit(({ otp }) => {
    setFormError(null);
    verifyOtp.mutate(
      { phone_token: phoneToken, otp },
      {
        onSuccess: onVerified,
        onError: (error) => {
          if (isApiError(error) && error.code === 'PHONE_EXISTS') {
            setIsRegistered(true);
            return;
          }
          if (isApiError(error) && error.code === 'incorrect_otp') {
            setError('otp', { type: 'server', message: errorMessage(error) }, { shouldFocus: true });
            return;
          }
          setFormError(applyServerErrors(error, setError, ['otp']));
        },
      },
    );
  });

  const sendAgain = () => {
    setFormError(null);
    setResent(false);
    resend.mutate(
      { signup_token: signupToken, phone },
      {
        onSuccess: (response) => {
          onPhoneTokenChange(response.phone_token);
          setResent(true);
          countdown.restart();
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold text-gray-900">Vérification du téléphone</h1>
        <p className="mt-1 text-sm text-gray-600" aria-live="polite">
          {resent
            ? `Un nouveau code a été envoyé par SMS au ${typedPhone}.`
            : `Un code à 6 chiffres a été envoyé par SMS au ${typedPhone}.`}
        </p>
      </div>
      <StepIndicator current={2} />
      {resend.isError ? <MessageBox severity="danger">{errorMessage(resend.error)}</MessageBox> : null}
      {formError ? <MessageBox severity="danger">{formError}</MessageBox> : null}
      {isRegistered ? (
        <MessageBox severity="info" title="Ce numéro a déjà un compte Tasbiq.">
          Connectez-vous avec ce numéro et votre mot de passe.{' '}
          <Link to="/login" className="font-medium text-brand-700 underline underline-offset-2">
            Se connecter
          </Link>
          {' · '}
          <Link to="/reset" className="font-medium text-brand-700 underline underline-offset-2">
            Mot de passe oublié ?
          </Link>
        </MessageBox>
      ) : null}
      <OtpField error={errors.otp?.message} required {...register('otp')} />
      <Button type="submit" size="lg" label="Vérifier" loading={verifyOtp.isPending} />
      <ResendButton
        label="Renvoyer le code"
        remaining={countdown.remaining}
        loading={resend.isPending}
        onClick={sendAgain}
      />
      <Button variant="tertiary" label="Changer de numéro" onClick={onChangePhone} />
    </form>
  );
}
