import { ERROR_MESSAGES_FR, VALIDATION_DETAILS_FR, type ValidationCode } from '@tasbiq/contracts/error-codes';
import { isSafeText } from '@tasbiq/contracts/validators';
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { dateRangeIssues } from './list-params.ts';

export type FieldIssue = { code: string; detail: string; attr: string };

/** Thrown by the validator compiler; the error handler answers it as `validation_error`. */
export class RequestValidationError extends Error {
  readonly issues: FieldIssue[];
  validationContext?: string;
  constructor(issues: FieldIssue[]) {
    super('Validation failed');
    this.issues = issues;
  }
}

const BUSINESS_CODE_RE = /^[A-Za-z_]+$/;

/** Maps one zod issue onto Django REST Framework's field codes (ARCHITECTURE wire contract). */
export function drfCodeOf(issue: z.core.$ZodIssue): string {
  const input = (issue as { input?: unknown }).input;
  switch (issue.code) {
    case 'invalid_type':
      if (input === undefined) return 'required';
      if (input === null) return 'null';
      return 'invalid';
    case 'too_small':
      if (issue.origin === 'string')
        return input === '' || (typeof input === 'string' && input.trim() === '') ? 'blank' : 'min_length';
      if (issue.origin === 'array' || issue.origin === 'set') return 'min_length';
      return 'min_value';
    case 'too_big':
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set')
        return 'max_length';
      return 'max_value';
    case 'invalid_value':
      return 'invalid_choice';
    case 'custom':
      // Refinements carry a business code as their message (e.g. INVALID_PHONE).
      return issue.message &&
        BUSINESS_CODE_RE.test(issue.message) &&
        issue.message === issue.message.toUpperCase()
        ? issue.message
        : 'invalid';
    default:
      if (
        issue.message &&
        BUSINESS_CODE_RE.test(issue.message) &&
        issue.message === issue.message.toUpperCase()
      )
        return issue.message;
      return 'invalid';
  }
}

/**
 * "1 caractère", "8 caractères" — or "1 élément", "2 éléments" for a list: French puts the noun in
 * the singular up to 1, in the plural from 2.
 */
export function lengthUnits(count: unknown, origin: unknown): string {
  const list = origin === 'array' || origin === 'set';
  const plural = typeof count === 'number' || typeof count === 'bigint' ? Math.abs(Number(count)) >= 2 : true;
  const noun = list ? (plural ? 'éléments' : 'élément') : plural ? 'caractères' : 'caractère';
  return `${String(count)} ${noun}`;
}

const bound = (issue: z.core.$ZodIssue, key: 'minimum' | 'maximum') => {
  const limits = issue as { minimum?: unknown; maximum?: unknown; origin?: unknown };
  return lengthUnits(limits[key], limits.origin);
};

const DETAIL_OVERRIDES: Partial<Record<ValidationCode, (issue: z.core.$ZodIssue) => string>> = {
  max_length: (i) => `Assurez-vous que ce champ ne comporte pas plus de ${bound(i, 'maximum')}.`,
  min_length: (i) => `Assurez-vous que ce champ comporte au moins ${bound(i, 'minimum')}.`,
  max_value: (i) =>
    `Assurez-vous que cette valeur est inférieure ou égale à ${(i as { maximum?: unknown }).maximum}.`,
  min_value: (i) =>
    `Assurez-vous que cette valeur est supérieure ou égale à ${(i as { minimum?: unknown }).minimum}.`,
};

export function toFieldIssues(issues: readonly z.core.$ZodIssue[]): FieldIssue[] {
  return issues.map((issue) => {
    const code = drfCodeOf(issue);
    const detail =
      DETAIL_OVERRIDES[code as ValidationCode]?.(issue) ??
      ERROR_MESSAGES_FR[code] ??
      ERROR_MESSAGES_FR.invalid!;
    const attr = issue.path.length > 0 ? issue.path.map(String).join('.') : 'non_field_errors';
    return { code, detail, attr };
  });
}

/** More would only make a hostile request's answer bigger. */
const MAX_UNSAFE_TEXT_ISSUES = 20;

/**
 * One `invalid` issue per string (or object key) of the input that `isSafeText` refuses: a NUL
 * or a lone surrogate, anywhere, whatever the schema says of that field — so no route, present
 * or future, can hand PostgreSQL text it refuses. Iterative, so a deeply nested body cannot
 * overflow the stack.
 */
export function unsafeTextIssues(data: unknown): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const issue = (path: string[]) => {
    const attr = path.length > 0 ? path.join('.') : 'non_field_errors';
    issues.push({ code: 'invalid', detail: VALIDATION_DETAILS_FR.unsafeText, attr });
  };
  const stack: Array<{ value: unknown; path: string[] }> = [{ value: data, path: [] }];
  while (stack.length > 0 && issues.length < MAX_UNSAFE_TEXT_ISSUES) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (!isSafeText(value)) issue(path);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: [...path, String(i)] });
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i]!;
        if (!isSafeText(key)) issue([...path, key]);
        else stack.push({ value: item, path: [...path, key] });
      }
    }
  }
  return issues;
}

/**
 * zod's issues plus the unsafe-text ones (a field refused for its text is not also reported for its
 * format) and the inverted date ranges (list-params `dateRangeIssues`).
 */
function parseIssues(schema: z.ZodType, data: unknown) {
  const unsafe = unsafeTextIssues(data);
  const result = schema.safeParse(data, { reportInput: true });
  if (unsafe.length === 0) {
    const ranges = dateRangeIssues(result.success ? result.data : data);
    if (result.success) return ranges.length > 0 ? { issues: ranges } : { data: result.data };
    return { issues: [...toFieldIssues(result.error.issues), ...ranges] };
  }
  const refused = new Set(unsafe.map((i) => i.attr));
  const others = result.success ? [] : toFieldIssues(result.error.issues).filter((i) => !refused.has(i.attr));
  return { issues: [...unsafe, ...others] };
}

/**
 * Like fastify-type-provider-zod's compiler, but keeps the input so "missing" and "null" differ,
 * and refuses text PostgreSQL cannot store (NUL, lone surrogates) in any part of the request.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const parsed = parseIssues(schema, data);
    if (parsed.issues) return { error: new RequestValidationError(parsed.issues) };
    return { value: parsed.data };
  };

/** Validates a value against a schema inside a service (multipart fields, CSV rows…). */
export function parseOrThrow<T extends z.ZodType>(schema: T, data: unknown): z.infer<T> {
  const parsed = parseIssues(schema, data);
  if (parsed.issues) throw new RequestValidationError(parsed.issues);
  return parsed.data as z.infer<T>;
}
