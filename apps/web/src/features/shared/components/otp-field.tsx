import { OTP_LENGTH } from '@tasbiq/contracts/constants';
import type { InputHTMLAttributes, Ref } from 'react';
import { FormField } from '../../../components/ui/form-field.tsx';

type OtpFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> & {
  label?: string;
  error?: string;
  ref?: Ref<HTMLInputElement>;
};

export const OTP_LABEL = 'Code de vérification';

/**
 * One input for the 6-digit code: phones offer the code from the SMS (one-time-code), paste works,
 * and a screen reader reads one field rather than six boxes.
 */
export function OtpField({ label = OTP_LABEL, error, ref, ...inputProps }: OtpFieldProps) {
  return (
    <FormField
      {...inputProps}
      ref={ref}
      label={label}
      error={error}
      hint={`${OTP_LENGTH} chiffres`}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={OTP_LENGTH}
      inputClassName="text-center text-2xl tracking-[0.5em] tabular-nums"
    />
  );
}
