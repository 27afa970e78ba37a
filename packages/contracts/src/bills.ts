import { z } from 'zod';
import { ZEmployeeRef } from './advances.ts';
import { ZMoney } from './wire.ts';

/**
 * Bills paid out of the earned balance (issue 16, decision 042): electricity and water
 * distributors, internet and landline operators. Each biller names the reference its bills carry
 * and the format it checks; `partial` says whether it accepts less than the amount due.
 */
export const BILLER_CATEGORIES = ['electricity_water', 'internet_landline'] as const;
export type TBillerCategory = (typeof BILLER_CATEGORIES)[number];
export const BILLER_CATEGORY_LABELS_FR: Record<TBillerCategory, string> = {
  electricity_water: 'Électricité et eau',
  internet_landline: 'Internet et téléphone fixe',
};

export const BILLER_IDS = [
  'lydec',
  'redal',
  'amendis',
  'onee',
  'radeema',
  'radeef',
  'radeej',
  'iam',
  'orange',
  'inwi',
] as const;
export type TBillerId = (typeof BILLER_IDS)[number];

export type TBiller = {
  id: TBillerId;
  name: string;
  category: TBillerCategory;
  /** What the bill calls its reference, e.g. « Numéro de contrat ». */
  reference_label: string;
  /** An example in the expected format, shown as the field's hint. */
  reference_hint: string;
  /** The format, as a regular expression source (anchored), for the form and the API alike. */
  reference_pattern: string;
  /** Whether the biller accepts a part of the amount due. */
  partial: boolean;
};

export const BILLERS: readonly TBiller[] = [
  {
    id: 'lydec',
    name: 'Lydec',
    category: 'electricity_water',
    reference_label: 'Numéro de contrat',
    reference_hint: '10 chiffres, ex. 3001234567',
    reference_pattern: '^\\d{10}$',
    partial: true,
  },
  {
    id: 'redal',
    name: 'Redal',
    category: 'electricity_water',
    reference_label: 'Numéro de contrat',
    reference_hint: '9 chiffres, ex. 400123456',
    reference_pattern: '^\\d{9}$',
    partial: true,
  },
  {
    id: 'amendis',
    name: 'Amendis',
    category: 'electricity_water',
    reference_label: 'Numéro de contrat',
    reference_hint: '8 chiffres, ex. 50012345',
    reference_pattern: '^\\d{8}$',
    partial: true,
  },
  {
    id: 'onee',
    name: 'ONEE',
    category: 'electricity_water',
    reference_label: 'Référence client',
    reference_hint: '12 chiffres, ex. 600123456789',
    reference_pattern: '^\\d{12}$',
    partial: false,
  },
  {
    id: 'radeema',
    name: 'RADEEMA (Marrakech)',
    category: 'electricity_water',
    reference_label: 'Numéro de police',
    reference_hint: 'M suivi de 8 chiffres, ex. M70012345',
    reference_pattern: '^M\\d{8}$',
    partial: false,
  },
  {
    id: 'radeef',
    name: 'RADEEF (Fès)',
    category: 'electricity_water',
    reference_label: 'Numéro de police',
    reference_hint: 'F suivi de 8 chiffres, ex. F70012345',
    reference_pattern: '^F\\d{8}$',
    partial: false,
  },
  {
    id: 'radeej',
    name: 'RADEEJ (El Jadida)',
    category: 'electricity_water',
    reference_label: 'Numéro de police',
    reference_hint: 'J suivi de 8 chiffres, ex. J70012345',
    reference_pattern: '^J\\d{8}$',
    partial: false,
  },
  {
    id: 'iam',
    name: 'Maroc Telecom (fixe et internet)',
    category: 'internet_landline',
    reference_label: 'Numéro de ligne fixe',
    reference_hint: '05 suivi de 8 chiffres, ex. 0522123456',
    reference_pattern: '^05\\d{8}$',
    partial: false,
  },
  {
    id: 'orange',
    name: 'Orange (fixe et internet)',
    category: 'internet_landline',
    reference_label: 'Numéro client',
    reference_hint: '8 chiffres, ex. 81234567',
    reference_pattern: '^\\d{8}$',
    partial: false,
  },
  {
    id: 'inwi',
    name: 'inwi (fixe et internet)',
    category: 'internet_landline',
    reference_label: 'Numéro de contrat',
    reference_hint: 'C suivi de 9 chiffres, ex. C912345678',
    reference_pattern: '^C\\d{9}$',
    partial: false,
  },
];

export function findBiller(id: string): TBiller | undefined {
  return BILLERS.find((b) => b.id === id);
}

/** The reference as the biller stores it: spaces and dashes dropped, letters upper-cased. */
export function normalizeBillReference(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

/** Whether `reference` (normalized) has the biller's format. */
export function isBillReferenceOf(billerId: string, reference: string): boolean {
  const biller = findBiller(billerId);
  return biller !== undefined && new RegExp(biller.reference_pattern).test(reference);
}

/** The largest bill the sandbox and the API accept, in DH (a household bill, not a wire). */
export const BILL_MAX_AMOUNT_DH = 20_000;

export const BILL_STATUSES = ['pending', 'processing', 'executed', 'failed'] as const;
export type TBillStatus = (typeof BILL_STATUSES)[number];

const billerAndReference = {
  biller: z.enum(BILLER_IDS),
  reference: z.string().trim().min(1).max(40).transform(normalizeBillReference),
};

/** The reference must have its biller's format (INVALID_BILL_REFERENCE on `reference`). */
function checkReference(value: { biller: string; reference: string }, ctx: z.RefinementCtx) {
  if (!isBillReferenceOf(value.biller, value.reference))
    ctx.addIssue({ code: 'custom', path: ['reference'], message: 'INVALID_BILL_REFERENCE' });
}

/** POST /bills/lookup/ {biller, reference}: what the bill-payment platform knows of the bill. */
export const ZBillLookupRequest = z.object(billerAndReference).superRefine(checkReference);
export type TBillLookupRequest = z.input<typeof ZBillLookupRequest>;

export const ZBillLookup = z.object({
  biller: z.enum(BILLER_IDS),
  reference: z.string(),
  /** The holder's name, partly masked (« M**** B*******»). */
  holder: z.string(),
  amount_due: ZMoney,
  /** YYYY-MM-DD */
  due_date: z.string(),
  /** Whether the biller accepts less than `amount_due`. */
  partial: z.boolean(),
});
export type TBillLookup = z.infer<typeof ZBillLookup>;

/**
 * POST /bills/ {biller, reference, amount}: `amount` is what the employee pays, the amount due
 * unless the biller accepts a part of it (Idempotency-Key honoured).
 */
export const ZPayBillRequest = z
  .object({
    ...billerAndReference,
    amount: z.preprocess(
      (v) => (typeof v === 'number' ? v.toFixed(2) : v),
      z.string().regex(/^\d{1,6}(?:\.\d{1,2})?$/),
    ),
  })
  .superRefine(checkReference);
export type TPayBillRequest = z.input<typeof ZPayBillRequest>;

export const ZBill = z.object({
  id: z.number().int(),
  employee: ZEmployeeRef,
  biller: z.enum(BILLER_IDS),
  biller_name: z.string(),
  reference: z.string(),
  holder: z.string(),
  due_date: z.string(),
  amount_due: ZMoney,
  amount: ZMoney,
  status: z.enum(BILL_STATUSES),
  created: z.string(),
  executed: z.string().nullable(),
  failed: z.string().nullable(),
  failure_reason: z.string().nullable(),
  /** The biller's confirmation number, once paid. */
  receipt_number: z.string().nullable(),
});
export type TBill = z.infer<typeof ZBill>;
