import { formatMoney } from '../../../lib/format/money.ts';
import { useSoldeQuery } from '../api/get-solde.ts';

/** "Gagné ce mois-ci": shown only once the amount is known; an error simply leaves it out. */
export function EarnedThisMonth() {
  const solde = useSoldeQuery();
  if (solde.data === undefined || solde.data === null) return null;
  return (
    <section aria-labelledby="earned-title" className="rounded-2xl bg-brand-700 p-5 text-white shadow-sm">
      <h2 id="earned-title" className="text-sm font-medium text-white/80">
        Gagné ce mois-ci
      </h2>
      <p className="mt-1 text-3xl font-bold tabular-nums">{formatMoney(solde.data)}</p>
    </section>
  );
}
