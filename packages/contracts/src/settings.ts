import { z } from 'zod';

/** Feature switches per company (spec §3 Settings). The key is the flag; the value the feature name. */
export const FEATURE_FLAGS = {
  advances: 'advances_enabled',
  recharges: 'recharges_enabled',
  fiches: 'fiches_enabled',
  cards: 'cards_enabled',
  bonuses: 'bonuses_enabled',
  expenses: 'expenses_enabled',
  eprogram: 'eprogram_enabled',
} as const;
export type Feature = keyof typeof FEATURE_FLAGS;
export type FeatureFlag = (typeof FEATURE_FLAGS)[Feature];

export const ZSettings = z.object({
  items_per_page: z.number().int(),
  recharges_enabled: z.boolean(),
  fiches_enabled: z.boolean(),
  cards_enabled: z.boolean(),
  bonuses_enabled: z.boolean(),
  expenses_enabled: z.boolean(),
  advances_enabled: z.boolean(),
  eprogram_enabled: z.boolean(),
  connector_type: z.string().nullable(),
  signup_link: z.string().nullable(),
});
export type TSettings = z.infer<typeof ZSettings>;
