import type { TAdvanceSimulation } from '@tasbiq/contracts/advances';
import { SummaryList } from '../../../components/ui/summary-list.tsx';
import { formatMoney } from '../../../lib/format/money.ts';

/** Amount, fee, total drawn and what remains after: the simulation, or the confirmation's summary. */
export function SimulationDetails({ simulation, label }: { simulation: TAdvanceSimulation; label: string }) {
  const rows: Array<[string, string]> = [
    ['Montant demandé', formatMoney(simulation.amount)],
    ['Frais', simulation.free || Number(simulation.fees) === 0 ? 'Gratuit' : formatMoney(simulation.fees)],
    ['Total déduit de votre solde', formatMoney(simulation.total)],
  ];
  // A refused request leaves the balance as it is: "remaining after" would only mislead.
  if (simulation.error_code === null)
    rows.push(['Solde restant après la demande', formatMoney(simulation.available_after)]);
  return (
    // A named group: a <dl> may not carry a name itself (no role of it allows one).
    // biome-ignore lint/a11y/useSemanticElements: <fieldset> is for form controls; these are read-only figures.
    <div role="group" aria-label={label}>
      <SummaryList rows={rows} />
    </div>
  );
}
