import { ERROR_MESSAGES_FR } from '@tasbiq/contracts/error-codes';
import { dictionary } from '@zxcvbn-ts/language-common';
import type { FieldIssue } from '../../lib/validation.ts';

/**
 * Spec §5 password rules with Django's default validators: minimum length, common passwords,
 * entirely numeric, too similar to the account's attributes; and the two entries must match.
 * Pure: the service throws the issues as one validation_error.
 */
export const PASSWORD_MIN_LENGTH = 8;
/** Django's UserAttributeSimilarityValidator default. */
export const PASSWORD_MAX_SIMILARITY = 0.7;
/** A password holding the phone's last 8 digits is too similar to it. */
const PHONE_DIGITS_COMPARED = 8;

export type PasswordOwner = {
  email?: string | null;
  phone?: string | null;
  firstName?: string | null;
  lastName?: string | null;
};

export type NewPasswordInput = {
  newPassword: string;
  confirmPassword: string;
  owner?: PasswordOwner;
};

let commonPasswords: Set<string> | undefined;
/**
 * zxcvbn-ts's list of ~49,000 most used passwords (lower-case), the role Django's
 * common-passwords.txt.gz plays. Built on first use.
 */
function commonPasswordSet(): Set<string> {
  commonPasswords ??= new Set(dictionary['passwords-common']);
  return commonPasswords;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswordSet().has(password.trim().toLowerCase());
}

export function isEntirelyNumeric(password: string): boolean {
  return /^\d+$/.test(password);
}

/** Python's SequenceMatcher.quick_ratio: shared characters (as multisets) over total length. */
export function quickRatio(a: string, b: string): number {
  const total = a.length + b.length;
  if (total === 0) return 1;
  const available = new Map<string, number>();
  for (const ch of b) available.set(ch, (available.get(ch) ?? 0) + 1);
  let matches = 0;
  for (const ch of a) {
    const left = available.get(ch) ?? 0;
    if (left > 0) {
      matches += 1;
      available.set(ch, left - 1);
    }
  }
  return (2 * matches) / total;
}

/** Django skips a value much shorter than the password: it cannot make the password guessable. */
function exceedsMaximumLengthRatio(password: string, value: string): boolean {
  return (
    password.length >= 10 * value.length && value.length < (PASSWORD_MAX_SIMILARITY / 2) * password.length
  );
}

/**
 * Django's UserAttributeSimilarityValidator on the e-mail and the names. The phone is checked by
 * containment instead: quick_ratio on strings of ten digits flags almost any numeric password.
 */
export function isTooSimilar(password: string, owner: PasswordOwner): boolean {
  const lower = password.toLowerCase();
  for (const value of [owner.email, owner.firstName, owner.lastName]) {
    if (!value) continue;
    const valueLower = value.toLowerCase();
    for (const part of [...valueLower.split(/[^\p{L}\p{N}_]+/u), valueLower]) {
      if (!part || exceedsMaximumLengthRatio(lower, part)) continue;
      if (quickRatio(lower, part) >= PASSWORD_MAX_SIMILARITY) return true;
    }
  }
  const phoneTail = owner.phone?.replace(/\D/g, '').slice(-PHONE_DIGITS_COMPARED);
  return Boolean(
    phoneTail &&
      phoneTail.length === PHONE_DIGITS_COMPARED &&
      password.replace(/\D/g, '').includes(phoneTail),
  );
}

function issue(attr: string, code: string): FieldIssue {
  return { attr, code, detail: ERROR_MESSAGES_FR[code] ?? code };
}

/** Every problem at once, like a DRF serializer: mismatch on confirm_password, rules on new_password. */
export function checkNewPassword({ newPassword, confirmPassword, owner }: NewPasswordInput): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (newPassword !== confirmPassword) issues.push(issue('confirm_password', 'PASSWORD_MISMATCH'));
  if (owner && isTooSimilar(newPassword, owner)) issues.push(issue('new_password', 'PASSWORD_TOO_SIMILAR'));
  if (newPassword.length < PASSWORD_MIN_LENGTH) issues.push(issue('new_password', 'PASSWORD_TOO_SHORT'));
  if (isCommonPassword(newPassword)) issues.push(issue('new_password', 'PASSWORD_TOO_COMMON'));
  if (isEntirelyNumeric(newPassword)) issues.push(issue('new_password', 'PASSWORD_ENTIRELY_NUMERIC'));
  return issues;
}
