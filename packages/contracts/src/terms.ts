import { z } from 'zod';
import { ZObjectId } from './wire.ts';

export const ZTerms = z.object({
  id: z.number().int(),
  content: z.string(),
  version: z.string(),
  created: z.string(),
  accepted: z.boolean(),
});
export type TTerms = z.infer<typeof ZTerms>;
export const ZAcceptTermsRequest = z.object({ terms: ZObjectId });

export const ZAnnouncement = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  published_at: z.string(),
});
export type TAnnouncement = z.infer<typeof ZAnnouncement>;

export const ZCity = z.object({ id: z.number().int(), name: z.string(), region: z.string() });
export type TCity = z.infer<typeof ZCity>;
