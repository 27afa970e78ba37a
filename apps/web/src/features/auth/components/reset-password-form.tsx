import { ZPasswordResetConfirm } from '@tasbiq/contracts/auth';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { PasswordField } from '../../shared/components/password-field.tsx';
import { applyServerErrors } from '../../shared/forms/apply-server-errors.ts';
import { frenchZodResolver } from '../../shared/forms/french-zod-resolver.ts';
import { useConfirmPasswordResetMutation } from '../api/confirm-password-reset.ts';

export const RESET_PASSWORD_LABELS = {
  new_password: 'Nouveau mot de passe',
  confirm_password: 'Confirmation du mot de passe',
} as const;

const ZResetPasswordForm = ZPasswordResetConfirm.omit({ token: true }).refine(
  (values) => values.new_password === values.confirm_password,
  { path: ['confirm_password'], message: 'PASSWORD_MISMATCH' },
);
type Values = { new_password: string; confirm_password: string };

/** /reset?token=… once the token is known good: choose the new password. */
export function ResetPasswordForm({ token }: { token: string }) {
  const confirmReset = useConfirmPasswordResetMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({
    resolver: frenchZodResolver(ZResetPasswordForm, RESET_PASSWORD_LABELS),
    defaultValues: { new_password: '', confirm_password: '' },
  });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    confirmReset.mutate(
      { token, ...values },
      {
        onSuccess: () => requestAnimationFrame(() => doneRef.current?.focus()),
        onError: (error) =>
          setFormError(applyServerErrors(error, setError, ['new_password', 'confirm_password'])),
      },
    );
  });

  if (confirmReset.isSuccess) {
    return (
      <div className="flex flex-col gap-4">
        <h1 ref={doneRef} tabIndex={-1} className="text-2xl font-semibold text-gray-900 focus:outline-none">
          Mot de passe modifié
        </h1>
        <MessageBox severity="success">
          Votre mot de passe a été réinitialisé. Vous pouvez maintenant vous connecter.
        </MessageBox>
        <Button size="lg" to="/login" label="Se connecter" />
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold text-gray-900">Nouveau mot de passe</h1>
        <p className="mt-1 text-sm text-gray-600">
          Au moins 8 caractères, pas uniquement des chiffres ni un mot de passe trop courant.
        </p>
      </div>
      {formError ? <MessageBox severity="danger">{formError}</MessageBox> : null}
      <PasswordField
        label={RESET_PASSWORD_LABELS.new_password}
        error={errors.new_password?.message}
        required
        autoComplete="new-password"
        {...register('new_password')}
      />
      <PasswordField
        label={RESET_PASSWORD_LABELS.confirm_password}
        error={errors.confirm_password?.message}
        required
        autoComplete="new-password"
        {...register('confirm_password')}
      />
      <Button
        type="submit"
        size="lg"
        label="Réinitialiser le mot de passe"
        loading={confirmReset.isPending}
      />
    </form>
  );
}
