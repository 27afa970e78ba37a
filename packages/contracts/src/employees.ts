import { z } from 'zod';
import { CHANGE_REQUEST_FIELDS, IDENTITY_CHANGE_REQUEST_FIELDS, ZPersonRef } from './change-requests.ts';
import { ADVANCE_PERCENTAGE_OPTIONS, ADVANCES_PER_MONTH_OPTIONS } from './constants.ts';
import { ZCin, ZEmail, ZPhone, ZRib } from './validators.ts';
import { ZMoney } from './wire.ts';

/** Spec §4: invited (awaiting activation) → activated; HR can deactivate and reactivate. */
export const EMPLOYEE_STATUSES = ['invited', 'activated', 'deactivated'] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];
export const EMPLOYEE_STATUS_LABELS_FR: Record<EmployeeStatus, string> = {
  invited: 'Invité',
  activated: 'Activé',
  deactivated: 'Désactivé',
};

/**
 * `account_type` of the employee list (spec §7 `account_type`, `account_type_in`), derived from
 * the account's roles so that the three kinds partition the staff: `drh` has the DRH role, `rh` has
 * RH without DRH, `employee` has neither (see docs/decisions/010).
 */
export const ACCOUNT_TYPES = ['employee', 'rh', 'drh'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const ACCOUNT_TYPE_LABELS_FR: Record<AccountType, string> = {
  employee: 'Salarié',
  rh: 'RH',
  drh: 'DRH',
};

/** Spec §3 balance methods. */
export const BALANCE_METHODS = [1, 2, 3, 4] as const;
export type BalanceMethod = (typeof BALANCE_METHODS)[number];
export const BALANCE_METHOD_LABELS_FR: Record<BalanceMethod, string> = {
  1: 'Jour courant',
  2: 'Jours travaillés',
  3: 'Net à payer',
  4: 'Taux horaire',
};

/** Public names of `GET /employees/?ordering=` (`-` for descending). */
export const EMPLOYEE_ORDERING_FIELDS = ['last_name', 'first_name', 'created', 'salary', 'status'] as const;

/** An activation link (invitation) is valid for 7 days; a new one replaces the previous. */
export const ACTIVATION_LINK_TTL_SECONDS = 7 * 24 * 60 * 60;

/** Defaults of a new employee, as the database has them (the add form shows them). */
export const EMPLOYEE_DEFAULTS = {
  advance_percentage: 50,
  max_advances_per_month: -1,
  max_free_advances_per_month: 1,
  total_max_advance_per_month: '5000.00',
  balance_method: 1,
} as const;

/**
 * Identity and bank fields that only a change request (asked by an RH, decided by the DRH) may
 * change. (A change request may also carry the salary, which HR otherwise changes directly.)
 */
export const CHANGE_REQUEST_ONLY_FIELDS = IDENTITY_CHANGE_REQUEST_FIELDS;

/**
 * The money fields of an employment record, as PUT /employees/{id}/ names them (decision 025):
 * nobody changes them on their own record, and every change is kept in the audit trail.
 */
export const EMPLOYEE_MONEY_FIELDS = [
  'salary',
  'hourly_rate',
  'net_payable',
  'advance_percentage',
  'max_advances_per_month',
  'max_free_advances_per_month',
  'total_max_advance_per_month',
  'balance_method',
  'is_restricted',
] as const;
export type EmployeeMoneyField = (typeof EMPLOYEE_MONEY_FIELDS)[number];

/** What the audit trail of an employee records (decision 025): the money fields and the RIB. */
export const AUDITED_FIELDS = [...EMPLOYEE_MONEY_FIELDS, 'rib'] as const;
export type AuditedField = (typeof AUDITED_FIELDS)[number];
export const AUDITED_FIELD_LABELS_FR: Record<AuditedField, string> = {
  salary: 'Salaire mensuel',
  hourly_rate: 'Taux horaire',
  net_payable: 'Net à payer',
  advance_percentage: "Pourcentage d'avance",
  max_advances_per_month: 'Avances par mois',
  max_free_advances_per_month: 'Avances gratuites par mois',
  total_max_advance_per_month: 'Montant maximal par mois',
  balance_method: 'Méthode de calcul du solde',
  is_restricted: 'Accès aux avances restreint',
  rib: 'RIB',
};

// ---------------------------------------------------------------------------------------------
// Input building blocks. HTML forms send strings: blank means "not given", digits are numbers.

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const intLike = (value: unknown) =>
  typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : blankToUndefined(value);

const DECIMAL_RE = /^\d{1,10}(?:\.\d{1,2})?$/;

/** "1500", "1 500,5" or 1500.5 → "1500.50" (DRF's DecimalField with two places). */
export function normalizeDecimal(value: unknown): unknown {
  if (typeof value === 'number') return Number.isFinite(value) ? value.toFixed(2) : String(value);
  if (typeof value !== 'string') return value;
  return value.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
}

function toCanonicalDecimal(value: string): string {
  const [units = '0', cents = ''] = value.split('.');
  return `${BigInt(units)}.${cents.padEnd(2, '0')}`;
}

/**
 * A money amount in DH on the wire ("1500.00"), at least `min` DH. Below the minimum the API
 * answers DRF's `min_value`; the form shows the catalogue text of `message`.
 */
export function zAmount(options: { min: number; message: string }) {
  return z
    .string()
    .regex(DECIMAL_RE, { message: 'Montant invalide' })
    .transform(toCanonicalDecimal)
    .superRefine((value, ctx) => {
      if (Number(value) < options.min)
        ctx.addIssue({
          code: 'too_small',
          origin: 'number',
          minimum: options.min,
          inclusive: true,
          input: value,
          message: options.message,
        });
    });
}

const zPositiveAmount = () => zAmount({ min: 0.01, message: 'AMOUNT_MUST_BE_POSITIVE' });
const zNonNegativeAmount = () => zAmount({ min: 0, message: 'Montant invalide' });

/** `YYYY-MM-DD`, a real day, from 1900 up to today. */
export const ZBirthday = z.string().refine(
  (value) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
    const day = new Date(`${value}T00:00:00Z`);
    if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) return false;
    return value >= '1900-01-01' && day.getTime() <= Date.now();
  },
  { message: 'Date invalide' },
);

const zName = () => z.string().trim().min(1).max(100);
const zPercentage = () => z.preprocess(intLike, z.literal(ADVANCE_PERCENTAGE_OPTIONS));
const zAdvancesPerMonth = () => z.preprocess(intLike, z.literal(ADVANCES_PER_MONTH_OPTIONS));
const zFreeAdvances = () => z.preprocess(intLike, z.number().int().min(0).max(99));
const zBalanceMethod = () => z.preprocess(intLike, z.literal(BALANCE_METHODS));
const zGroupId = () => z.preprocess(intLike, z.number().int().positive().max(2_147_483_647));

// ---------------------------------------------------------------------------------------------
// Requests

/** POST /employees/ — spec §3 fields and §9 options. Blank optional fields count as not given. */
export const ZCreateEmployeeRequest = z.object({
  first_name: zName(),
  last_name: zName(),
  phone: ZPhone,
  email: z.preprocess(blankToUndefined, ZEmail.optional()),
  cin: ZCin,
  serial: z.preprocess(blankToUndefined, z.string().trim().max(50).optional()),
  group: z.preprocess(blankToUndefined, zGroupId().nullable().optional()),
  salary: z.preprocess(normalizeDecimal, zPositiveAmount()),
  hourly_rate: z.preprocess((v) => blankToUndefined(normalizeDecimal(v)), zNonNegativeAmount().optional()),
  net_payable: z.preprocess((v) => blankToUndefined(normalizeDecimal(v)), zNonNegativeAmount().optional()),
  rib: z.preprocess(blankToUndefined, ZRib.optional()),
  birthday: z.preprocess(blankToUndefined, ZBirthday.optional()),
  advance_percentage: zPercentage().optional(),
  max_advances_per_month: zAdvancesPerMonth().optional(),
  max_free_advances_per_month: zFreeAdvances().optional(),
  total_max_advance_per_month: z.preprocess(
    (v) => blankToUndefined(normalizeDecimal(v)),
    zPositiveAmount().optional(),
  ),
  balance_method: zBalanceMethod().optional(),
  /** Send the activation link by SMS (default) and/or e-mail (default, when there is an address). */
  send_sms: z.boolean().default(true),
  send_email: z.boolean().default(true),
});
/** A valid body: what the schema outputs is also what it accepts. */
export type TCreateEmployeeRequest = z.output<typeof ZCreateEmployeeRequest>;

/**
 * PUT /employees/{id}/ — what HR changes directly (all optional). `group: null` ungroups,
 * `email: null` removes the address. Names, CIN and RIB are refused with CHANGE_REQUEST_REQUIRED.
 */
export const ZUpdateEmployeeRequest = z
  .looseObject({
    salary: z.preprocess(normalizeDecimal, zPositiveAmount()).optional(),
    hourly_rate: z.preprocess(normalizeDecimal, zNonNegativeAmount()).optional(),
    net_payable: z.preprocess(normalizeDecimal, zNonNegativeAmount()).optional(),
    advance_percentage: zPercentage().optional(),
    max_advances_per_month: zAdvancesPerMonth().optional(),
    max_free_advances_per_month: zFreeAdvances().optional(),
    total_max_advance_per_month: z.preprocess(normalizeDecimal, zPositiveAmount()).optional(),
    balance_method: zBalanceMethod().optional(),
    group: z.preprocess(blankToNull, zGroupId().nullable()).optional(),
    is_active: z.boolean().optional(),
    is_restricted: z.boolean().optional(),
    email: z.preprocess(blankToNull, ZEmail.nullable()).optional(),
    phone: ZPhone.optional(),
  })
  .superRefine((value, ctx) => {
    for (const field of CHANGE_REQUEST_ONLY_FIELDS) {
      if (Object.hasOwn(value, field))
        ctx.addIssue({ code: 'custom', path: [field], message: 'CHANGE_REQUEST_REQUIRED' });
    }
  });
export type TUpdateEmployeeRequest = {
  salary?: string;
  hourly_rate?: string;
  net_payable?: string;
  advance_percentage?: number;
  max_advances_per_month?: number;
  max_free_advances_per_month?: number;
  total_max_advance_per_month?: string;
  balance_method?: number;
  group?: number | null;
  is_active?: boolean;
  is_restricted?: boolean;
  email?: string | null;
  phone?: string;
};

/** POST /employees/profile/ — an employee's own record: only the e-mail (identity and bank go to HR). */
export const ZEmployeeProfileUpdate = z
  .looseObject({
    email: z.preprocess(blankToNull, ZEmail.nullable()).optional(),
  })
  .superRefine((value, ctx) => {
    for (const field of [...CHANGE_REQUEST_ONLY_FIELDS, 'phone', 'salary', 'group'] as const) {
      if (Object.hasOwn(value, field))
        ctx.addIssue({ code: 'custom', path: [field], message: 'PROFILE_FIELD_READ_ONLY' });
    }
  });
export type TEmployeeProfileUpdate = { email?: string | null };

/** POST /employees/{id}/send_activation_link/ and /reset_password/. */
export const ZSendLinkRequest = z.object({ send_sms: z.boolean().default(true) });
export type TSendLinkRequest = z.input<typeof ZSendLinkRequest>;
export const ZSendLinkResponse = z.object({
  detail: z.string(),
  channels: z.array(z.enum(['sms', 'email'])),
});
export type TSendLinkResponse = z.infer<typeof ZSendLinkResponse>;

/** Public activation: the link from the invitation, then the first password. */
export const ZActivationVerifyRequest = z.object({ token: z.string().min(1).max(512) });
export const ZActivationVerifyResponse = z.object({ first_name: z.string(), company: z.string() });
export type TActivationVerifyResponse = z.infer<typeof ZActivationVerifyResponse>;
export const ZActivationConfirmRequest = z.object({
  token: z.string().min(1).max(512),
  new_password: z.string().min(1).max(128),
  confirm_password: z.string().min(1).max(128),
});
export type TActivationConfirmRequest = z.infer<typeof ZActivationConfirmRequest>;

// ---------------------------------------------------------------------------------------------
// Responses

export const ZEmployeeGroupRef = z.object({ id: z.number().int(), name: z.string() });

/** One row of GET /employees/. */
export const ZEmployeeListItem = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  cin: z.string().nullable(),
  serial: z.string().nullable(),
  group: ZEmployeeGroupRef.nullable(),
  status: z.enum(EMPLOYEE_STATUSES),
  is_active: z.boolean(),
  account_type: z.enum(ACCOUNT_TYPES),
  salary: ZMoney,
  created: z.string(),
});
export type TEmployeeListItem = z.infer<typeof ZEmployeeListItem>;

/** Worked days and hours HR uploaded for a month (POST /employees/wd/). */
export const ZWorkedTime = z.object({
  year: z.number().int(),
  month: z.number().int(),
  worked_days: z.string(),
  worked_hours: z.string(),
});

/** GET /employees/{id}: the profile, status, group, card, balance settings and recent advances. */
/** Fields a pending change may be about: a change request's, or a contact HR changed. */
export const PENDING_CHANGE_FIELDS = [...CHANGE_REQUEST_FIELDS, 'email', 'phone'] as const;
export type PendingChangeField = (typeof PENDING_CHANGE_FIELDS)[number];

export const ZPendingChange = z.object({
  field: z.enum(PENDING_CHANGE_FIELDS),
  /** The value it will take (null: an e-mail address removed). */
  new_value: z.string().nullable(),
  requested_by: ZPersonRef,
  created: z.string(),
  /** Who must act: a DRH (a change request, whose id is given) or the employee (a new contact). */
  awaiting: z.enum(['drh', 'employee']),
  change_request_id: z.number().int().nullable(),
});
export type TPendingChange = z.infer<typeof ZPendingChange>;

export const ZEmployeeDetail = ZEmployeeListItem.extend({
  is_restricted: z.boolean(),
  hourly_rate: ZMoney,
  net_payable: ZMoney,
  rib: z.string().nullable(),
  birthday: z.string().nullable(),
  advance_percentage: z.number().int(),
  max_advances_per_month: z.number().int(),
  max_free_advances_per_month: z.number().int(),
  total_max_advance_per_month: ZMoney,
  balance_method: z.number().int(),
  /** True once the person chose a password (an activated account can be sent a reset link). */
  has_password: z.boolean(),
  phone_confirmed: z.boolean(),
  /** The prepaid card as GET /employees/{id}/card answers it (ZEmployeeCardSummary); null without one. */
  card: z.record(z.string(), z.unknown()).nullable(),
  /** Worked time of the current month (Africa/Casablanca), if uploaded. */
  worked_time: ZWorkedTime.nullable(),
  /** The latest advances; always empty until the advances issue. */
  recent_advances: z.array(z.record(z.string(), z.unknown())),
  /**
   * Changes asked but not applied yet (decision 025): the employee's pending change requests (a
   * large raise waits for a DRH) and the new e-mail or phone HR gave, until the person confirms it.
   */
  pending_changes: z.array(ZPendingChange),
  updated: z.string(),
});
export type TEmployeeDetail = z.infer<typeof ZEmployeeDetail>;

/**
 * GET /employees/{id}/audit/: one change to a money field or the RIB, newest first. Values as the
 * API sends them ("8000.00", "50", "true", the RIB's 24 digits).
 */
export const ZEmployeeAuditEntry = z.object({
  id: z.number().int(),
  field: z.enum(AUDITED_FIELDS),
  old_value: z.string().nullable(),
  new_value: z.string().nullable(),
  changed_by: ZPersonRef,
  /** The DRH who approved it, when it went through a change request (a RIB, a large raise). */
  approved_by: ZPersonRef.nullable(),
  change_request_id: z.number().int().nullable(),
  created: z.string(),
});
export type TEmployeeAuditEntry = z.infer<typeof ZEmployeeAuditEntry>;

/** POST /employees/ answers the new employee and which channels carried the activation link. */
export const ZCreateEmployeeResponse = ZEmployeeDetail.extend({
  invitation: z.object({ sms: z.boolean(), email: z.boolean() }),
});
export type TCreateEmployeeResponse = z.infer<typeof ZCreateEmployeeResponse>;

/** GET /stats/rh/employees (HR dashboard). */
export const ZEmployeeStats = z.object({
  total: z.number().int(),
  by_status: z.object({
    activated: z.number().int(),
    invited: z.number().int(),
    deactivated: z.number().int(),
  }),
  by_group: z.array(z.object({ group_id: z.number().int(), name: z.string(), count: z.number().int() })),
  ungrouped: z.number().int(),
});
export type TEmployeeStats = z.infer<typeof ZEmployeeStats>;

/** Query of GET /employees/ and /employees/export as the web app sends it. */
export type TEmployeeListParams = {
  limit?: number;
  offset?: number;
  search?: string;
  is_active?: boolean;
  group?: number;
  grouped?: boolean;
  status?: EmployeeStatus;
  status_in?: EmployeeStatus[];
  account_type?: AccountType;
  account_type_in?: AccountType[];
  /** A live prepaid card or not (the card-order links' screen). */
  has_card?: boolean;
  ordering?: string;
};

/** Header of the CSV export (French Excel: `;`, UTF-8 with BOM, CRLF). */
export const EMPLOYEE_EXPORT_HEADER = [
  'Matricule',
  'Nom',
  'Prénom',
  'CIN',
  'Téléphone',
  'E-mail',
  'Groupe',
  'Statut',
  'Salaire',
] as const;
