import { ADVANCE_STATUSES, TRANSACTION_STATUS_LABELS_FR } from '@tasbiq/contracts/money';
import { TRANSACTION_TYPE_LABELS_FR } from '@tasbiq/contracts/transactions';
import { Button } from '../../../components/ui/button.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { SelectField, type SelectOption } from '../../../components/ui/select-field.tsx';
import { currentMonth, recentYears } from '../../../lib/dates/casablanca-month.ts';
import { MONTHS_FR } from '../../../lib/format/month-names.ts';
import type { FilterChanges } from '../../../lib/hooks/use-url-filters.ts';
import { LISTED_TYPES, type TransactionFilterState } from '../use-transaction-filters.ts';

type TransactionFiltersProps = {
  filters: TransactionFilterState;
  onChange: (changes: FilterChanges<TransactionFilterState>) => void;
};

const TYPE_OPTIONS: SelectOption[] = [
  { value: '', label: 'Tous les types' },
  ...LISTED_TYPES.map((type) => ({ value: type, label: TRANSACTION_TYPE_LABELS_FR[type] })),
];
const STATUS_OPTIONS: SelectOption[] = [
  { value: '', label: 'Tous les statuts' },
  ...ADVANCE_STATUSES.map((status) => ({ value: status, label: TRANSACTION_STATUS_LABELS_FR[status] })),
];
const MONTH_OPTIONS: SelectOption[] = [
  { value: '', label: 'Tous les mois' },
  ...MONTHS_FR.map((name, index) => ({ value: String(index + 1), label: name })),
];

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
        <SelectField
          label="Type"
          value={filters.type}
          onChange={(event) => onChange({ type: event.target.value })}
          options={TYPE_OPTIONS}
        />
        <SelectField
          label="Statut"
          value={filters.status}
          onChange={(event) => onChange({ status: event.target.value })}
          options={STATUS_OPTIONS}
        />
        <SelectField
          label="Année"
          value={filters.year ?? ''}
          onChange={(event) => chooseYear(event.target.value)}
          options={[
            { value: '', label: 'Toutes les années' },
            ...years.map((year) => ({ value: String(year), label: String(year) })),
          ]}
        />
        <SelectField
          label="Mois"
          value={filters.month ?? ''}
          onChange={(event) => chooseMonth(event.target.value)}
          options={MONTH_OPTIONS}
        />
      </div>
      {hasFilters ? (
        <div>
          <Button variant="tertiary" size="sm" label="Effacer les filtres" onClick={reset} />
        </div>
      ) : null}
    </div>
  );
}
