import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { commonFr } from '../locales/fr/common.ts';

/**
 * French only (spec §9: "Default language French"). The original app declared 'en-US' as its
 * default *translation* locale while every text was French; we have no English texts, so French
 * is also the fallback and any missing key shows as the key itself instead of another language.
 */
export const DEFAULT_LANGUAGE = 'fr';

let isInitialised = false;

/**
 * Idempotent; resources are bundled, so this resolves at once. No screen translates through i18next
 * yet (the French texts are plain strings and `locales/fr/*` objects), so the shell no longer calls
 * it at start: its 13 KB gzip stayed out of the first page (issue 9 §4, decision 030). The first
 * feature that uses `t()` calls it (or `registerTranslations`) before rendering.
 */
export function initI18n(): i18n {
  if (isInitialised) return i18next;
  isInitialised = true;
  void i18next.use(initReactI18next).init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [DEFAULT_LANGUAGE],
    defaultNS: 'common',
    ns: ['common'],
    resources: { fr: { common: commonFr } },
    // React already escapes what it renders.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18next;
}

/** Adds a namespace of French texts (e.g. a feature's), usable as `t('advances:title')`. */
export function registerTranslations(namespace: string, texts: Record<string, unknown>): void {
  initI18n().addResourceBundle(DEFAULT_LANGUAGE, namespace, texts, true, true);
}
