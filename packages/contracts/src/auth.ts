import { z } from 'zod';
import { ZEmail, ZPhone } from './validators.ts';

export const ZTokenRequest = z.object({
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(128),
});
export type TTokenRequest = z.infer<typeof ZTokenRequest>;

/**
 * `otp_required` is true when the account must confirm its phone first (first login, new phone):
 * the access token then only opens POST /auth/otp and /auth/otp/verify.
 */
export const ZTokenPair = z.object({
  access: z.string(),
  refresh: z.string(),
  otp_required: z.boolean(),
});
export type TTokenPair = z.infer<typeof ZTokenPair>;

export const ZRefreshRequest = z.object({ refresh: z.string().min(1) });
export const ZLogoutRequest = z.object({ refresh: z.string().min(1) });

export const ZOtpSendResponse = z.object({
  detail: z.string(),
  phone: z.string(),
  expires_in: z.number().int(),
});
export type TOtpSendResponse = z.infer<typeof ZOtpSendResponse>;
export const ZOtpVerifyRequest = z.object({
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
});

export const ZChangePasswordRequest = z.object({
  old_password: z.string().max(128).optional(),
  new_password: z.string().min(1).max(128),
  confirm_password: z.string().min(1).max(128),
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZPasswordResetRequest = z.object({ username: z.string().trim().min(1).max(254) });
export const ZPasswordResetVerify = z.object({ token: z.string().min(1).max(512) });
export const ZPasswordResetConfirm = z.object({
  token: z.string().min(1).max(512),
  new_password: z.string().min(1).max(128),
  confirm_password: z.string().min(1).max(128),
});

export const ZChangePhoneRequest = z.object({ phone: ZPhone });
export const ZChangePhoneResponse = z.object({ token: z.string() });
export const ZChangePhoneValidate = z.object({
  token: z.string().min(1),
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
});

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
