import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { cx } from '../../lib/cx.ts';
import { FormField, inputClassName } from './form-field.tsx';

export type SelectOption = { value: string; label: string };

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> & {
  label: string;
  options: readonly SelectOption[];
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLSelectElement>;
};

/** A labelled native select (the phone's own picker), wired to the field's hint and error. */
export function SelectField({
  label,
  options,
  error,
  hint,
  required,
  className,
  ref,
  ...rest
}: SelectFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint} required={required} className={className}>
      {(control) => (
        <select {...rest} {...control} ref={ref} required={required} className={cx(inputClassName, 'pr-8')}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
