/** Business constants of spec §9, written once for the API and the web app. */
export const CURRENCY = 'MAD';
export const LOCALE = 'fr-MA';
export const TIME_ZONE = 'Africa/Casablanca';
/**
 * Every API response says Casablanca's offset now ("+00:00"), so a screen computes "today" and
 * "this month" without trusting the device's time zone rules (decision 023).
 */
export const CASABLANCA_OFFSET_HEADER = 'casablanca-offset';

export const ADVANCE_PERCENTAGE_OPTIONS = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100] as const;
export const ADVANCES_PER_MONTH_OPTIONS = [1, 2, 3, 4, 5, 6, 7, 8, 9, -1] as const;
export const UNLIMITED = -1;
export const GUESTS_OPTIONS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export const BONUS_CAP = 5000;
export const MISSION_ORDER_ADVANCE_MIN_DH = 200;
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;
export const FILE_NAME_DISPLAY_LENGTH = 20;
export const POLICY_ITEMS_PAGE_SIZE = 10;
export const DASHBOARD_LAST_TRANSACTIONS = 10;
export const DASHBOARD_LAST_BONUSES = 3;
export const ADVANCE_PAYOUT_HOURS = 48;

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** Auth timings (ARCHITECTURE "Auth"; OTP from the foundation issue). */
export const ACCESS_TOKEN_TTL_SECONDS = 5 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 24 * 60 * 60;
export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 10 * 60;
export const OTP_MAX_WRONG_TRIES = 5;
/** At most this many codes sent per account and purpose in OTP_SEND_WINDOW_SECONDS. */
export const OTP_MAX_SENDS = 5;
export const OTP_SEND_WINDOW_SECONDS = 60 * 60;
/** The web app lets a user ask for a new code after this many seconds. */
export const OTP_RESEND_COUNTDOWN_SECONDS = 60;
export const RESET_LINK_TTL_SECONDS = 60 * 60;
export const RESET_RESEND_COUNTDOWN_SECONDS = 60;
/** ASVS 2.2.1: no more than 100 failed logins per account per hour. */
export const MAX_FAILED_LOGINS_PER_HOUR = 100;
