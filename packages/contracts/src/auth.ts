import { z } from 'zod';
import { normalizeMoroccanPhone, ZEmail, ZMobilePhone, ZOtpCode } from './validators.ts';

/** A login name: an e-mail or a Moroccan phone in any format; anything else is INVALID_USERNAME. */
export function isLoginName(value: string): boolean {
  const name = value.trim();
  if (name.includes('@')) return ZEmail.safeParse(name).success;
  return normalizeMoroccanPhone(name) !== null;
}

const ZUsername = z
  .string()
  .trim()
  .min(1)
  .max(254)
  // Only a name of an acceptable length is checked: one problem, one error.
  .refine((v) => v.length === 0 || v.length > 254 || isLoginName(v), { message: 'INVALID_USERNAME' });

export const ZTokenRequest = z.object({
  username: ZUsername,
  password: z.string().min(1).max(128),
});
export type TTokenRequest = z.infer<typeof ZTokenRequest>;

/**
 * Why a login asks for the SMS code (sent with `otp_required: true` by POST /auth/token): the phone
 * is not confirmed yet (first login, new phone), or the account has had too many failed logins in
 * the last hour, so the right password needs the code too instead of being refused.
 */
export const OTP_REASONS = ['phone_confirmation', 'failed_logins'] as const;
export type TOtpReason = (typeof OTP_REASONS)[number];

/**
 * `otp_required` is true when the login must be confirmed by SMS code first: the access token then
 * only opens POST /auth/otp and /auth/otp/verify.
 */
export const ZTokenPair = z.object({
  access: z.string(),
  refresh: z.string(),
  otp_required: z.boolean(),
  otp_reason: z.enum(OTP_REASONS).optional(),
});
export type TTokenPair = z.infer<typeof ZTokenPair>;

export const ZRefreshRequest = z.object({ refresh: z.string().min(1) });
export const ZLogoutRequest = z.object({ refresh: z.string().min(1) });

/**
 * POST /auth/logout_all ("Se déconnecter partout", no body): every session of the account ends,
 * the caller's too; `sessions_ended` counts them.
 */
export const ZLogoutAllResponse = z.object({ detail: z.string(), sessions_ended: z.number().int() });
export type TLogoutAllResponse = z.infer<typeof ZLogoutAllResponse>;

export const ZOtpSendResponse = z.object({
  detail: z.string(),
  phone: z.string(),
  expires_in: z.number().int(),
});
export type TOtpSendResponse = z.infer<typeof ZOtpSendResponse>;
export const ZOtpVerifyRequest = z.object({ otp: ZOtpCode });

/**
 * POST /auth/change-password. A new password equal to the old one sent with it is SAME_PASSWORD
 * (the API also compares it with the stored one when no old password is asked).
 */
export const ZChangePasswordRequest = z
  .object({
    old_password: z.string().max(128).optional(),
    new_password: z.string().min(1).max(128),
    confirm_password: z.string().min(1).max(128),
  })
  .superRefine((values, ctx) => {
    if (values.old_password && values.new_password === values.old_password) {
      ctx.addIssue({ code: 'custom', path: ['new_password'], message: 'SAME_PASSWORD' });
    }
  });
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZPasswordResetRequest = z.object({ username: ZUsername });
export const ZPasswordResetVerify = z.object({ token: z.string().min(1).max(512) });
export const ZPasswordResetConfirm = z.object({
  token: z.string().min(1).max(512),
  new_password: z.string().min(1).max(128),
  confirm_password: z.string().min(1).max(128),
});

/**
 * POST /auth/change_phone: the code goes by SMS, so only a mobile (PHONE_NOT_MOBILE for a fixed
 * line); the account's own number is SAME_PHONE (checked by the API, which knows it).
 */
export const ZChangePhoneRequest = z.object({ phone: ZMobilePhone });
export const ZChangePhoneResponse = z.object({ token: z.string() });
export const ZChangePhoneValidate = z.object({
  token: z.string().min(1),
  otp: ZOtpCode,
});

/** POST /auth/change_email: the account's own address is SAME_EMAIL. */
export const ZChangeEmailRequest = z.object({ email: ZEmail });
export const ZChangeEmailResponse = ZChangePhoneResponse;
export const ZChangeEmailValidate = ZChangePhoneValidate;

/** The plain acknowledgement most auth calls answer with (DRF's `{"detail": …}`). */
export const ZDetailResponse = z.object({ detail: z.string() });
export type TDetailResponse = z.infer<typeof ZDetailResponse>;

export const ZCompanySummary = z.object({ id: z.number().int(), name: z.string(), is_active: z.boolean() });

export const ZAccount = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  cin: z.string().nullable(),
  company: ZCompanySummary.nullable(),
  roles: z.array(z.string()),
  phone_confirmed: z.boolean(),
  has_changed_password: z.boolean(),
  date_joined: z.string(),
});
export type TAccount = z.infer<typeof ZAccount>;
