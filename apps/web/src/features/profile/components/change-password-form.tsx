import { ZChangePasswordRequest } from '@tasbiq/contracts/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { PasswordField } from '../../shared/components/password-field.tsx';
import { applyServerErrors } from '../../shared/forms/apply-server-errors.ts';
import { frenchZodResolver, REQUIRED } from '../../shared/forms/french-zod-resolver.ts';
import { useChangePasswordMutation } from '../api/change-password.ts';

export const CHANGE_PASSWORD_LABELS = {
  old_password: 'Mot de passe actuel',
  new_password: 'Nouveau mot de passe',
  confirm_password: 'Confirmation du mot de passe',
} as const;

type Values = { old_password?: string; new_password: string; confirm_password: string };

/** The old password is asked only once the user has chosen one (spec §5). */
function changePasswordSchema(requiresOldPassword: boolean) {
  return ZChangePasswordRequest.superRefine((values, ctx) => {
    if (requiresOldPassword && !values.old_password) {
      ctx.addIssue({ code: 'custom', path: ['old_password'], message: REQUIRED });
    }
    if (values.confirm_password && values.new_password !== values.confirm_password) {
      ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: 'PASSWORD_MISMATCH' });
    }
  });
}

export function ChangePasswordForm({ hasChangedPassword }: { hasChangedPassword: boolean }) {
  const changePassword = useChangePasswordMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const [isDone, setIsDone] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<Values>({
    resolver: frenchZodResolver(changePasswordSchema(hasChangedPassword), CHANGE_PASSWORD_LABELS),
    defaultValues: { old_password: '', new_password: '', confirm_password: '' },
  });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    setIsDone(false);
    const body = hasChangedPassword
      ? values
      : { new_password: values.new_password, confirm_password: values.confirm_password };
    changePassword.mutate(body, {
      onSuccess: () => {
        reset();
        setIsDone(true);
      },
      onError: (error) =>
        setFormError(
          applyServerErrors(error, setError, ['old_password', 'new_password', 'confirm_password']),
        ),
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <div>
        <h2 className="text-lg font-semibold text-gray-900">Changer le mot de passe</h2>
        <p className="mt-1 text-sm text-gray-600">
          Au moins 8 caractères, pas uniquement des chiffres ni un mot de passe trop courant.
        </p>
      </div>
      {isDone ? (
        <MessageBox severity="success">
          Votre mot de passe a été modifié. Vos sessions sur vos autres appareils ont été fermées.
        </MessageBox>
      ) : null}
      {formError ? <MessageBox severity="danger">{formError}</MessageBox> : null}
      {hasChangedPassword ? (
        <PasswordField
          label={CHANGE_PASSWORD_LABELS.old_password}
          error={errors.old_password?.message}
          required
          autoComplete="current-password"
          {...register('old_password')}
        />
      ) : null}
      <PasswordField
        label={CHANGE_PASSWORD_LABELS.new_password}
        error={errors.new_password?.message}
        required
        autoComplete="new-password"
        {...register('new_password')}
      />
      <PasswordField
        label={CHANGE_PASSWORD_LABELS.confirm_password}
        error={errors.confirm_password?.message}
        required
        autoComplete="new-password"
        {...register('confirm_password')}
      />
      <div>
        <Button type="submit" label="Modifier le mot de passe" loading={changePassword.isPending} />
      </div>
    </form>
  );
}
