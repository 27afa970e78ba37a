import { cx } from '../../lib/cx.ts';
import type { YearMonth } from '../../lib/dates/casablanca-month.ts';
import { MONTHS_FR } from '../../lib/format/month-names.ts';
import { FormField, inputClassName } from './form-field.tsx';

type MonthYearPickerProps = {
  value: YearMonth;
  /** The years offered, newest first; a `value.year` outside them is offered too. */
  years: readonly number[];
  onChange: (value: YearMonth) => void;
  disabled?: boolean;
  className?: string;
};

const selectClass = cx(inputClassName, 'pr-8');

/** A month and its year ("Mois", "Année"): two native selects, the phone's own picker; both always set. */
export function MonthYearPicker({ value, years, onChange, disabled, className }: MonthYearPickerProps) {
  const { month, year } = value;
  const shownYears = years.includes(year) ? years : [...years, year];
  return (
    <fieldset className={cx('grid grid-cols-2 gap-3', className)}>
      <legend className="sr-only">Période</legend>
      <FormField label="Mois">
        {(control) => (
          <select
            {...control}
            value={month}
            disabled={disabled}
            onChange={(event) => onChange({ month: Number(event.target.value), year })}
            className={selectClass}
          >
            {MONTHS_FR.map((name, index) => (
              <option key={name} value={index + 1}>
                {name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Année">
        {(control) => (
          <select
            {...control}
            value={year}
            disabled={disabled}
            onChange={(event) => onChange({ month, year: Number(event.target.value) })}
            className={selectClass}
          >
            {shownYears.map((item) => (
              <option key={item} value={item}>
                {item}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </fieldset>
  );
}
