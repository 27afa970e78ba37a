import type { THrStats } from '@tasbiq/contracts/stats';
import type { ReactNode } from 'react';
import { InlineLoadError } from '../../../components/ui/load-error-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatCount } from '../../../lib/format/count.ts';
import { formatMoney } from '../../../lib/format/money.ts';
import { ofMonth } from '../../../lib/format/month-names.ts';
import { useHrStatsQuery } from '../api/get-hr-stats.ts';

const numberFr = new Intl.NumberFormat('fr-FR');

type Figure = { label: string; value: string; detail?: string };

function figuresOf(stats: THrStats): Figure[] {
  return [
    { label: 'Salariés actifs', value: numberFr.format(stats.active_employees) },
    {
      label: 'Avances du mois',
      value: formatMoney(stats.advances_amount),
      detail: formatCount(stats.advances_count, 'avance', 'avances'),
    },
    { label: 'Frais des avances', value: formatMoney(stats.fees_amount) },
    {
      label: 'Recharges du mois',
      value: formatMoney(stats.recharges_amount),
      detail: formatCount(stats.recharges_count, 'recharge', 'recharges'),
    },
    // Bills (issue 16): shown once the month has any, so companies without them keep six tiles.
    ...(stats.bills_count > 0
      ? [
          {
            label: 'Factures du mois',
            value: formatMoney(stats.bills_amount),
            detail: formatCount(stats.bills_count, 'facture', 'factures'),
          },
        ]
      : []),
    // Transfers (issue 16), the same way: amount + fee of the transfers collected this month.
    ...(stats.transfers_count > 0
      ? [
          {
            label: 'Transferts du mois',
            value: formatMoney(stats.transfers_amount),
            detail: formatCount(stats.transfers_count, 'transfert', 'transferts'),
          },
        ]
      : []),
    { label: 'Avances en attente', value: numberFr.format(stats.pending_advances) },
    { label: 'Salariés ayant pris une avance', value: numberFr.format(stats.employees_with_advance) },
  ];
}

/** GET /stats/rh: the month's key figures as a grid of tiles (two columns on phones). */
export function KeyFigures() {
  const stats = useHrStatsQuery();

  let body: ReactNode;
  // Room for the tiles (three rows on phones, two from lg) while they load: the charts below do
  // not jump when they come.
  if (stats.isPending)
    body = <Spinner isBlock className="min-h-84 lg:min-h-52" label="Chargement des chiffres clés" />;
  else if (stats.isError)
    body = (
      <InlineLoadError
        className="rounded-2xl bg-white p-4 ring-1 ring-gray-200"
        message="Les chiffres clés n'ont pas pu être chargés."
        error={stats.error}
        onRetry={() => stats.refetch()}
      />
    );
  else
    body = (
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        {figuresOf(stats.data).map((figure) => (
          <div
            key={figure.label}
            className="flex flex-col gap-1 rounded-2xl bg-white p-4 ring-1 ring-gray-200"
          >
            <dt className="text-sm text-gray-600">{figure.label}</dt>
            <dd className="text-xl font-semibold text-gray-900 tabular-nums">
              {figure.value}
              {figure.detail ? (
                <span className="block text-sm font-normal text-gray-600">{figure.detail}</span>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
    );

  return (
    <section aria-labelledby="key-figures-title" aria-busy={stats.isFetching} className="flex flex-col gap-3">
      <h2 id="key-figures-title" className="text-base font-semibold text-gray-900">
        {/* The figures' month as the API counted it (Casablanca time): "de mars 2026", "d’avril 2026". */}
        Chiffres clés {stats.data ? ofMonth(stats.data) : 'du mois'}
      </h2>
      {body}
    </section>
  );
}
