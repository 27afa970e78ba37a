import { IconCheck } from '@tabler/icons-react';
import type { TCardStatus } from '@tasbiq/contracts/money';

const STEPS: Array<{ label: string; reached: readonly TCardStatus[] }> = [
  {
    label: 'Commandée',
    reached: ['ordered', 'assigned', 'delivered', 'receipt_confirmed', 'active', 'blocked'],
  },
  { label: 'Livrée', reached: ['delivered', 'receipt_confirmed', 'active', 'blocked'] },
  { label: 'Réception confirmée', reached: ['receipt_confirmed', 'active', 'blocked'] },
  { label: 'Contrat signé', reached: ['active', 'blocked'] },
];

/** Where the card stands in its life (spec §4), as an ordered list of steps. */
export function CardSteps({ status }: { status: TCardStatus }) {
  return (
    <ol className="grid grid-cols-4 gap-2" aria-label="Étapes de votre carte">
      {STEPS.map((step) => {
        const done = step.reached.includes(status);
        return (
          <li key={step.label} className="flex flex-col items-center gap-1 text-center">
            <span
              className={`flex size-7 items-center justify-center rounded-full text-xs font-semibold ${
                done ? 'bg-brand-600 text-white' : 'bg-gray-200 text-gray-700'
              }`}
              aria-hidden="true"
            >
              {done ? <IconCheck className="size-4" /> : null}
            </span>
            <span className={`text-xs ${done ? 'font-medium text-gray-900' : 'text-gray-600'}`}>
              {step.label}
              <span className="sr-only">{done ? ' : fait' : ' : à venir'}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
