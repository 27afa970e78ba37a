import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: string;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** A checkbox with its label beside it (the whole row is the click target, 44 px high). */
export function CheckboxField({ label, hint, ref, id, ...rest }: CheckboxFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className="flex items-start gap-3">
      <input
        {...rest}
        ref={ref}
        id={inputId}
        type="checkbox"
        aria-describedby={hintId}
        className="mt-1 size-5 shrink-0 rounded border-gray-300 accent-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
      />
      <div className="flex min-h-11 flex-col">
        <label htmlFor={inputId} className="text-sm font-medium text-gray-800">
          {label}
        </label>
        {hint ? (
          <p id={hintId} className="text-xs text-gray-500">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
