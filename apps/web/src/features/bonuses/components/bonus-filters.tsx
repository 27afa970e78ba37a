import {
  BONUS_RECURRENCE_LABELS_FR,
  BONUS_RECURRENCES,
  BONUS_STATUS_LABELS_FR,
  BONUS_STATUSES,
  BONUS_TITLE_LABELS_FR,
  BONUS_TITLES,
  BONUS_TYPE_LABELS_FR,
  BONUS_TYPES,
} from '@tasbiq/contracts/bonuses';
import { Button } from '../../../components/ui/button.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { SelectField, type SelectOption } from '../../../components/ui/select-field.tsx';
import type { FilterChanges } from '../../../lib/hooks/use-url-filters.ts';
import { type BonusFilterState, NO_BONUS_FILTERS } from '../use-bonus-filters.ts';

function options<T extends string>(
  all: string,
  values: readonly T[],
  labels: Record<T, string>,
): SelectOption[] {
  return [{ value: '', label: all }, ...values.map((value) => ({ value, label: labels[value] }))];
}

const STATUS_OPTIONS = options('Tous les statuts', BONUS_STATUSES, BONUS_STATUS_LABELS_FR);
const TYPE_OPTIONS = options('Tous les types', BONUS_TYPES, BONUS_TYPE_LABELS_FR);
const TITLE_OPTIONS = options('Tous les intitulés', BONUS_TITLES, BONUS_TITLE_LABELS_FR);
const RECURRENCE_OPTIONS = options('Toutes les récurrences', BONUS_RECURRENCES, BONUS_RECURRENCE_LABELS_FR);

type Props = { filters: BonusFilterState; onChange: (changes: FilterChanges<BonusFilterState>) => void };

/** Search (title or comment), status, type, title and recurrence. */
export function BonusFilters({ filters, onChange }: Props) {
  const hasFilters = Boolean(
    filters.status || filters.type || filters.title || filters.recurrence_type || filters.search,
  );
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too recent for the phones we support (and jsdom).
    <div role="search" aria-label="Filtrer les primes" className="flex flex-col gap-3">
      <SearchField
        label="Rechercher une prime"
        placeholder="Intitulé ou commentaire"
        value={filters.search}
        onSearch={(search) => onChange({ search })}
      />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          label="Statut"
          value={filters.status}
          onChange={(e) => onChange({ status: e.target.value })}
          options={STATUS_OPTIONS}
        />
        <SelectField
          label="Type"
          value={filters.type}
          onChange={(e) => onChange({ type: e.target.value })}
          options={TYPE_OPTIONS}
        />
        <SelectField
          label="Intitulé"
          value={filters.title}
          onChange={(e) => onChange({ title: e.target.value })}
          options={TITLE_OPTIONS}
        />
        <SelectField
          label="Récurrence"
          value={filters.recurrence_type}
          onChange={(e) => onChange({ recurrence_type: e.target.value })}
          options={RECURRENCE_OPTIONS}
        />
      </div>
      {hasFilters ? (
        <div>
          <Button
            variant="tertiary"
            size="sm"
            label="Effacer les filtres"
            onClick={() => onChange({ ...NO_BONUS_FILTERS })}
          />
        </div>
      ) : null}
    </div>
  );
}
