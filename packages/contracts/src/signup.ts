import { z } from 'zod';
import { ZTokenPair } from './auth.ts';
import { ZEmail, ZOtpCode, ZPhone } from './validators.ts';

/**
 * Self-signup (spec §7 Company, identities and signup invitations; the public signup page).
 * HR uploads identities (matricule + birthday); a person opens the company's signup link,
 * confirms a phone by SMS code and proves who they are with matricule + birthday.
 */

/** At most this many identities per file or per bulk call (like the bonus cap of §9). */
export const SIGNUP_IDENTITIES_MAX = 5000;
/** At most this many invitations per bulk send. */
export const SIGNUP_INVITATIONS_MAX = 1000;
/** Pasted or uploaded text of addresses: about 1000 addresses with room for noise. */
export const SIGNUP_INVITATION_TEXT_MAX = 200_000;
/** A verified phone token stays usable this long after the code was confirmed. */
export const SIGNUP_PHONE_TOKEN_TTL_SECONDS = 30 * 60;
export const SERIAL_MAX_LENGTH = 50;

/** Columns of the identities CSV (the first line names them). */
export const IDENTITY_CSV_COLUMNS = ['matricule', 'date_naissance'] as const;

const ISO_DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written `YYYY-MM-DD` (2026-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE_RE.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/** A birthday on the wire: ISO day, not in the future, after 1900. */
export const ZBirthday = z
  .string()
  .trim()
  .min(1)
  .refine((v) => isIsoDate(v) && v >= '1900-01-01' && v <= new Date().toISOString().slice(0, 10), {
    message: 'INVALID_DATE_FORMAT',
  });

export const ZSerial = z.string().trim().min(1).max(SERIAL_MAX_LENGTH);

// ---------------------------------------------------------------------------------------------
// Identities (HR)

/** One problem of one CSV row; `attr` names the column ('serial' | 'birthday') when there is one. */
export const ZIdentityRowError = z.object({
  code: z.string(),
  detail: z.string(),
  attr: z.string().nullable(),
});
export type TIdentityRowError = z.infer<typeof ZIdentityRowError>;

/** One CSV row as understood: `row` is the line number in the file (the header is line 1). */
export const ZIdentityPreviewRow = z.object({
  row: z.number().int(),
  serial: z.string(),
  /** ISO day when the date could be read, else null. */
  birthday: z.string().nullable(),
  errors: z.array(ZIdentityRowError),
});
export type TIdentityPreviewRow = z.infer<typeof ZIdentityPreviewRow>;

/** POST /company/identities/parse_file/: a preview, nothing is written. */
export const ZIdentityParseResponse = z.object({
  rows: z.array(ZIdentityPreviewRow),
  valid_count: z.number().int(),
  error_count: z.number().int(),
});
export type TIdentityParseResponse = z.infer<typeof ZIdentityParseResponse>;

export const ZNewIdentity = z.object({ serial: ZSerial, birthday: ZBirthday });
export type TNewIdentity = z.infer<typeof ZNewIdentity>;

/** POST /company/identities/bulk/: all rows are created, or none (400 with one error per row problem). */
export const ZIdentityBulkRequest = z.object({
  identities: z.array(ZNewIdentity).min(1).max(SIGNUP_IDENTITIES_MAX),
});
export type TIdentityBulkRequest = z.infer<typeof ZIdentityBulkRequest>;
export const ZIdentityBulkResponse = z.object({ created: z.number().int() });
export type TIdentityBulkResponse = z.infer<typeof ZIdentityBulkResponse>;

export const ZIdentityEmployee = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
});

/** A row of GET /company/identities (spec §3 User identity). */
export const ZSignupIdentity = z.object({
  id: z.number().int(),
  serial: z.string(),
  birthday: z.string(),
  is_used: z.boolean(),
  employee: ZIdentityEmployee.nullable(),
  created: z.string(),
});
export type TSignupIdentity = z.infer<typeof ZSignupIdentity>;

export const IDENTITY_ORDERING_FIELDS = ['serial', 'birthday', 'created'] as const;

// ---------------------------------------------------------------------------------------------
// Invitations (HR)

/** POST /company/signup_invitation/parse_emails/ and parse_phones/: pasted text or a file's content. */
export const ZParseContactsRequest = z.object({ text: z.string().max(SIGNUP_INVITATION_TEXT_MAX) });
export type TParseContactsRequest = z.infer<typeof ZParseContactsRequest>;

/**
 * `valid`: normalised (lower-case e-mail, +212… phone), each once, nobody's login yet;
 * `invalid`: the pieces as written; `duplicates`: normalised values written more than once
 * (kept once in `valid`); `already_registered`: an account already logs in with it.
 */
export const ZParseContactsResponse = z.object({
  valid: z.array(z.string()),
  invalid: z.array(z.string()),
  duplicates: z.array(z.string()),
  already_registered: z.array(z.string()),
});
export type TParseContactsResponse = z.infer<typeof ZParseContactsResponse>;

export const ZBulkSendEmailRequest = z.object({
  emails: z.array(ZEmail).min(1).max(SIGNUP_INVITATIONS_MAX),
});
export type TBulkSendEmailRequest = z.infer<typeof ZBulkSendEmailRequest>;
export const ZBulkSendSmsRequest = z.object({
  phones: z.array(ZPhone).min(1).max(SIGNUP_INVITATIONS_MAX),
});
export type TBulkSendSmsRequest = z.infer<typeof ZBulkSendSmsRequest>;

/** `skipped`: repeated addresses and those that already belong to an account (nothing sent). */
export const ZBulkSendResponse = z.object({
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
});
export type TBulkSendResponse = z.infer<typeof ZBulkSendResponse>;

// ---------------------------------------------------------------------------------------------
// Public signup

const ZSignupToken = z.string().trim().min(1).max(256);
/** GET /signup/{token}: what the page shows before anything is typed. */
export const ZSignupCompanyResponse = z.object({ company: z.object({ name: z.string() }) });
export type TSignupCompanyResponse = z.infer<typeof ZSignupCompanyResponse>;

export const ZSignupOtpRequest = z.object({ signup_token: ZSignupToken, phone: ZPhone });
export type TSignupOtpRequest = z.infer<typeof ZSignupOtpRequest>;
export const ZSignupOtpResponse = z.object({
  phone_token: z.string(),
  /** Seconds the code stays valid. */
  expires_in: z.number().int(),
});
export type TSignupOtpResponse = z.infer<typeof ZSignupOtpResponse>;

export const ZSignupVerifyOtpRequest = z.object({
  phone_token: z.string().trim().min(1).max(256),
  otp: ZOtpCode,
});
export type TSignupVerifyOtpRequest = z.infer<typeof ZSignupVerifyOtpRequest>;
export const ZSignupVerifyOtpResponse = z.object({ verified: z.literal(true) });

/** An empty e-mail field means "no e-mail". */
const ZOptionalEmail = z
  .union([z.literal(''), ZEmail])
  .nullish()
  .transform((v) => (v ? v : null));

export const ZSignupRequest = z.object({
  signup_token: ZSignupToken,
  phone_token: z.string().trim().min(1).max(256),
  serial: ZSerial,
  birthday: ZBirthday,
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  email: ZOptionalEmail,
  password: z.string().min(1).max(128),
  confirm_password: z.string().min(1).max(128),
});
export type TSignupRequest = z.input<typeof ZSignupRequest>;
export type TSignupRequestParsed = z.output<typeof ZSignupRequest>;
/** The new account is logged in at once: a full token pair. */
export const ZSignupResponse = ZTokenPair;
