import { IconBuildingBank, IconCreditCard } from '@tabler/icons-react';
import { PAYOUT_METHOD_LABELS_FR, type TPayoutMethod } from '@tasbiq/contracts/money';
import type { ComponentType } from 'react';
import { cx } from '../../../lib/cx.ts';

const DESCRIPTIONS: Record<TPayoutMethod, string> = {
  card: 'Versement immédiat sur votre carte',
  rib: 'Virement sur votre compte bancaire sous 48 heures',
};
const ICONS: Record<TPayoutMethod, ComponentType<{ className?: string; 'aria-hidden'?: 'true' }>> = {
  card: IconCreditCard,
  rib: IconBuildingBank,
};

/** Native radios styled as cards: arrow keys, labels and the checked state come for free. */
export function PayoutMethodPicker({
  methods,
  value,
  onChange,
  disabled,
}: {
  methods: readonly TPayoutMethod[];
  value: TPayoutMethod;
  onChange: (method: TPayoutMethod) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium text-gray-800">
        Où souhaitez-vous recevoir votre avance ?
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {methods.map((method) => {
          const Icon = ICONS[method];
          const checked = value === method;
          return (
            <label
              key={method}
              className={cx(
                'flex cursor-pointer items-start gap-3 rounded-xl bg-white p-4 ring-1 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
                checked ? 'ring-2 ring-brand-600' : 'ring-gray-300 hover:bg-gray-50',
                disabled && 'cursor-not-allowed opacity-60',
              )}
            >
              <input
                type="radio"
                name="payout_method"
                value={method}
                checked={checked}
                disabled={disabled}
                onChange={() => onChange(method)}
                className="mt-1 size-4 accent-brand-600"
              />
              <span className="flex min-w-0 flex-col gap-0.5">
                <span className="flex items-center gap-2 font-semibold text-gray-900">
                  <Icon aria-hidden="true" className="size-5 text-brand-700" />
                  {PAYOUT_METHOD_LABELS_FR[method]}
                </span>
                <span className="text-sm text-gray-600">{DESCRIPTIONS[method]}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
