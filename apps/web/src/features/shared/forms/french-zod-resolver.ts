import { toNestErrors } from '@hookform/resolvers';
import { ERROR_MESSAGES_FR } from '@tasbiq/contracts/error-codes';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { invalidMessage, requiredMessage } from '../../../lib/errors/error-message.ts';

/** Message key a form-level refinement can use to say "this field is required" (label added here). */
export const REQUIRED = 'required';

type Issue = z.core.$ZodIssue;

function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * The French text of a zod issue (spec §5): 'le champ "{0}" est obligatoire' for an empty field,
 * the catalogue text when a contract refinement names an error code (INVALID_PHONE…),
 * 'le champ "{0}" n'est pas valide' otherwise.
 */
export function frenchIssueMessage(issue: Issue, label: string, value: unknown): string {
  // Whatever rule an empty input broke (min length, regex, e-mail format…), the user left it empty.
  if (issue.message === REQUIRED || isEmptyValue(value)) return requiredMessage(label);
  if (Object.hasOwn(ERROR_MESSAGES_FR, issue.message)) return ERROR_MESSAGES_FR[issue.message] as string;
  return invalidMessage(label);
}

function valueAt(values: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = values;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/**
 * A react-hook-form resolver for a contracts schema that speaks French with the form's own labels.
 * `labels` maps field names to the label shown beside the input.
 */
export function frenchZodResolver<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  labels: Partial<Record<string, string>>,
): Resolver<Input, unknown, Output> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const flat: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      if (flat[path]) continue;
      const label = labels[path] ?? labels[String(issue.path[0])] ?? path;
      const message = frenchIssueMessage(issue, label, valueAt(values, issue.path));
      flat[path] = { type: issue.code, message };
    }
    return { values: {}, errors: toNestErrors(flat as FieldErrors, options) as FieldErrors<Input> };
  };
}

/**
 * `frenchZodResolver` for a schema that downloads when first needed, so a first page does not wait
 * for zod (/login, issue 9 §4). `preload()` starts the download early — the form calls it on its
 * first focus — so a submit rarely waits for it. A failed download is tried again on the next
 * validation.
 */
export function lazyFrenchZodResolver<Input extends FieldValues, Output extends FieldValues>(
  load: () => Promise<z.ZodType<Output, Input>>,
  labels: Partial<Record<string, string>>,
): { resolver: Resolver<Input, unknown, Output>; preload: () => void } {
  let loading: Promise<Resolver<Input, unknown, Output>> | null = null;
  const get = () => {
    loading ??= load().then(
      (schema) => frenchZodResolver(schema, labels),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => void get().catch(() => undefined),
  };
}
