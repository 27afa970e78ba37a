import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { type InputHTMLAttributes, type ReactNode, type Ref, useState } from 'react';
import { FormField, inputClassName } from '../../../components/ui/form-field.tsx';
import { cx } from '../../../lib/cx.ts';

type PasswordFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A password input with a show/hide toggle. The toggle's name avoids the words "mot de passe" so
 * `getByLabel('Mot de passe')` finds the input only.
 */
export function PasswordField({
  label,
  error,
  hint,
  required,
  ref,
  className,
  ...inputProps
}: PasswordFieldProps) {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <FormField label={label} error={error} hint={hint} required={required} className={className}>
      {(control) => (
        <div className="relative">
          <input
            {...inputProps}
            {...control}
            ref={ref}
            required={required}
            type={isVisible ? 'text' : 'password'}
            className={cx(inputClassName, 'pr-12')}
          />
          <button
            type="button"
            aria-label={isVisible ? 'Masquer la saisie' : 'Afficher la saisie'}
            aria-pressed={isVisible}
            aria-controls={control.id}
            onClick={() => setIsVisible((visible) => !visible)}
            className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-r-xl text-gray-500 hover:text-gray-800 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {isVisible ? (
              <IconEyeOff aria-hidden="true" className="size-5" />
            ) : (
              <IconEye aria-hidden="true" className="size-5" />
            )}
          </button>
        </div>
      )}
    </FormField>
  );
}
