import { IconTrash } from '@tabler/icons-react';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { employeeLabel } from './employee-search-picker.tsx';

export type AmountLine = {
  employee: { id: number; first_name: string; last_name: string; serial: string | null };
  amount: string;
};

/** The individual amounts, one line per employee, each editable and removable. */
export function AmountLines({
  lines,
  errors,
  onChange,
}: {
  lines: AmountLine[];
  errors: Record<string, string>;
  onChange: (lines: AmountLine[]) => void;
}) {
  if (lines.length === 0) return <p className="text-sm text-gray-600">Aucun bénéficiaire pour le moment.</p>;
  return (
    <ul aria-label="Montants par salarié" className="flex max-h-96 flex-col gap-2 overflow-y-auto">
      {lines.map((line, index) => (
        <li
          key={line.employee.id}
          className="flex flex-wrap items-end gap-2 rounded-xl p-2 ring-1 ring-gray-200"
        >
          <span className="min-w-0 flex-1 basis-40 truncate pb-2.5 text-sm text-gray-900">
            {employeeLabel(line.employee)}
          </span>
          <FormField
            label={`Montant (DH) pour ${employeeLabel(line.employee)}`}
            className="w-36 [&_label]:sr-only"
            inputMode="numeric"
            value={line.amount}
            error={errors[`amounts.${index}.amount`] ?? errors[`amounts.${index}.employee`]}
            onChange={(event) =>
              onChange(lines.map((l, i) => (i === index ? { ...l, amount: event.target.value } : l)))
            }
          />
          <Button
            variant="tertiary"
            size="sm"
            icon={<IconTrash aria-hidden="true" />}
            aria-label={`Retirer ${employeeLabel(line.employee)}`}
            onClick={() => onChange(lines.filter((_, i) => i !== index))}
          />
        </li>
      ))}
    </ul>
  );
}
