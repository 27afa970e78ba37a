import type { TEmployeeSolde } from '@tasbiq/contracts/advances';
import { formatMoney } from '../../../lib/format/money.ts';

function plural(count: number, singular: string, pluralForm: string): string {
  return `${count} ${count > 1 ? pluralForm : singular}`;
}

/** The fee of the next advance, in words: free while free advances remain. */
export function nextFeeText(solde: TEmployeeSolde): string {
  return Number(solde.next_fee) > 0 ? formatMoney(solde.next_fee) : 'Gratuite';
}

/** Available balance, requests left this month, free advances left and the next fee. */
export function AdvanceSoldeSummary({ solde }: { solde: TEmployeeSolde }) {
  return (
    <section aria-label="Mon solde" className="rounded-2xl bg-brand-700 p-5 text-white shadow-sm">
      <dl>
        <dt className="text-sm font-medium text-white/80">Solde disponible</dt>
        <dd className="mt-1 text-3xl font-bold tabular-nums">{formatMoney(solde.balance)}</dd>
      </dl>
      <dl className="mt-4 grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        <div className="flex justify-between gap-2 sm:flex-col sm:justify-start">
          <dt className="text-white/80">Demandes restantes ce mois-ci</dt>
          <dd className="font-semibold">
            {solde.requests_left === null ? 'Illimité' : String(solde.requests_left)}
          </dd>
        </div>
        <div className="flex justify-between gap-2 sm:flex-col sm:justify-start">
          <dt className="text-white/80">Avances gratuites restantes</dt>
          <dd className="font-semibold">
            {solde.free_advances_left === null
              ? 'Illimité'
              : solde.free_advances_left === 0
                ? 'Aucune'
                : plural(solde.free_advances_left, 'avance', 'avances')}
          </dd>
        </div>
        <div className="flex justify-between gap-2 sm:flex-col sm:justify-start">
          <dt className="text-white/80">Frais de la prochaine avance</dt>
          <dd className="font-semibold tabular-nums">{nextFeeText(solde)}</dd>
        </div>
      </dl>
    </section>
  );
}
