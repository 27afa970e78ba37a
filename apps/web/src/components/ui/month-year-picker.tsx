import { cx } from '../../lib/cx.ts';
import type { YearMonth } from '../../lib/dates/casablanca-month.ts';
import { MONTHS_FR } from '../../lib/format/month-names.ts';
import { SelectField, type SelectOption } from './select-field.tsx';

type MonthYearPickerProps = {
  value: YearMonth;
  /** The years offered, newest first; a `value.year` outside them is offered too. */
  years: readonly number[];
  onChange: (value: YearMonth) => void;
  disabled?: boolean;
  className?: string;
};

const MONTH_OPTIONS: SelectOption[] = MONTHS_FR.map((name, index) => ({
  value: String(index + 1),
  label: name,
}));

/** A month and its year ("Mois", "Année"): two native selects, the phone's own picker; both always set. */
export function MonthYearPicker({ value, years, onChange, disabled, className }: MonthYearPickerProps) {
  const { month, year } = value;
  const shownYears = years.includes(year) ? years : [...years, year];
  return (
    <fieldset className={cx('grid grid-cols-2 gap-3', className)}>
      <legend className="sr-only">Période</legend>
      <SelectField
        label="Mois"
        value={month}
        disabled={disabled}
        onChange={(event) => onChange({ month: Number(event.target.value), year })}
        options={MONTH_OPTIONS}
      />
      <SelectField
        label="Année"
        value={year}
        disabled={disabled}
        onChange={(event) => onChange({ month, year: Number(event.target.value) })}
        options={shownYears.map((item) => ({ value: String(item), label: String(item) }))}
      />
    </fieldset>
  );
}
