import { z } from 'zod';

/**
 * Moroccan formats. A mobile number is 06/07 followed by 8 digits (05 for fixed lines),
 * written locally (0612345678) or internationally (+212612345678, 00212…); we store +212….
 */
const PHONE_RE = /^(?:\+212|00212|0)([5-7]\d{8})$/;
export function normalizeMoroccanPhone(raw: string): string | null {
  const compact = raw.replace(/[\s.-]/g, '');
  const match = PHONE_RE.exec(compact);
  return match ? `+212${match[1]}` : null;
}
export function isMoroccanMobile(raw: string): boolean {
  const phone = normalizeMoroccanPhone(raw);
  return phone !== null && /^\+212[67]/.test(phone);
}

/**
 * Text any field may hold: no NUL character (PostgreSQL's text cannot store it and refuses the
 * whole query) and no lone UTF-16 surrogate (not a character: the database drivers would store
 * U+FFFD in its place). The API refuses other text at its boundary, for every string it is sent.
 */
const LONE_SURROGATE_RE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export function isSafeText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE_RE.test(value);
}

/** CIN (carte d'identité nationale): one or two letters then up to six digits, e.g. "BE123456". */
export const CIN_RE = /^[A-Z]{1,2}\d{1,6}$/;
export function normalizeCin(raw: string): string {
  return raw.replace(/\s/g, '').toUpperCase();
}

export const ZPhone = z
  .string()
  .trim()
  .min(1)
  .refine((v) => normalizeMoroccanPhone(v) !== null, { message: 'INVALID_PHONE' })
  .transform((v) => normalizeMoroccanPhone(v) as string);

/**
 * A Moroccan mobile, the only phone a code can be sent to by SMS: 06/07 followed by 8 digits
 * (+2126…/+2127…, 00212…), stored as +212…. A valid fixed line (05…) is PHONE_NOT_MOBILE, anything
 * else INVALID_PHONE.
 */
export const ZMobilePhone = z
  .string()
  .trim()
  .min(1)
  .refine((v) => normalizeMoroccanPhone(v) !== null, { message: 'INVALID_PHONE', abort: true })
  .refine(isMoroccanMobile, { message: 'PHONE_NOT_MOBILE' })
  .transform((v) => normalizeMoroccanPhone(v) as string);

/** The 6-digit code sent by SMS or e-mail: digits only (INVALID_OTP otherwise). */
export const OTP_RE = /^\d{6}$/;
export const ZOtpCode = z.string().trim().regex(OTP_RE, { message: 'INVALID_OTP' });

export const ZEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'INVALID_EMAIL' }));

export const ZCin = z
  .string()
  .transform(normalizeCin)
  .refine((v) => CIN_RE.test(v), { message: 'INVALID_CIN' });

/**
 * Moroccan RIB (relevé d'identité bancaire): 24 digits — bank code (3), city code (3), account
 * number (16) and a two-digit key from 01 to 97 such that key = 97 − ((first 22 digits × 100) mod 97),
 * i.e. the whole number is a multiple of 97. Spaces and dashes as printed on bank letters are
 * allowed in the input; we store the 24 digits.
 */
export const RIB_LENGTH = 24;
export function normalizeRib(raw: string): string {
  return raw.replace(/[\s.-]/g, '');
}
export function ribKey(first22Digits: string): string {
  const key = 97n - ((BigInt(first22Digits) * 100n) % 97n);
  return key.toString().padStart(2, '0');
}
export function isValidRib(raw: string): boolean {
  const rib = normalizeRib(raw);
  if (!/^\d{24}$/.test(rib)) return false;
  return ribKey(rib.slice(0, 22)) === rib.slice(22);
}

export const ZRib = z.string().transform(normalizeRib).refine(isValidRib, { message: 'INVALID_RIB' });
