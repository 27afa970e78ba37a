import type { TTokenPair, TTokenRequest } from '@tasbiq/contracts/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { PasswordField } from '../../shared/components/password-field.tsx';
import { applyServerErrors } from '../../shared/forms/apply-server-errors.ts';
import { lazyFrenchZodResolver } from '../../shared/forms/french-zod-resolver.ts';
import { useObtainTokenMutation } from '../api/obtain-token.ts';

export const LOGIN_LABELS = { username: 'E-mail ou téléphone', password: 'Mot de passe' } as const;

/** The contract's schema, downloaded on the form's first focus: /login shows without zod. */
const loginValidation = lazyFrenchZodResolver<TTokenRequest, TTokenRequest>(
  () => import('@tasbiq/contracts/auth').then((auth) => auth.ZTokenRequest),
  LOGIN_LABELS,
);

type LoginFormProps = {
  /** The credentials were right; `pair.otp_required` says whether the phone must be confirmed first. */
  onAuthenticated: (pair: TTokenPair) => void;
  /** Why the visitor is here, e.g. after "Se déconnecter partout". */
  notice?: string | null;
};

export function LoginForm({ onAuthenticated, notice }: LoginFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const obtainToken = useObtainTokenMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TTokenRequest>({
    resolver: loginValidation.resolver,
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    obtainToken.mutate(values, {
      onSuccess: onAuthenticated,
      onError: (error) => setFormError(applyServerErrors(error, setError, ['username', 'password'])),
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} onFocus={loginValidation.preload} className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold text-gray-900">Connexion</h1>
        <p className="mt-1 text-sm text-gray-600">
          Connectez-vous avec votre e-mail ou votre numéro de téléphone.
        </p>
      </div>
      {notice && !formError ? <MessageBox severity="info">{notice}</MessageBox> : null}
      {formError ? <MessageBox severity="danger">{formError}</MessageBox> : null}
      <FormField
        label={LOGIN_LABELS.username}
        error={errors.username?.message}
        required
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        {...register('username')}
      />
      <PasswordField
        label={LOGIN_LABELS.password}
        error={errors.password?.message}
        required
        autoComplete="current-password"
        {...register('password')}
      />
      <div className="-mt-1 text-right">
        <Link to="/reset" className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
          Mot de passe oublié ?
        </Link>
      </div>
      <Button type="submit" size="lg" label="Se connecter" loading={obtainToken.isPending} />
    </form>
  );
}
