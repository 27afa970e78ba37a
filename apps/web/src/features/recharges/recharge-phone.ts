import { isMoroccanMobile, normalizeMoroccanPhone } from '@tasbiq/contracts/validators';
import { requiredMessage } from '../../lib/errors/error-message.ts';

export const PHONE_ERROR = 'Saisissez un numéro de mobile marocain valide (06… ou 07…, ou +212…).';

/** The French error for the typed number, or null when it is a Moroccan mobile. */
export function phoneError(text: string): string | null {
  if (text.trim() === '') return requiredMessage('Numéro à recharger');
  return isMoroccanMobile(text) ? null : PHONE_ERROR;
}

/** As the API stores it (+212…), for the confirmation and the request. */
export function normalizedPhone(text: string): string {
  return normalizeMoroccanPhone(text) ?? text.trim();
}
