import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  useCallback,
  useId,
  useLayoutEffect,
  useRef,
} from 'react';
import { cx } from '../../lib/cx.ts';

/** What a custom control must spread to be tied to the field's label, hint and error. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
};

export type FormFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> & {
  label: ReactNode;
  /** French text of the field's error (see lib/errors/error-message.ts); marks the control invalid. */
  error?: string;
  hint?: ReactNode;
  /** Classes of the wrapper; the input keeps the shared look. */
  className?: string;
  inputClassName?: string;
  ref?: Ref<HTMLInputElement>;
  /** Renders another control (select, textarea, OTP boxes) in place of the input, wired the same way. */
  children?: (control: FieldControlProps) => ReactNode;
};

/** The look of text inputs, for selects and textareas built elsewhere to match. */
export const inputClassName =
  'block w-full rounded-xl border border-gray-300 bg-white px-3 py-2.5 text-base text-gray-900 ' +
  'placeholder:text-gray-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20 ' +
  'disabled:bg-gray-100 disabled:text-gray-500 aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/20';

/**
 * Label + control + hint + error. The input's text is 16px (text-base) because iOS Safari zooms
 * into any focused field with smaller text.
 */
export function FormField({
  label,
  error,
  hint,
  className,
  inputClassName: extraInputClass,
  id,
  required,
  children,
  ref,
  autoFocus,
  ...inputProps
}: FormFieldProps) {
  const input = useFocusOnMount(autoFocus, ref);
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control: FieldControlProps = {
    id: controlId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': required ? true : undefined,
  };

  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={controlId} className="text-sm font-medium text-gray-800">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-red-600">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children ? (
        children(control)
      ) : (
        <input
          {...inputProps}
          {...control}
          ref={input}
          required={required}
          className={cx(inputClassName, extraInputClass)}
        />
      )}
      {hint ? (
        <p id={hintId} className="text-xs text-gray-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * `autoFocus` done here rather than left to the framework: Preact writes it as the HTML attribute,
 * which a browser honours once per page, not for a field that appears later in a dialog (decision
 * 049). Focused in a layout effect, before the dialog's focus trap looks for something to focus.
 */
function useFocusOnMount(autoFocus: boolean | undefined, forwarded: Ref<HTMLInputElement> | undefined) {
  const node = useRef<HTMLInputElement | null>(null);
  const focusAtMount = useRef(autoFocus);
  useLayoutEffect(() => {
    if (focusAtMount.current) node.current?.focus();
  }, []);
  return useCallback(
    (element: HTMLInputElement | null) => {
      node.current = element;
      if (typeof forwarded === 'function') forwarded(element);
      else if (forwarded) forwarded.current = element;
    },
    [forwarded],
  );
}
