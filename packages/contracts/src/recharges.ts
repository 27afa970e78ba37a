import { z } from 'zod';
import { ZEmployeeRef } from './advances.ts';
import { RECHARGE_STATUSES, TELECOM_OPERATORS } from './money.ts';
import { isMoroccanMobile, normalizeMoroccanPhone } from './validators.ts';
import { ZMoney } from './wire.ts';

/** Phone top-ups (spec §3 Recharge, §7 Recharges; issue 3). Products live in money.ts. */
export const ZRechargeProductsQuery = z.object({ operator: z.enum(TELECOM_OPERATORS).optional() });

export const ZRechargeProductWire = z.object({
  id: z.string(),
  operator: z.enum(TELECOM_OPERATORS),
  name: z.string(),
  amount: ZMoney,
  discounted_amount: ZMoney,
});

/** A Moroccan mobile number (06…/07…, or +212/00212), stored as +212XXXXXXXXX. */
export const ZMoroccanMobile = z
  .string()
  .trim()
  .min(1)
  .refine(isMoroccanMobile, { message: 'INVALID_PHONE' })
  .transform((v) => normalizeMoroccanPhone(v) as string);

/**
 * POST /recharges/ {phone, product, amount}: `amount` must be the product's face amount (it is the
 * client's confirmation of what it showed; a mismatch is `invalid` on amount).
 */
export const ZCreateRechargeRequest = z.object({
  phone: ZMoroccanMobile,
  product: z.string().trim().min(1).max(40),
  amount: z.preprocess(
    (v) => (typeof v === 'number' ? v.toFixed(2) : v),
    z.string().regex(/^\d{1,6}(?:\.\d{1,2})?$/),
  ),
});
export type TCreateRechargeRequest = z.input<typeof ZCreateRechargeRequest>;

export const ZRecharge = z.object({
  id: z.number().int(),
  employee: ZEmployeeRef,
  phone: z.string(),
  operator: z.enum(TELECOM_OPERATORS),
  product: z.string(),
  amount: ZMoney,
  discounted_amount: ZMoney,
  status: z.enum(RECHARGE_STATUSES),
  created: z.string(),
  executed: z.string().nullable(),
  failed: z.string().nullable(),
  failure_reason: z.string().nullable(),
});
export type TRecharge = z.infer<typeof ZRecharge>;
