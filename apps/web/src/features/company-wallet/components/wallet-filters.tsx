import {
  WALLET_TRANSACTION_TYPE_LABELS_FR,
  WALLET_TRANSACTION_TYPES,
} from '@tasbiq/contracts/company-wallet';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { SelectField, type SelectOption } from '../../../components/ui/select-field.tsx';
import { casablancaDay } from '../../../lib/dates/casablanca-day.ts';
import { END_AFTER_START_MESSAGE } from '../../../lib/errors/error-message.ts';
import type { FilterChanges } from '../../../lib/hooks/use-url-filters.ts';
import { isRangeInverted, type WalletFilterState } from '../use-wallet-filters.ts';

const TYPE_OPTIONS: SelectOption[] = [
  { value: '', label: 'Tous les types' },
  ...WALLET_TRANSACTION_TYPES.map((type) => ({
    value: type,
    label: WALLET_TRANSACTION_TYPE_LABELS_FR[type],
  })),
];

type WalletFiltersProps = {
  filters: WalletFilterState;
  onChange: (changes: FilterChanges<WalletFilterState>) => void;
};

/** Type, free-text search (debounced) and a date range; the parent keeps them in the address. */
export function WalletFilters({ filters, onChange }: WalletFiltersProps) {
  const isInverted = isRangeInverted(filters);
  const hasFilters = Boolean(filters.type || filters.search || filters.from || filters.to);
  // The date pickers' upper bound.
  const today = casablancaDay();

  const reset = () => onChange({ type: '', search: '', from: '', to: '' });

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too recent for the phones we support (and jsdom).
    <div role="search" aria-label="Filtrer les mouvements" className="flex flex-col gap-3">
      <SearchField
        label="Rechercher un mouvement"
        placeholder="Titre ou description (nom du salarié…)"
        value={filters.search}
        onSearch={(search) => onChange({ search })}
      />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <SelectField
          label="Type"
          value={filters.type}
          onChange={(event) => onChange({ type: event.target.value })}
          options={TYPE_OPTIONS}
        />
        <FormField
          label="Date de début"
          type="date"
          max={today}
          value={filters.from}
          onChange={(event) => onChange({ from: event.target.value })}
        />
        <FormField
          label="Date de fin"
          type="date"
          max={today}
          value={filters.to}
          error={isInverted ? END_AFTER_START_MESSAGE : undefined}
          onChange={(event) => onChange({ to: event.target.value })}
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
