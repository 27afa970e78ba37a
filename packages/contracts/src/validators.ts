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

export const ZEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'INVALID_EMAIL' }));

export const ZCin = z
  .string()
  .transform(normalizeCin)
  .refine((v) => CIN_RE.test(v), { message: 'INVALID_CIN' });
