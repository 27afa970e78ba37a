import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessage, type FieldMessages, fieldErrors } from '../../../lib/errors/error-message.ts';
import { isApiError } from '../../../lib/http/api-error.ts';

/**
 * Puts an API failure where the user will look: under the input it is about when the form has that
 * field, otherwise in the form's general message. Returns that general message (null when every
 * error found its field). `aliases` maps an API field name onto a form field of another name;
 * `messages` are the form's own texts by `attr.code`, preferred to the catalogue's.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  aliases: Partial<Record<string, Path<T>>> = {},
  messages: FieldMessages = {},
): string | null {
  const toField = (attr: string | null | undefined): Path<T> | null => {
    if (typeof attr !== 'string') return null;
    const name = Object.hasOwn(aliases, attr) ? aliases[attr] : attr;
    return name !== undefined && (fields as readonly string[]).includes(name) ? (name as Path<T>) : null;
  };

  const byField = fieldErrors(error, messages);
  const entries = Object.entries(byField);
  if (entries.length > 0) {
    let general: string | null = null;
    let isFirst = true;
    for (const [attr, message] of entries) {
      const field = toField(attr);
      if (field) {
        setError(field, { type: 'server', message }, { shouldFocus: isFirst });
        isFirst = false;
      } else {
        general ??= message;
      }
    }
    return general;
  }
  // Business errors (client_error) may still name a field, e.g. PASSWORD_INCORECT on old_password.
  const field = isApiError(error) ? toField(error.attr) : null;
  if (field) {
    setError(field, { type: 'server', message: errorMessage(error) }, { shouldFocus: true });
    return null;
  }
  return errorMessage(error);
}
