import type { TSignupOtpResponse } from '@tasbiq/contracts/signup';
import { ZPhone } from '@tasbiq/contracts/validators';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { applyServerErrors } from '../../shared/forms/apply-server-errors.ts';
import { frenchZodResolver } from '../../shared/forms/french-zod-resolver.ts';
import { useRequestSignupOtpMutation } from '../api/request-signup-otp.ts';

const ZPhoneForm = z.object({ phone: ZPhone });
type PhoneValues = z.input<typeof ZPhoneForm>;
export const PHONE_LABEL = 'Numéro de téléphone';

type SignupPhoneStepProps = {
  signupToken: string;
  companyName: string;
  defaultPhone?: string;
  onCodeSent: (sent: { phone: string; typed: string; response: TSignupOtpResponse }) => void;
};

/** Step 1: the phone that will receive the code (and later log in). */
export function SignupPhoneStep({
  signupToken,
  companyName,
  defaultPhone = '',
  onCodeSent,
}: SignupPhoneStepProps) {
  const requestOtp = useRequestSignupOtpMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = useForm<PhoneValues, unknown, z.output<typeof ZPhoneForm>>({
    resolver: frenchZodResolver(ZPhoneForm, { phone: PHONE_LABEL }),
    defaultValues: { phone: defaultPhone },
  });

  const onSubmit = handleSubmit(({ phone }) => {
    setFormError(null);
    const typed = getValues('phone').trim();
    requestOtp.mutate(
      { signup_token: signupToken, phone },
      {
        onSuccess: (response) => onCodeSent({ phone, typed, response }),
        onError: (error) => setFormError(applyServerErrors(error, setError, ['phone'])),
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold text-gray-900">Créer votre compte</h1>
        <p className="mt-1 text-sm text-gray-600">
          Rejoignez <strong className="font-semibold text-gray-900">{companyName}</strong> sur Tasbiq. Nous
          allons d'abord vérifier votre numéro de téléphone par SMS.
        </p>
      </div>
      <StepIndicator current={1} />
      {formError ? <MessageBox severity="danger">{formError}</MessageBox> : null}
      <FormField
        label={PHONE_LABEL}
        error={errors.phone?.message}
        hint="Exemple : 06 12 34 56 78"
        required
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        {...register('phone')}
      />
      <Button type="submit" size="lg" label="Recevoir le code" loading={requestOtp.isPending} />
      <Button variant="tertiary" to="/login" label="J'ai déjà un compte" />
    </form>
  );
}

const STEPS = ['Téléphone', 'Code SMS', 'Identité'] as const;

/** "Étape 2 sur 3 : Code SMS", with a bar for sighted users. */
export function StepIndicator({ current }: { current: 1 | 2 | 3 }) {
  return (
    <div>
      <p className="text-sm font-medium text-brand-700">
        Étape {current} sur {STEPS.length} : {STEPS[current - 1]}
      </p>
      <div aria-hidden="true" className="mt-2 flex gap-1.5">
        {STEPS.map((step, index) => (
          <span
            key={step}
            className={`h-1.5 flex-1 rounded-full ${index < current ? 'bg-brand-600' : 'bg-gray-200'}`}
          />
        ))}
      </div>
    </div>
  );
}
