import { FormField, inputClassName } from '../../../components/ui/form-field.tsx';
import { cx } from '../../../lib/cx.ts';
import { recentYears } from '../../../lib/dates/casablanca-month.ts';
import { MONTHS_FR } from '../../../lib/format/month-names.ts';

type MonthPickerProps = {
  month: number;
  year: number;
  onChange: (period: { month: number; year: number }) => void;
};

const selectClass = cx(inputClassName, 'pr-8');

/** The statement's month: two native selects (the phone's own picker), both always set. */
export function MonthPicker({ month, year, onChange }: MonthPickerProps) {
  const years = recentYears();
  if (!years.includes(year)) years.push(year);
  return (
    <fieldset className="grid grid-cols-2 gap-3">
      <legend className="sr-only">Période</legend>
      <FormField label="Mois">
        {(control) => (
          <select
            {...control}
            value={month}
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
            onChange={(event) => onChange({ month, year: Number(event.target.value) })}
            className={selectClass}
          >
            {years.map((item) => (
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
