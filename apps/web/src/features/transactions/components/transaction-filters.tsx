import { ADVANCE_STATUSES, TRANSACTION_STATUS_LABELS_FR } from '@tasbiq/contracts/money';
import { TRANSACTION_TYPE_LABELS_FR } from '@tasbiq/contracts/transactions';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, inputClassName } from '../../../components/ui/form-field.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { cx } from '../../../lib/cx.ts';
import { currentMonth, recentYears } from '../../../lib/dates/casablanca-month.ts';
import { MONTHS_FR } from '../../../lib/format/month-names.ts';
import type { FilterChanges } from '../../../lib/hooks/use-url-filters.ts';
import { LISTED_TYPES, type TransactionFilterState } from '../use-transaction-filters.ts';

type TransactionFiltersProps = {
  filters: TransactionFilterState;
  onChange: (changes: FilterChanges<TransactionFilterState>) => void;
};

const selectClass = cx(inputClassName, 'pr-8');

/** Employee search (debounced), type, year and month. */
export function TransactionFilters({ filters, onChange }: TransactionFiltersProps) {
  const years = recentYears();
  // A year from the address outside the list still shows as selected.
  if (filters.year && !years.includes(filters.year)) years.push(filters.year);
  const hasFilters = Boolean(
    filters.type || filters.status || filters.year || filters.month || filters.search,
  );

  const chooseMonth = (month: string) => {
    // A month means a month of some year: this one unless another was chosen.
    const year = month && !filters.year ? String(currentMonth().year) : undefined;
    onChange(year ? { month, year } : { month });
  };
  const chooseYear = (year: string) => onChange(year ? { year } : { year: '', month: '' });

  const reset = () => onChange({ type: '', status: '', year: '', month: '', search: '' });

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too recent for the phones we support (and jsdom).
    <div role="search" aria-label="Filtrer les transactions" className="flex flex-col gap-3">
      <SearchField
        label="Rechercher un salarié"
        placeholder="Nom ou matricule du salarié"
        value={filters.search}
        onSearch={(search) => onChange({ search })}
      />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <FormField label="Type">
          {(control) => (
            <select
              {...control}
              value={filters.type}
              onChange={(event) => onChange({ type: event.target.value })}
              className={selectClass}
            >
              <option value="">Tous les types</option>
              {LISTED_TYPES.map((type) => (
                <option key={type} value={type}>
                  {TRANSACTION_TYPE_LABELS_FR[type]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Statut">
          {(control) => (
            <select
              {...control}
              value={filters.status}
              onChange={(event) => onChange({ status: event.target.value })}
              className={selectClass}
            >
              <option value="">Tous les statuts</option>
              {ADVANCE_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {TRANSACTION_STATUS_LABELS_FR[status]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Année">
          {(control) => (
            <select
              {...control}
              value={filters.year ?? ''}
              onChange={(event) => chooseYear(event.target.value)}
              className={selectClass}
            >
              <option value="">Toutes les années</option>
              {years.map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Mois">
          {(control) => (
            <select
              {...control}
              value={filters.month ?? ''}
              onChange={(event) => chooseMonth(event.target.value)}
              className={selectClass}
            >
              <option value="">Tous les mois</option>
              {MONTHS_FR.map((name, index) => (
                <option key={name} value={index + 1}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      {hasFilters ? (
        <div>
          <Button variant="tertiary" size="sm" label="Effacer les filtres" onClick={reset} />
        </div>
      ) : null}
    </div>
  );
}
