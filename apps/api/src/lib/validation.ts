import { ERROR_MESSAGES_FR, type ValidationCode } from '@tasbiq/contracts/error-codes';
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';

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

const DETAIL_OVERRIDES: Partial<Record<ValidationCode, (issue: z.core.$ZodIssue) => string>> = {
  max_length: (i) =>
    `Assurez-vous que ce champ ne comporte pas plus de ${(i as { maximum?: unknown }).maximum} caractères.`,
  min_length: (i) =>
    `Assurez-vous que ce champ comporte au moins ${(i as { minimum?: unknown }).minimum} caractères.`,
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

/** Like fastify-type-provider-zod's compiler, but keeps the input so "missing" and "null" differ. */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(toFieldIssues(result.error.issues)) };
  };

/** Validates a value against a schema inside a service (multipart fields, CSV rows…). */
export function parseOrThrow<T extends z.ZodType>(schema: T, data: unknown): z.infer<T> {
  const result = schema.safeParse(data, { reportInput: true });
  if (!result.success) throw new RequestValidationError(toFieldIssues(result.error.issues));
  return result.data;
}
