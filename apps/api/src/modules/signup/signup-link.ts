import type { Config } from '../../config.ts';
import type { CompanyRow } from '../../lib/auth/session.ts';
import { AppError } from '../../lib/errors.ts';

/** The company's public signup page; the same link GET /settings shows HR as `signup_link`. */
export function signupLinkOf(config: Pick<Config, 'PUBLIC_URL'>, signupToken: string): string {
  return `${config.PUBLIC_URL.replace(/\/+$/, '')}/signup/${encodeURIComponent(signupToken)}`;
}

/** The link of a company whose self-signup is open, or 400 SIGNUP_DISABLED. */
export function openSignupLinkOf(config: Pick<Config, 'PUBLIC_URL'>, company: CompanyRow): string {
  if (!company.signupToken) throw new AppError('SIGNUP_DISABLED', { status: 400 });
  return signupLinkOf(config, company.signupToken);
}
