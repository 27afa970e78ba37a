import { OTP_LENGTH } from '@tasbiq/contracts/constants';
import type { InputHTMLAttributes, Ref } from 'react';
import { FormField } from '../../../components/ui/form-field.tsx';

type OtpFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> & {
  label?: string;
  error?: string;
  ref?: Ref<HTMLInputElement>;
};

export const OTP_LABEL = 'Code de vérification';

/** What the field keeps of what is typed or pasted: the digits (« 123 456 » → « 123456 »). */
export function otpDigits(text: string): string {
  return text.replace(/\D/g, '').slice(0, OTP_LENGTH);
}

/**
 * One input for the 6-digit code: phones offer the code from the SMS (one-time-code) on a numeric
 * keypad, paste works, and a screen reader reads one field rather than six boxes. Digits only: a
 * letter typed or pasted is dropped before the form sees it (the contract's INVALID_OTP stays the
 * rule).
 */
export function OtpField({ label = OTP_LABEL, error, ref, onChange, ...inputProps }: OtpFieldProps) {
  return (
    <FormField
      {...inputProps}
      ref={ref}
      label={label}
      error={error}
      hint={`${OTP_LENGTH} chiffres`}
      type="text"
      inputMode="numeric"
      pattern="[0-9]*"
      autoComplete="one-time-code"
      inputClassName="text-center text-2xl tracking-[0.5em] tabular-nums"
      onChange={(event) => {
        const digits = otpDigits(event.target.value);
        if (digits !== event.target.value) event.target.value = digits;
        onChange?.(event);
      }}
    />
  );
}
