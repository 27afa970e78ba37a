import { z } from 'zod';
import { ZEmployeeRef } from './advances.ts';
import { normalizeDecimal } from './employees.ts';
import { ZMoroccanMobile } from './recharges.ts';
import { ZMoney } from './wire.ts';

/**
 * Money transfers for cash pick-up (issue 16, decision 044): an employee sends part of what they
 * have already earned to a person in Morocco, who collects it in cash at an agency of a transfer
 * network with the code received by SMS. Amounts are whole dirhams on the way in, DRF decimals out.
 */

/** Smallest transfer, in DH. */
export const TRANSFER_MIN_DH = 50;
/**
 * Per-transfer ceiling, in DH: the networks' cash pick-up limit for an unregistered recipient is
 * higher, but an earned-wage transfer is meant for the family's month, not for savings.
 */
export const TRANSFER_MAX_DH = 5000;
/** Flat fee of one transfer, in DH, drawn from the balance with the amount (refunded with it). */
export const TRANSFER_FEE_DH = 10;
/** A sent transfer not collected within this many days expires and is refunded. */
export const TRANSFER_EXPIRY_DAYS = 7;
/** Saved recipients per employee. */
export const TRANSFER_RECIPIENTS_MAX = 20;
export const TRANSFER_RECIPIENT_NAME_MAX = 80;
/** The transfer network the sandbox stands for (shown on screens and in the SMS). */
export const TRANSFER_NETWORK_NAME = 'Cash Plus';

/**
 * pending → processing → sent → collected | expired | canceled, or → failed (the network refused
 * it); pending or sent → canceled by the sender. expired, canceled and failed are refunded.
 */
export const TRANSFER_STATUSES = [
  'pending',
  'processing',
  'sent',
  'collected',
  'expired',
  'canceled',
  'failed',
] as const;
export type TTransferStatus = (typeof TRANSFER_STATUSES)[number];
/** Statuses whose money went back to the balance. */
export const TRANSFER_REFUNDED_STATUSES = ['expired', 'canceled', 'failed'] as const;
export const TRANSFER_STATUS_LABELS_FR: Record<TTransferStatus, string> = {
  pending: 'En cours d’envoi',
  processing: 'En cours d’envoi',
  sent: 'Disponible en agence',
  collected: 'Retiré',
  expired: 'Expiré — remboursé',
  canceled: 'Annulé — remboursé',
  failed: 'Échoué — remboursé',
};

/** A person's name as written on their CIN: letters, spaces, hyphens and apostrophes. */
export const ZRecipientName = z
  .string()
  .trim()
  .min(2)
  .max(TRANSFER_RECIPIENT_NAME_MAX)
  .regex(/^[\p{L}][\p{L}' -]*[\p{L}]$/u, { message: 'Saisissez le nom et le prénom du bénéficiaire.' });

/** A whole number of dirhams within [TRANSFER_MIN_DH, TRANSFER_MAX_DH], as "500.00". */
export const ZTransferAmount = z.preprocess(
  normalizeDecimal,
  z
    .string()
    .regex(/^\d{1,9}(?:\.0{1,2})?$/, { message: 'Le montant doit être un nombre entier de dirhams.' })
    .transform((value) => `${BigInt(value.split('.')[0]!)}.00`)
    .superRefine((value, ctx) => {
      const dh = Number(value);
      if (dh < TRANSFER_MIN_DH)
        ctx.addIssue({
          code: 'too_small',
          origin: 'number',
          minimum: TRANSFER_MIN_DH,
          inclusive: true,
          input: value,
          message: `Le montant minimum est de ${TRANSFER_MIN_DH} DH.`,
        });
      if (dh > TRANSFER_MAX_DH)
        ctx.addIssue({
          code: 'too_big',
          origin: 'number',
          maximum: TRANSFER_MAX_DH,
          inclusive: true,
          input: value,
          message: `Le montant maximum d’un transfert est de ${TRANSFER_MAX_DH} DH.`,
        });
    }),
);

/** POST /transfers/ (Idempotency-Key honoured). `save_recipient` adds the person to the saved ones. */
export const ZCreateTransferRequest = z.object({
  recipient_name: ZRecipientName,
  recipient_phone: ZMoroccanMobile,
  amount: ZTransferAmount,
  save_recipient: z.boolean().optional(),
});
export type TCreateTransferRequest = z.input<typeof ZCreateTransferRequest>;

export const ZTransfer = z.object({
  id: z.number().int(),
  employee: ZEmployeeRef,
  recipient_name: z.string(),
  recipient_phone: z.string(),
  amount: ZMoney,
  fees: ZMoney,
  status: z.enum(TRANSFER_STATUSES),
  network: z.string(),
  created: z.string(),
  sent: z.string().nullable(),
  expires: z.string().nullable(),
  collected: z.string().nullable(),
  canceled: z.string().nullable(),
  refunded: z.string().nullable(),
  failure_reason: z.string().nullable(),
});
export type TTransfer = z.infer<typeof ZTransfer>;

export const ZTransferRecipientRequest = z.object({
  name: ZRecipientName,
  phone: ZMoroccanMobile,
});
export type TTransferRecipientRequest = z.input<typeof ZTransferRecipientRequest>;

export const ZTransferRecipient = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  created: z.string(),
});
export type TTransferRecipient = z.infer<typeof ZTransferRecipient>;

/** Dev only: an agency pays out the transfer whose SMS code is given (sandbox network). */
export const ZSandboxCollectRequest = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{8}$/),
});
