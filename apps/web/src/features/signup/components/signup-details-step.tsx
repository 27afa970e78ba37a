import type { TTokenPair } from '@tasbiq/contracts/auth';
import { ZSignupRequest } from '@tasbiq/contracts/signup';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { isApiError } from '../../../lib/http/api-error.ts';
import { PasswordField } from '../../shared/components/password-field.tsx';
import { applyServerErrors } from '../../shared/forms/apply-server-errors.ts';
import { frenchZodResolver } from '../../shared/forms/french-zod-resolver.ts';
import { useSignUpMutation } from '../api/sign-up.ts';
import { StepIndicator } from './signup-phone-step.tsx';

const ZDetailsForm = ZSignupRequest.pick({
  serial: true,
  birthday: true,
  first_name: true,
  last_name: true,
  email: true,
  password: true,
  confirm_password: true,
}).superRefine((values, ctx) => {
  if (values.password !== values.confirm_password)
    ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: 'PASSWORD_MISMATCH' });
});
type DetailsInput = z.input<typeof ZDetailsForm>;
type DetailsOutput = z.output<typeof ZDetailsForm>;
const FIELDS = [
  'serial',
  'birthday',
  'first_name',
  'last_name',
  'email',
  'password',
  'confirm_password',
] as const;

export const DETAILS_LABELS = {
  serial: 'Matricule',
  birthday: 'Date de naissance',
  first_name: 'Prénom',
  last_name: 'Nom',
  email: 'E-mail (facultatif)',
  password: 'Mot de passe',
  confirm_password: 'Confirmation du mot de passe',
} as const;

type SignupDetailsStepProps = {
  signupToken: string;
  phoneToken: string;
  onSignedUp: (pair: TTokenPair) => void;
  /** The phone check expired or was used: start again from the phone. */
  onPhoneExpired: () => void;
};

/** Step 3: who the person is (matricule + birthday, as HR knows them), their name and a password. */
export function SignupDetailsStep({
  signupToken,
  phoneToken,
  onSignedUp,
  onPhoneExpired,
}: SignupDetailsStepProps) {
  const signUp = useSignUpMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const [isPhoneExpired, setIsPhoneExpired] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DetailsInput, unknown, DetailsOutput>({
    resolver: frenchZodResolver(ZDetailsForm, DETAILS_LABELS),
    defaultValues: {
      serial: '',
      birthday: '',
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      confirm_password: '',
    },
  });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    signUp.mutate(
      { ...values, email: values.email ?? '', signup_token: signupToken, phone_token: phoneToken },
      {
        onSuccess: onSignedUp,
        onError: (error) => {
          setIsPhoneExpired(isApiError(error) && error.code === 'phone_not_confirmed');
          setFormError(applyServerErrors(error, setError, FIELDS));
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold text-gray-900">Vos informations</h1>
        <p className="mt-1 text-sm text-gray-600">
          Votre matricule et votre date de naissance doivent correspondre à ceux connus de votre service RH.
        </p>
      </div>
      <StepIndicator current={3} />
      {formError ? (
        <MessageBox severity="danger">
          {formError}
          {isPhoneExpired ? (
            <span className="mt-2 block">
              <Button
                size="sm"
                variant="secondary"
                label="Vérifier à nouveau mon numéro"
                onClick={onPhoneExpired}
              />
            </span>
          ) : null}
        </MessageBox>
      ) : null}
      <fieldset className="flex flex-col gap-4">
        <legend className="sr-only">Identité</legend>
        <FormField
          label={DETAILS_LABELS.serial}
          error={errors.serial?.message}
          required
          autoCapitalize="characters"
          spellCheck={false}
          {...register('serial')}
        />
        <FormField
          label={DETAILS_LABELS.birthday}
          error={errors.birthday?.message}
          required
          type="date"
          max={new Date().toISOString().slice(0, 10)}
          autoComplete="bday"
          {...register('birthday')}
        />
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={DETAILS_LABELS.first_name}
          error={errors.first_name?.message}
          required
          autoComplete="given-name"
          {...register('first_name')}
        />
        <FormField
          label={DETAILS_LABELS.last_name}
          error={errors.last_name?.message}
          required
          autoComplete="family-name"
          {...register('last_name')}
        />
      </div>
      <FormField
        label={DETAILS_LABELS.email}
        error={errors.email?.message}
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        {...register('email')}
      />
      <PasswordField
        label={DETAILS_LABELS.password}
        error={errors.password?.message}
        hint="Au moins 8 caractères, pas uniquement des chiffres."
        required
        autoComplete="new-password"
        {...register('password')}
      />
      <PasswordField
        label={DETAILS_LABELS.confirm_password}
        error={errors.confirm_password?.message}
        required
        autoComplete="new-password"
        {...register('confirm_password')}
      />
      <Button type="submit" size="lg" label="Créer mon compte" loading={signUp.isPending} />
    </form>
  );
}
