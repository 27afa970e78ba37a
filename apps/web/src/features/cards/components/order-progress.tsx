import type { TCardOrder } from '@tasbiq/contracts/cards';
import type { ReactNode } from 'react';
import { MessageBox } from '../../../components/ui/message-box.tsx';

const STEP_LABELS: Record<TCardOrder['step'], string> = {
  queued: 'En attente de vérification…',
  front: 'Lecture du recto de votre CIN…',
  back: 'Lecture du verso de votre CIN…',
  checks: 'Vérification des informations…',
  done: 'Vérification terminée',
};

/**
 * The CIN check as it runs on the server (polled), then its outcome in French. `whenRefused` says
 * how to go on after a refusal (the /card screen shows the form again below; the onboarding link
 * is spent, so it says what to do instead).
 */
export function OrderProgress({ order, whenRefused }: { order: TCardOrder; whenRefused?: ReactNode }) {
  if (order.status === 'refused')
    return (
      <MessageBox severity="danger" title="Votre commande n’a pas pu être acceptée">
        <p>{order.error_detail ?? 'La vérification de votre CIN a échoué.'}</p>
        {order.hint ? <p className="mt-1">{order.hint}</p> : null}
        {whenRefused ?? <p className="mt-1">Vous pouvez corriger et recommencer ci-dessous.</p>}
      </MessageBox>
    );
  const percent = Math.round(order.progress * 100);
  return (
    <div className="rounded-2xl bg-white p-4 ring-1 ring-gray-200" aria-live="polite">
      <p className="text-sm font-medium text-gray-900">{STEP_LABELS[order.step]}</p>
      <div
        className="mt-3 h-2 overflow-hidden rounded-full bg-gray-200"
        role="progressbar"
        aria-label="Vérification de votre CIN"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="mt-2 text-xs text-gray-600">
        Cela prend quelques secondes. Vous pouvez rester sur cette page.
      </p>
    </div>
  );
}
