import { ZPasswordResetConfirm } from '@tasbiq/contracts/auth';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import {
  NEW_PASSWORD_DEFAULTS,
  NewPasswordFields,
  type NewPasswordValues,
  withPasswordMatch,
} from '../../shared/components/new-password-fields.tsx';
import { applyServerErrors } from '../../shared/forms/apply-server-errors.ts';
import { frenchZodResolver } from '../../shared/forms/french-zod-resolver.ts';
import { useConfirmPasswordResetMutation } from '../api/confirm-password-reset.ts';

export const RESET_PASSWORD_LABELS = {
  new_password: 'Nouveau mot de passe',
  confirm_password: 'Confirmation du mot de passe',
} as const;

const ZResetPasswordForm = withPasswordMatch(ZPasswordResetConfirm.omit({ token: true }));

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
  } = useForm<NewPasswordValues>({
    resolver: frenchZodResolver(ZResetPasswordForm, RESET_PASSWORD_LABELS),
    defaultValues: NEW_PASSWORD_DEFAULTS,
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
      <NewPasswordFields labels={RESET_PASSWORD_LABELS} register={register} errors={errors} />
      <Button
        type="submit"
        size="lg"
        label="Réinitialiser le mot de passe"
        loading={confirmReset.isPending}
      />
    </form>
  );
}
