/**
 * Feature switches per company (spec §3 Settings). The key is the flag; the value the feature name.
 * In a module without zod: the web's first page reads them, and a module that builds schemas at
 * its top drags all of zod into the bundle (issue 9 §4).
 */
export const FEATURE_FLAGS = {
  advances: 'advances_enabled',
  recharges: 'recharges_enabled',
  fiches: 'fiches_enabled',
  cards: 'cards_enabled',
  bonuses: 'bonuses_enabled',
  expenses: 'expenses_enabled',
  eprogram: 'eprogram_enabled',
  transfers: 'transfers_enabled',
  bills: 'bills_enabled',
} as const;
export type Feature = keyof typeof FEATURE_FLAGS;
export type FeatureFlag = (typeof FEATURE_FLAGS)[Feature];
