import { z } from 'zod';
import { normalizeDecimal } from './employees.ts';
import { ZDateTime, ZMoney, ZObjectId } from './wire.ts';

/**
 * The budget policy (spec §3 Policy, §5, §7; issue 14): advance limits per group and for the
 * ungrouped employees, travel policies per route, and the history of their changes. The DRH
 * writes them; RH and DRH read them. The category ceilings (`policy_items`) come with the
 * expenses.
 */

/** Spec §5, §9: a mission-order advance ceiling is at least 200 DH. */
export const ADVANCE_CEILING_MIN_DH = 200;
/** A typo guard: no limit or route ceiling above 1 000 000 DH. */
export const ADVANCE_CEILING_MAX_DH = 1_000_000;
/** Most travel policies one bulk create may add. */
export const TRAVEL_POLICIES_MAX_PER_REQUEST = 100;

export const ADVANCE_CEILING_MIN_FR = `Le plafond doit être d'au moins ${ADVANCE_CEILING_MIN_DH} DH.`;
export const ADVANCE_CEILING_MAX_FR = `Le plafond ne peut pas dépasser 1 000 000 DH.`;
export const TRAVEL_POLICY_EXISTS_FR = 'Une politique de déplacement existe déjà pour ce trajet.';
export const CITY_NOT_FOUND_FR = "Cette ville n'existe pas.";
export const GROUP_NOT_FOUND_FR = "Ce groupe n'existe pas.";

/** Texts of the policy forms more precise than the catalogue's, by `attr.code` (any row index). */
export const EXPENSE_POLICY_FIELD_MESSAGES_FR: Record<string, string> = {
  'amount.min_value': ADVANCE_CEILING_MIN_FR,
  'amount.max_value': ADVANCE_CEILING_MAX_FR,
  'ceiling.min_value': ADVANCE_CEILING_MIN_FR,
  'ceiling.max_value': ADVANCE_CEILING_MAX_FR,
  'arrival_city.unique': TRAVEL_POLICY_EXISTS_FR,
  'departure_city.does_not_exist': CITY_NOT_FOUND_FR,
  'arrival_city.does_not_exist': CITY_NOT_FOUND_FR,
  'group.does_not_exist': GROUP_NOT_FOUND_FR,
};

/** A whole number of dirhams from 200 to 1 000 000, canonical as "1500.00". */
export const ZAdvanceCeilingAmount = z.preprocess(
  normalizeDecimal,
  z
    .string()
    .regex(/^\d{1,9}(?:\.0{1,2})?$/, { message: 'Le montant doit être un nombre entier de dirhams.' })
    .transform((value) => `${BigInt(value.split('.')[0]!)}.00`)
    .superRefine((value, ctx) => {
      const dh = Number(value);
      if (dh < ADVANCE_CEILING_MIN_DH)
        ctx.addIssue({
          code: 'too_small',
          origin: 'number',
          minimum: ADVANCE_CEILING_MIN_DH,
          inclusive: true,
          input: value,
          message: ADVANCE_CEILING_MIN_FR,
        });
      else if (dh > ADVANCE_CEILING_MAX_DH)
        ctx.addIssue({
          code: 'too_big',
          origin: 'number',
          maximum: ADVANCE_CEILING_MAX_DH,
          inclusive: true,
          input: value,
          message: ADVANCE_CEILING_MAX_FR,
        });
    }),
);

/**
 * One line of GET /expenses/advance_limit/: the ungrouped employees first (`group` null), then
 * every group of the company by name. `id` and `amount` are null where no limit is set.
 */
export const ZAdvanceLimit = z.object({
  id: z.number().int().nullable(),
  group: z.number().int().nullable(),
  group_name: z.string().nullable(),
  employee_count: z.number().int(),
  amount: ZMoney.nullable(),
  updated: ZDateTime.nullable(),
});
export type TAdvanceLimit = z.infer<typeof ZAdvanceLimit>;

/** POST /expenses/advance_limit/: sets (creates or replaces) one limit; `group` null = ungrouped. */
export const ZSaveAdvanceLimitRequest = z.object({
  group: ZObjectId.nullable(),
  amount: ZAdvanceCeilingAmount,
});
export type TSaveAdvanceLimitRequest = z.input<typeof ZSaveAdvanceLimitRequest>;

/**
 * POST /expenses/advance_limit/bulk_save/: several limits at once, all or none; `amount` null
 * removes that limit. A group may appear once.
 */
export const ZBulkSaveAdvanceLimitsRequest = z.object({
  limits: z
    .array(z.object({ group: ZObjectId.nullable(), amount: ZAdvanceCeilingAmount.nullable() }))
    .min(1)
    .max(1000),
});
export type TBulkSaveAdvanceLimitsRequest = z.input<typeof ZBulkSaveAdvanceLimitsRequest>;

/** GET /expenses/advance_limit/group: the limit that applies to the caller (their group's, else the ungrouped one). */
export const ZOwnAdvanceLimit = z.object({
  group: z.number().int().nullable(),
  group_name: z.string().nullable(),
  amount: ZMoney.nullable(),
});
export type TOwnAdvanceLimit = z.infer<typeof ZOwnAdvanceLimit>;

/** A travel policy: a ceiling for a trip; a null city means "any" (spec §3 Policy). */
export const ZTravelPolicy = z.object({
  id: z.number().int(),
  departure_city: z.number().int().nullable(),
  departure_city_name: z.string().nullable(),
  arrival_city: z.number().int().nullable(),
  arrival_city_name: z.string().nullable(),
  ceiling: ZMoney,
  updated: ZDateTime,
});
export type TTravelPolicy = z.infer<typeof ZTravelPolicy>;

/** One route and its ceiling (city ids of GET /cities; null = any). */
export const ZTravelPolicyInput = z.object({
  departure_city: ZObjectId.nullable(),
  arrival_city: ZObjectId.nullable(),
  ceiling: ZAdvanceCeilingAmount,
});
export type TTravelPolicyInput = z.input<typeof ZTravelPolicyInput>;

/** POST /expenses/travel_policies/bulk_create/: all or none; a route already set answers `unique`. */
export const ZBulkCreateTravelPoliciesRequest = z.object({
  policies: z.array(ZTravelPolicyInput).min(1).max(TRAVEL_POLICIES_MAX_PER_REQUEST),
});
export type TBulkCreateTravelPoliciesRequest = z.input<typeof ZBulkCreateTravelPoliciesRequest>;

/** PUT /expenses/travel_policies/{id}/ */
export const ZUpdateTravelPolicyRequest = ZTravelPolicyInput;
export type TUpdateTravelPolicyRequest = z.input<typeof ZUpdateTravelPolicyRequest>;

/** `policy_item`: a category's ceiling per day for a group (issue 15; POST /expenses/policy_items/bulk_save/). */
export const POLICY_CHANGE_SUBJECTS = ['advance_limit', 'travel_policy', 'validator', 'policy_item'] as const;
export type TPolicyChangeSubject = (typeof POLICY_CHANGE_SUBJECTS)[number];
export const POLICY_CHANGE_ACTIONS = ['created', 'updated', 'deleted'] as const;
export type TPolicyChangeAction = (typeof POLICY_CHANGE_ACTIONS)[number];

export const POLICY_CHANGE_SUBJECT_LABELS_FR: Record<TPolicyChangeSubject, string> = {
  advance_limit: "Plafond d'avance",
  travel_policy: 'Politique de déplacement',
  validator: 'Valideur',
  policy_item: 'Plafond par catégorie',
};
export const POLICY_CHANGE_ACTION_LABELS_FR: Record<TPolicyChangeAction, string> = {
  created: 'Ajout',
  updated: 'Modification',
  deleted: 'Suppression',
};

/**
 * One change of the policy or of the validators (GET /expenses/policy_changes/, newest first):
 * who, when, what, and the object before and after as the API showed it (null before a creation
 * and after a deletion).
 */
export const ZPolicyChange = z.object({
  id: z.number().int(),
  subject: z.enum(POLICY_CHANGE_SUBJECTS),
  action: z.enum(POLICY_CHANGE_ACTIONS),
  subject_id: z.number().int(),
  changed_by: z.number().int().nullable(),
  changed_by_name: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  created: ZDateTime,
});
export type TPolicyChange = z.infer<typeof ZPolicyChange>;
