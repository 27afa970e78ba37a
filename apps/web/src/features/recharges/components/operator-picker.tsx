import { TELECOM_OPERATOR_LABELS, TELECOM_OPERATORS, type TTelecomOperator } from '@tasbiq/contracts/money';
import { ChoiceCard } from './choice-card.tsx';

export function OperatorPicker({
  value,
  onChange,
}: {
  value: TTelecomOperator;
  onChange: (operator: TTelecomOperator) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-gray-800">Opérateur</legend>
      <div className="grid grid-cols-3 gap-2">
        {TELECOM_OPERATORS.map((operator) => (
          <ChoiceCard
            key={operator}
            name="operator"
            value={operator}
            checked={value === operator}
            onChange={() => onChange(operator)}
            className="justify-center px-2 sm:justify-start"
          >
            <span className="text-sm font-semibold text-gray-900">{TELECOM_OPERATOR_LABELS[operator]}</span>
          </ChoiceCard>
        ))}
      </div>
    </fieldset>
  );
}
