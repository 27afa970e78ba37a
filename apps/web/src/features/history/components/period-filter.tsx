import { FormField, inputClassName } from '../../../components/ui/form-field.tsx';
import { cx } from '../../../lib/cx.ts';
import type { YearMonth } from '../../../lib/dates/casablanca-month.ts';
import { MONTHS_FR } from '../../../lib/format/month-names.ts';

/** Month and year (French month names), native selects: the phone's own picker. */
export function PeriodFilter({
  value,
  years,
  onChange,
}: {
  value: YearMonth;
  years: readonly number[];
  onChange: (period: Partial<YearMonth>) => void;
}) {
  return (
    <fieldset className="grid grid-cols-2 gap-3 sm:flex sm:gap-4">
      <legend className="sr-only">Période</legend>
      <FormField label="Mois" className="sm:w-48">
        {(control) => (
          <select
            {...control}
            value={value.month}
            onChange={(event) => onChange({ month: Number(event.target.value) })}
            className={cx(inputClassName, 'pr-8')}
          >
            {MONTHS_FR.map((name, index) => (
              <option key={name} value={index + 1}>
                {name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Année" className="sm:w-32">
        {(control) => (
          <select
            {...control}
            value={value.year}
            onChange={(event) => onChange({ year: Number(event.target.value) })}
            className={cx(inputClassName, 'pr-8')}
          >
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </fieldset>
  );
}
