import { IconSearch } from '@tabler/icons-react';
import {
  WALLET_TRANSACTION_TYPE_LABELS_FR,
  WALLET_TRANSACTION_TYPES,
} from '@tasbiq/contracts/company-wallet';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, inputClassName } from '../../../components/ui/form-field.tsx';
import { cx } from '../../../lib/cx.ts';
import { useDebouncedValue } from '../../../lib/hooks/use-debounced-value.ts';
import type { FilterChanges } from '../../../lib/hooks/use-url-filters.ts';
import { isRangeInverted, todayInCasablanca, type WalletFilterState } from '../use-wallet-filters.ts';

export const RANGE_ERROR = 'La date de fin doit être après la date de début.';

type WalletFiltersProps = {
  filters: WalletFilterState;
  onChange: (changes: FilterChanges<WalletFilterState>) => void;
};

/** Type, free-text search (debounced) and a date range; the parent keeps them in the address. */
export function WalletFilters({ filters, onChange }: WalletFiltersProps) {
  const [searchText, setSearchText] = useState(filters.search);
  const debouncedSearch = useDebouncedValue(searchText.trim());
  const isInverted = isRangeInverted(filters);
  const hasFilters = Boolean(filters.type || filters.search || filters.from || filters.to);
  const today = todayInCasablanca();

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced text changes the filter.
  useEffect(() => {
    if (debouncedSearch !== filters.search) onChange({ search: debouncedSearch });
  }, [debouncedSearch]);

  const reset = () => {
    setSearchText('');
    onChange({ type: '', search: '', from: '', to: '' });
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too recent for the phones we support (and jsdom).
    <div role="search" aria-label="Filtrer les mouvements" className="flex flex-col gap-3">
      <div className="relative">
        <label htmlFor="wallet-search" className="sr-only">
          Rechercher un mouvement
        </label>
        <IconSearch
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-gray-400"
        />
        <input
          id="wallet-search"
          type="search"
          placeholder="Titre ou description (nom du salarié…)"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          className={cx(inputClassName, 'pl-10')}
        />
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <FormField label="Type">
          {(control) => (
            <select
              {...control}
              value={filters.type}
              onChange={(event) => onChange({ type: event.target.value })}
              className={cx(inputClassName, 'pr-8')}
            >
              <option value="">Tous les types</option>
              {WALLET_TRANSACTION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {WALLET_TRANSACTION_TYPE_LABELS_FR[type]}
                </option>
              ))}
            </select>
          )}
        </FormField>
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
          error={isInverted ? RANGE_ERROR : undefined}
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
