/**
 * The bonuses' enums and their French labels, in a module without zod: the HR dashboard and the
 * status badges read them, and importing them from bonuses.ts (which builds schemas at its top)
 * dragged all of zod onto the dashboard's first paint (issue 9 §4). bonuses.ts re-exports them.
 */
/** Spec §3 title options, in the spec's order; `other` takes a free title. */
export const BONUS_TITLES = [
  'aid_el_kbir',
  'aid_al_fitr',
  'meal_basket',
  'birth',
  'performance',
  'seniority',
  'holiday',
  'productivity',
  'year_end',
  'exceptional',
  'back_to_school',
  'wedding',
  'loyalty',
  'transport',
  'other',
] as const;
export type TBonusTitle = (typeof BONUS_TITLES)[number];

export const BONUS_TITLE_LABELS_FR: Record<TBonusTitle, string> = {
  aid_el_kbir: 'Aïd El Kébir',
  aid_al_fitr: 'Aïd Al Fitr',
  meal_basket: 'Panier repas',
  birth: 'Naissance',
  performance: 'Performance',
  seniority: 'Ancienneté',
  holiday: 'Vacances',
  productivity: 'Productivité',
  year_end: 'Fin d’année',
  exceptional: 'Exceptionnelle',
  back_to_school: 'Rentrée scolaire',
  wedding: 'Mariage',
  loyalty: 'Fidélité',
  transport: 'Transport',
  other: 'Autre',
};

export const BONUS_TYPES = ['collective', 'individual'] as const;
export type TBonusType = (typeof BONUS_TYPES)[number];
export const BONUS_TYPE_LABELS_FR: Record<TBonusType, string> = {
  collective: 'Collective',
  individual: 'Individuelle',
};

/** Who a collective bonus goes to: every active employee, one group's, or a chosen list. */
export const BONUS_TARGETS = ['all', 'group', 'selection'] as const;
export type TBonusTarget = (typeof BONUS_TARGETS)[number];
export const BONUS_TARGET_LABELS_FR: Record<TBonusTarget, string> = {
  all: 'Tous les salariés',
  group: 'Un groupe',
  selection: 'Une sélection',
};

export const BONUS_RECURRENCES = ['non_recurrent', 'monthly', 'yearly'] as const;
export type TBonusRecurrence = (typeof BONUS_RECURRENCES)[number];
export const BONUS_RECURRENCE_LABELS_FR: Record<TBonusRecurrence, string> = {
  non_recurrent: 'Ponctuelle',
  monthly: 'Mensuelle',
  yearly: 'Annuelle',
};

/** Spec §4 Bonus: pending, then confirmed or refused, all or partially. */
export const BONUS_STATUSES = ['pending', 'confirmed', 'partially_confirmed', 'refused'] as const;
export type TBonusStatus = (typeof BONUS_STATUSES)[number];
export const BONUS_STATUS_LABELS_FR: Record<TBonusStatus, string> = {
  pending: 'En attente',
  confirmed: 'Confirmée',
  partially_confirmed: 'Partiellement confirmée',
  refused: 'Refusée',
};

/**
 * One beneficiary of a bonus (the spec's bonus-employee transaction): pending until the DRH
 * replies, refused, or confirmed and then paid (processing → executed | failed).
 */
export const BONUS_PAYMENT_STATUSES = [
  'pending',
  'refused',
  'confirmed',
  'processing',
  'executed',
  'failed',
] as const;
export type TBonusPaymentStatus = (typeof BONUS_PAYMENT_STATUSES)[number];
export const BONUS_PAYMENT_STATUS_LABELS_FR: Record<TBonusPaymentStatus, string> = {
  pending: 'En attente',
  refused: 'Refusée',
  confirmed: 'À verser',
  processing: 'En cours de versement',
  executed: 'Versée',
  failed: 'Échouée',
};
