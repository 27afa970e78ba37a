import type { TSettings } from '@tasbiq/contracts/settings';
import type { CompanyRow } from '../../lib/auth/session.ts';

/**
 * The company's switches as the web app reads them (spec §3 Settings). The session already
 * loaded the company row, so no query is needed. The signup link is absolute because HR copies
 * it into e-mails and SMS.
 */
export function settingsOf(company: CompanyRow, publicUrl: string): TSettings {
  return {
    items_per_page: company.itemsPerPage,
    recharges_enabled: company.rechargesEnabled,
    fiches_enabled: company.fichesEnabled,
    cards_enabled: company.cardsEnabled,
    bonuses_enabled: company.bonusesEnabled,
    expenses_enabled: company.expensesEnabled,
    advances_enabled: company.advancesEnabled,
    eprogram_enabled: company.eprogramEnabled,
    transfers_enabled: company.transfersEnabled,
    bills_enabled: company.billsEnabled,
    connector_type: company.connectorType,
    signup_link: company.signupToken
      ? `${publicUrl.replace(/\/+$/, '')}/signup/${encodeURIComponent(company.signupToken)}`
      : null,
  };
}
