import { z } from 'zod';
import { CIN_RE, isValidRib, normalizeCin, normalizeRib } from './validators.ts';

/**
 * Change requests (spec §2 employees/{id}/update, §7 POST /employees/{id}/change_request/):
 * identity and bank fields that no single person may change. An RH asks, another HR person — the
 * DRH — approves (the change applies) or refuses.
 */
export const IDENTITY_CHANGE_REQUEST_FIELDS = [
  'cin',
  'rib',
  'first_name',
  'last_name',
  'birthday',
  'serial',
] as const;
/**
 * What a change request can carry: the identity and bank fields, which only a request may change,
 * and the salary, which HR changes directly unless the raise is large (held as a request for a
 * DRH's confirmation, decision 025) — or asked for by hand, e.g. by an RH for their own salary.
 */
export const CHANGE_REQUEST_FIELDS = [...IDENTITY_CHANGE_REQUEST_FIELDS, 'salary'] as const;
export type ChangeRequestField = (typeof CHANGE_REQUEST_FIELDS)[number];

export const CHANGE_REQUEST_FIELD_LABELS: Record<ChangeRequestField, string> = {
  cin: 'CIN',
  rib: 'RIB',
  first_name: 'Prénom',
  last_name: 'Nom',
  birthday: 'Date de naissance',
  serial: 'Matricule',
  salary: 'Salaire mensuel',
};

/**
 * A raise of the salary by more than this percentage, made by HR on the employee's record, is not
 * applied: it waits, as a change request, for a DRH other than its author (decision 025).
 */
export const SALARY_RAISE_CONFIRMATION_PERCENT = 20;

/** Whether going from `before` to `after` centimes needs a DRH's confirmation (from 0: always). */
export function isLargeSalaryRaise(before: bigint, after: bigint): boolean {
  return after * 100n > before * BigInt(100 + SALARY_RAISE_CONFIRMATION_PERCENT);
}

export const CHANGE_REQUEST_STATUSES = ['pending', 'approved', 'refused'] as const;
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number];

export const CHANGE_REQUEST_STATUS_LABELS: Record<ChangeRequestStatus, string> = {
  pending: 'En attente',
  approved: 'Approuvée',
  refused: 'Refusée',
};

/** Public names the list can be sorted by (`ordering=-created`). */
export const CHANGE_REQUEST_ORDERING_FIELDS = ['created', 'decided_at', 'status', 'field'] as const;

/** Supporting documents: a scan of the new CIN, a bank letter… (spec §5: 10 MB like receipts). */
export const CHANGE_REQUEST_MAX_ATTACHMENTS = 5;
export const CHANGE_REQUEST_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const CHANGE_REQUEST_ATTACHMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
/** For the file picker's `accept`; the API trusts the content (magic bytes), not the name. */
export const CHANGE_REQUEST_ATTACHMENT_ACCEPT = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';

export const NAME_MAX_LENGTH = 100;
export const SERIAL_MAX_LENGTH = 50;
export const DESCRIPTION_MAX_LENGTH = 2000;
export const DECISION_COMMENT_MAX_LENGTH = 1000;

const ISO_DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day `YYYY-MM-DD` strictly before `today` (also `YYYY-MM-DD`). */
export function isPastDay(value: string, today: string): boolean {
  if (!ISO_DAY_RE.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) return false;
  return value < today && value >= '1900-01-01';
}

/** Today in Africa/Casablanca as `YYYY-MM-DD` (the business day, wherever the code runs). */
export function casablancaToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Casablanca' }).format(now);
}

/**
 * The new value of one field, normalised as it will be stored, or the error code (the message of a
 * zod refinement, see the API's error mapping) when it is not acceptable.
 */
export function normalizeNewValue(
  field: ChangeRequestField,
  raw: string,
  today: string = casablancaToday(),
): { value: string } | { error: string; maximum?: number } {
  const trimmed = raw.trim();
  if (trimmed === '') return { error: 'blank' };
  switch (field) {
    case 'cin': {
      const cin = normalizeCin(trimmed);
      return CIN_RE.test(cin) ? { value: cin } : { error: 'INVALID_CIN' };
    }
    case 'rib': {
      const rib = normalizeRib(trimmed);
      return isValidRib(rib) ? { value: rib } : { error: 'INVALID_RIB' };
    }
    case 'first_name':
    case 'last_name': {
      const name = trimmed.replace(/\s+/g, ' ');
      return Array.from(name).length <= NAME_MAX_LENGTH
        ? { value: name }
        : { error: 'max_length', maximum: NAME_MAX_LENGTH };
    }
    case 'birthday':
      return isPastDay(trimmed, today) ? { value: trimmed } : { error: 'invalid' };
    case 'serial':
      return Array.from(trimmed).length <= SERIAL_MAX_LENGTH
        ? { value: trimmed }
        : { error: 'max_length', maximum: SERIAL_MAX_LENGTH };
    case 'salary': {
      // "9000", "9 000,50" or "9000.5" → "9000.50", as the API stores and sends amounts.
      const amount = trimmed.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
      if (!/^\d{1,10}(?:\.\d{1,2})?$/.test(amount)) return { error: 'invalid' };
      const [units = '0', cents = ''] = amount.split('.');
      const value = `${BigInt(units)}.${cents.padEnd(2, '0')}`;
      return value === '0.00' ? { error: 'AMOUNT_MUST_BE_POSITIVE' } : { value };
    }
  }
}

/**
 * The form fields of POST /employees/{id}/change_request/ (multipart, beside `attachments`).
 * `new_value` is checked against the chosen field and comes out normalised (CIN upper-cased, RIB
 * without spaces…). Uniqueness (CIN_EXISTS, SERIAL_EXISTS) is the API's to check.
 */
export const ZCreateChangeRequestFields = z
  .object({
    field: z.enum(CHANGE_REQUEST_FIELDS),
    new_value: z.string().trim().min(1),
    description: z.string().trim().min(1).max(DESCRIPTION_MAX_LENGTH),
  })
  .transform((values, ctx) => {
    const result = normalizeNewValue(values.field, values.new_value);
    if ('error' in result) {
      // A too-long value is zod's own "too big" issue, so it maps to DRF's max_length everywhere.
      if (result.maximum !== undefined)
        ctx.addIssue({
          code: 'too_big',
          origin: 'string',
          maximum: result.maximum,
          inclusive: true,
          path: ['new_value'],
          message: result.error,
        });
      else ctx.addIssue({ code: 'custom', path: ['new_value'], message: result.error });
      return z.NEVER;
    }
    return { ...values, new_value: result.value };
  });
export type TCreateChangeRequestFields = z.input<typeof ZCreateChangeRequestFields>;

export const ZApproveChangeRequest = z.object({
  comment: z.string().trim().max(DECISION_COMMENT_MAX_LENGTH).optional(),
});
export type TApproveChangeRequest = z.input<typeof ZApproveChangeRequest>;

export const ZRefuseChangeRequest = z.object({
  comment: z.string().trim().min(1).max(DECISION_COMMENT_MAX_LENGTH),
});
export type TRefuseChangeRequest = z.input<typeof ZRefuseChangeRequest>;

export const ZPersonRef = z.object({ id: z.number().int(), name: z.string() });

export const ZChangeRequestAttachment = z.object({
  id: z.number().int(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  created: z.string(),
});
export type TChangeRequestAttachment = z.infer<typeof ZChangeRequestAttachment>;

/** A change request with its audit trail: who asked and when, who decided, when and why. */
export const ZChangeRequest = z.object({
  id: z.number().int(),
  employee: z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    serial: z.string().nullable(),
  }),
  field: z.enum(CHANGE_REQUEST_FIELDS),
  old_value: z.string().nullable(),
  new_value: z.string(),
  description: z.string(),
  status: z.enum(CHANGE_REQUEST_STATUSES),
  requested_by: ZPersonRef,
  created: z.string(),
  decided_by: ZPersonRef.nullable(),
  decided_at: z.string().nullable(),
  decision_comment: z.string().nullable(),
  attachments: z.array(ZChangeRequestAttachment),
});
export type TChangeRequest = z.infer<typeof ZChangeRequest>;
