import { z } from 'zod';

export { FEATURE_FLAGS, type Feature, type FeatureFlag } from './feature-flags.ts';

export const ZSettings = z.object({
  items_per_page: z.number().int(),
  recharges_enabled: z.boolean(),
  fiches_enabled: z.boolean(),
  cards_enabled: z.boolean(),
  bonuses_enabled: z.boolean(),
  expenses_enabled: z.boolean(),
  advances_enabled: z.boolean(),
  eprogram_enabled: z.boolean(),
  transfers_enabled: z.boolean(),
  bills_enabled: z.boolean(),
  connector_type: z.string().nullable(),
  signup_link: z.string().nullable(),
});
export type TSettings = z.infer<typeof ZSettings>;
