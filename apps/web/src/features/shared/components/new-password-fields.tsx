import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import { PasswordField } from './password-field.tsx';

/** The values of a "choose your password" form: the password and its confirmation. */
export type NewPasswordValues = { new_password: string; confirm_password: string };

export const NEW_PASSWORD_DEFAULTS: NewPasswordValues = { new_password: '', confirm_password: '' };

/** Adds the "the two passwords differ" check (on the confirmation field) to a contract schema. */
export function withPasswordMatch<T extends z.ZodType<NewPasswordValues>>(schema: T): T {
  return schema.refine((values) => values.new_password === values.confirm_password, {
    path: ['confirm_password'],
    message: 'PASSWORD_MISMATCH',
  });
}

/** The new password and its confirmation, both `autocomplete="new-password"`. */
export function NewPasswordFields({
  labels,
  register,
  errors,
}: {
  labels: { new_password: string; confirm_password: string };
  register: UseFormRegister<NewPasswordValues>;
  errors: FieldErrors<NewPasswordValues>;
}) {
  return (
    <>
      <PasswordField
        label={labels.new_password}
        error={errors.new_password?.message}
        required
        autoComplete="new-password"
        {...register('new_password')}
      />
      <PasswordField
        label={labels.confirm_password}
        error={errors.confirm_password?.message}
        required
        autoComplete="new-password"
        {...register('confirm_password')}
      />
    </>
  );
}
