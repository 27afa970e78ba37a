import { z } from 'zod';
import { CARD_STATUSES } from './money.ts';
import { isSafeText, ZCin, ZMobilePhone, ZOtpCode } from './validators.ts';
import { ZDateTime, ZMoney, ZObjectId } from './wire.ts';

/**
 * The prepaid card (spec §2 Card and Card order, §3 card transaction, §4 Card, §5, §7 Card and
 * Onboarding, §8; issue 11; decision 032).
 *
 * Card life, as the issuer drives it:
 *   ordered → assigned (last four digits + issuer reference) → delivered → receipt_confirmed
 *   (the employee typed the number printed on it) → active (contract signed) ⇄ blocked.
 *   canceled: the issuer refused the order or the courier gave up; a new order may be placed.
 * The order before it exists: checking (the CIN images are read) → accepted (a card is ordered)
 * or refused (with the spec's code).
 */

/** Statuses of a card that is on its way: a second order is EMPLOYEE_HAS_CARD_ORDER. */
export const CARD_IN_PROGRESS_STATUSES = ['ordered', 'assigned', 'delivered', 'receipt_confirmed'] as const;
/** Statuses of a card the employee holds: a second order is EMPLOYEE_HAS_CARD. */
export const CARD_HELD_STATUSES = ['active', 'blocked'] as const;

export const CARD_STATUS_LABELS_FR: Record<(typeof CARD_STATUSES)[number], string> = {
  ordered: 'Commandée',
  assigned: 'En préparation',
  delivered: 'Livrée',
  receipt_confirmed: 'Réception confirmée',
  active: 'Active',
  blocked: 'Bloquée',
  canceled: 'Annulée',
};

export const CARD_ORDER_STATUSES = ['checking', 'accepted', 'refused'] as const;
export type TCardOrderStatus = (typeof CARD_ORDER_STATUSES)[number];

/** The codes an order's CIN check may end with (checkCinImages, spec §8 Card order). */
export const CIN_CHECK_ERROR_CODES = [
  'INVALID_FILES',
  'FAILED_OCR',
  'CIN_MISMATCH',
  'CIN_SIDES_MISMATCH',
  'CIN_EXPIRED_SOON',
  'MISSING_FRONT',
  'MISSING_BACK',
  'MISSING_NAME',
  'MISSING_BIRTHDAY',
  'MISSING_EXPIRY',
] as const;
export type TCinCheckErrorCode = (typeof CIN_CHECK_ERROR_CODES)[number];

/** The steps of the CIN check the order screen shows while it polls. */
export const CIN_CHECK_STEPS = ['queued', 'front', 'back', 'checks', 'done'] as const;
export type TCinCheckStep = (typeof CIN_CHECK_STEPS)[number];

/** Card transactions from the issuer (spec §3): '1' credit, '2' debit. */
export const CARD_TRANSACTION_TYPES = ['1', '2'] as const;
export type TCardTransactionType = (typeof CARD_TRANSACTION_TYPES)[number];
export const CARD_TRANSACTION_TYPE_LABELS_FR: Record<TCardTransactionType, string> = {
  '1': 'Crédit',
  '2': 'Débit',
};

/** CIN images: PNG or JPEG only (checked by content), at most 10 MB each (spec §5, §9). */
export const CIN_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const CIN_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
/** Days of validity a CIN must still have to order a card (CIN_EXPIRED_SOON; a server setting). */
export const CIN_EXPIRY_MARGIN_DAYS_DEFAULT = 30;
/** The card number printed on the card: 16 digits, spaces allowed when typed. */
export const CARD_NUMBER_RE = /^\d{16}$/;
/** Spec §8: the courier's call window, said in the order's confirmation text. */
export const CARD_DELIVERY_CALL_WINDOW_FR =
  'Le livreur vous appellera entre 11h et 15h ou après 17h pour convenir de la livraison.';

/**
 * Moroccan postal codes (Barid Al-Maghrib): five digits, the first two the province's area. The
 * areas in use run from 10 (Rabat) to 93 (Tétouan); 00–09 and 94–99 are not allocated.
 */
export const MOROCCAN_ZIP_RE = /^\d{5}$/;
export const MOROCCAN_ZIP_AREAS = { min: 10, max: 93 } as const;
export function isMoroccanZip(value: string): boolean {
  if (!MOROCCAN_ZIP_RE.test(value)) return false;
  const area = Number(value.slice(0, 2));
  return area >= MOROCCAN_ZIP_AREAS.min && area <= MOROCCAN_ZIP_AREAS.max;
}
export const ZMoroccanZip = z.string().trim().min(1).refine(isMoroccanZip, { message: 'INVALID_ZIP' });

const ZText = (max: number) => z.string().trim().min(1).max(max).refine(isSafeText, { message: 'invalid' });

/**
 * The text fields of POST /card/order/ and POST /onboarding/ (multipart, with cin_front and
 * cin_back files beside them). `city` is an id from GET /cities.
 */
export const ZCardOrderFields = z.object({
  city: z.coerce.number().int().positive().max(100_000),
  address: ZText(255),
  area: ZText(120),
  zip: ZMoroccanZip,
});
export type TCardOrderFields = z.input<typeof ZCardOrderFields>;

/** The onboarding order adds the link token and the phone token from verify_otp. */
export const ZOnboardingOrderFields = ZCardOrderFields.extend({
  token: z.string().trim().min(1).max(500),
  phone_token: z.string().trim().min(1).max(500),
});
export type TOnboardingOrderFields = z.input<typeof ZOnboardingOrderFields>;

/** A card order and where its CIN check stands (the screen polls GET /card/order/{id}). */
export const ZCardOrder = z.object({
  id: z.number().int(),
  status: z.enum(CARD_ORDER_STATUSES),
  step: z.enum(CIN_CHECK_STEPS),
  /** 0 to 1, for a progress bar. */
  progress: z.number().min(0).max(1),
  /** When refused: the spec's code, its French text and the reader's hint (light, framing…). */
  error_code: z.enum(CIN_CHECK_ERROR_CODES).nullable(),
  error_detail: z.string().nullable(),
  hint: z.string().nullable(),
  city: z.number().int(),
  city_name: z.string(),
  address: z.string(),
  area: z.string(),
  zip: z.string(),
  phone: z.string(),
  created: ZDateTime,
});
export type TCardOrder = z.infer<typeof ZCardOrder>;

/** GET /card/: the employee's card (the latest one), its next action, and the order under check. */
export const ZCard = z.object({
  id: z.number().int(),
  status: z.enum(CARD_STATUSES),
  status_label: z.string(),
  /** Known once the issuer assigned a card. */
  last4: z.string().nullable(),
  is_active: z.boolean(),
  ordered: ZDateTime,
  assigned: ZDateTime.nullable(),
  delivered: ZDateTime.nullable(),
  receipt_confirmed: ZDateTime.nullable(),
  contract_signed: ZDateTime.nullable(),
  activated: ZDateTime.nullable(),
  blocked: ZDateTime.nullable(),
  canceled: ZDateTime.nullable(),
  cancel_reason: z.string().nullable(),
  has_signed_contract: z.boolean(),
  delivery: z.object({
    city_name: z.string(),
    address: z.string(),
    area: z.string(),
    zip: z.string(),
  }),
});
export type TCard = z.infer<typeof ZCard>;

export const ZCardState = z.object({
  card: ZCard.nullable(),
  /** The latest order still under check, or refused since the last card (to show its outcome). */
  order: ZCardOrder.nullable(),
});
export type TCardState = z.infer<typeof ZCardState>;

/** POST /card/confirm_delivery/: the 16-digit number printed on the card. */
export const ZConfirmDeliveryRequest = z.object({
  card_number: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => CARD_NUMBER_RE.test(v), { message: 'invalid' }),
});
export type TConfirmDeliveryRequest = z.input<typeof ZConfirmDeliveryRequest>;

/** PUT /card/toggle/ {is_active}: false blocks the card, true unblocks it. */
export const ZToggleCardRequest = z.object({ is_active: z.boolean() });
export type TToggleCardRequest = z.input<typeof ZToggleCardRequest>;

export const ZResetPinResponse = z.object({ detail: z.string(), phone: z.string() });

/** GET /card/balance (issuer's figure). */
export const ZCardBalance = z.object({ balance: ZMoney, last4: z.string().nullable() });
export type TCardBalance = z.infer<typeof ZCardBalance>;

export const ZCardTransaction = z.object({
  id: z.number().int(),
  type: z.enum(CARD_TRANSACTION_TYPES),
  amount: ZMoney,
  /** The card's balance after this movement, as the issuer reports it. */
  balance: ZMoney,
  label: z.string(),
  created: ZDateTime,
});
export type TCardTransaction = z.infer<typeof ZCardTransaction>;

/** GET /card/transactions?month=&year=: one Casablanca month of activity, newest first. */
export const ZCardActivity = z.object({
  month: z.number().int(),
  year: z.number().int(),
  total_credit: ZMoney,
  total_debit: ZMoney,
  balance: ZMoney,
  results: z.array(ZCardTransaction),
});
export type TCardActivity = z.infer<typeof ZCardActivity>;

/** POST /card/sign_contract/: the signature drawn on screen, a PNG data URL (signature_pad). */
export const SIGNATURE_MAX_BYTES = 512 * 1024;
export const ZSignContractRequest = z.object({
  signature: z
    .string()
    .max(Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + 32)
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, { message: 'invalid' }),
});
export type TSignContractRequest = z.input<typeof ZSignContractRequest>;

/** HR's view of an employee's card on the employee details screen. */
export const ZEmployeeCardSummary = z.object({
  id: z.number().int(),
  status: z.enum(CARD_STATUSES),
  status_label: z.string(),
  last4: z.string().nullable(),
  ordered: ZDateTime,
  contract_signed: ZDateTime.nullable(),
  has_signed_contract: z.boolean(),
  /** The order whose CIN images may be downloaded (null once they are deleted). */
  order_id: z.number().int().nullable(),
  has_cin_images: z.boolean(),
});
export type TEmployeeCardSummary = z.infer<typeof ZEmployeeCardSummary>;

export const CIN_IMAGE_SIDES = ['front', 'back'] as const;
export type TCinImageSide = (typeof CIN_IMAGE_SIDES)[number];

// Onboarding by link (spec §7 Onboarding).

/** How long an onboarding link stays valid, and what HR can send it by. */
export const ONBOARDING_TOKEN_TTL_HOURS = 72;
export const ONBOARDING_CHANNELS = ['sms', 'email'] as const;
export type TOnboardingChannel = (typeof ONBOARDING_CHANNELS)[number];
export const ONBOARDING_BULK_MAX = 500;

export const ZSendOnboardingLinkRequest = z.object({
  channels: z.array(z.enum(ONBOARDING_CHANNELS)).min(1).max(2).default(['sms']),
});
export const ZBulkOnboardingLinkRequest = ZSendOnboardingLinkRequest.extend({
  employees: z.array(ZObjectId).min(1).max(ONBOARDING_BULK_MAX),
});
export const ZOnboardingLinkSent = z.object({
  employee: z.number().int(),
  sent: z.boolean(),
  channels: z.array(z.enum(ONBOARDING_CHANNELS)),
  /** Why nothing was sent (no phone, already has a card…), French. */
  reason: z.string().nullable(),
  expires: ZDateTime.nullable(),
});
export const ZBulkOnboardingLinkResponse = z.object({
  sent: z.number().int(),
  skipped: z.number().int(),
  results: z.array(ZOnboardingLinkSent),
});

export const ZOnboardingVerifyRequest = z.object({ token: z.string().trim().min(1).max(500) });
export const ZOnboardingVerifyResponse = z.object({
  first_name: z.string(),
  company: z.string(),
  /** The phone HR has on file, masked, as a hint. */
  phone_hint: z.string().nullable(),
  expires: ZDateTime,
});
export const ZOnboardingRequestOtp = z.object({
  onboarding_token: z.string().trim().min(1).max(500),
  phone: ZMobilePhone,
});
export const ZOnboardingOtpSent = z.object({ token: z.string(), phone: z.string() });
export const ZOnboardingVerifyOtp = z.object({
  token: z.string().trim().min(1).max(500),
  otp: ZOtpCode,
});
export const ZOnboardingPhoneToken = z.object({ phone_token: z.string() });

/** CIN as the check reads it, kept on the order (the images themselves are deleted later). */
export const ZCinReading = z.object({
  cin: ZCin,
  lastName: z.string(),
  firstName: z.string(),
  birthday: z.string(),
  expiry: z.string(),
});
export type TCinReading = z.infer<typeof ZCinReading>;

/** The sides of a CIN, as the order screen and the check's hints name them. */
export const CIN_SIDE_LABELS_FR = { front: 'Recto', back: 'Verso' } as const;
export type TCinSide = keyof typeof CIN_SIDE_LABELS_FR;

/**
 * Advice sent with a CIN check's code (`hint`, decision 031): what to change in the photo. `{0}`
 * is the side ("Recto", "Verso").
 */
export const CIN_PHOTO_HINTS_FR = {
  blank: "{0} : l'image semble vide. Photographiez la carte entière, à plat, sur un fond uni et sombre.",
  dark: '{0} : la photo est trop sombre. Photographiez la carte à la lumière du jour ou sous une lampe.',
  bright: '{0} : la photo est surexposée. Évitez le flash et les reflets sur la carte.',
  blurry: '{0} : la photo est floue. Tenez le téléphone immobile et laissez la mise au point se faire.',
  framing:
    "{0} : le texte n'est pas lisible. Cadrez la carte entière, bien droite, pour qu'elle remplisse la photo.",
  mrz: '{0} : les trois lignes du bas (avec les <<<) ne sont pas lisibles. Photographiez-les nettement, sans reflet.',
  covered: '{0} : une partie de la carte est masquée (reflet, doigt ou ombre). Reprenez la photo.',
  wrongSideFront: 'Vous avez envoyé le verso à la place du recto.',
  wrongSideBack: 'Vous avez envoyé le recto à la place du verso.',
  notImage: '{0} : seules les photos PNG ou JPEG de 10 Mo au plus sont acceptées.',
  tooSlow: 'La lecture de vos photos a pris trop de temps. Réessayez dans un instant.',
} as const;
export type TCinPhotoHint = keyof typeof CIN_PHOTO_HINTS_FR;
