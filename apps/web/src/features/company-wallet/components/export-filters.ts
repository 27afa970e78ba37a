import {
  type TWalletExportFilters,
  type TWalletTransactionType,
  WALLET_TRANSACTION_TYPE_LABELS_FR,
} from '@tasbiq/contracts/company-wallet';

/** "2026-10-20" → "20/10/2026" (a Casablanca day as sent, no time zone to apply). */
function dayText(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return year && month && day ? `${day}/${month}/${year}` : isoDay;
}

/**
 * What an export holds, in French, from the filters it used: "Tous les mouvements", or e.g.
 * ["Type : Avance sur salaire, Frais", "du 20/10/2026 au 31/10/2026", "recherche « Salma »"].
 */
export function exportFilterParts(filters: TWalletExportFilters): string[] {
  const parts: string[] = [];
  const types = [
    ...new Set<TWalletTransactionType>([
      ...(filters.transaction_type ? [filters.transaction_type] : []),
      ...(filters.transaction_type_in ?? []),
    ]),
  ];
  if (types.length > 0)
    parts.push(
      `${types.length > 1 ? 'Types' : 'Type'} : ${types.map((t) => WALLET_TRANSACTION_TYPE_LABELS_FR[t]).join(', ')}`,
    );
  const { created_after: after, created_before: before } = filters;
  if (after && before) parts.push(`du ${dayText(after)} au ${dayText(before)}`);
  else if (after) parts.push(`à partir du ${dayText(after)}`);
  else if (before) parts.push(`jusqu’au ${dayText(before)}`);
  if (filters.search?.trim()) parts.push(`recherche « ${filters.search.trim()} »`);
  return parts;
}

export function exportFiltersText(filters: TWalletExportFilters): string {
  const parts = exportFilterParts(filters);
  return parts.length === 0 ? 'Tous les mouvements' : parts.join(' · ');
}
