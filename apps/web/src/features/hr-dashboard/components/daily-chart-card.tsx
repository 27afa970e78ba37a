import { type ComponentProps, type ReactNode, useId } from 'react';
import { InlineLoadError } from '../../../components/ui/load-error-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatMoney } from '../../../lib/format/money.ts';
import { type DailySeries, useDailyStatsQuery } from '../api/get-daily-stats.ts';
import { ChartErrorBoundary } from './chart-error-boundary.tsx';
import { toChartPoints, totalsOf } from './chart-points.ts';
// A few plain elements (no chart library): drawn with the card, no chunk of its own to wait for.
import DailyBarChart from './daily-bar-chart.tsx';

type SeriesText = {
  title: string;
  /** "3 avances" / "1 recharge". */
  unit: (count: number) => string;
  empty: string;
  color: string;
};

const TEXTS: Record<DailySeries, SeriesText> = {
  advances: {
    title: 'Avances par jour',
    unit: (count) => (count <= 1 ? `${count} avance` : `${count} avances`),
    empty: 'Aucune avance sur la période.',
    color: '#1f786d',
  },
  recharges: {
    title: 'Recharges par jour',
    unit: (count) => (count <= 1 ? `${count} recharge` : `${count} recharges`),
    empty: 'Aucune recharge sur la période.',
    color: '#0369a1',
  },
};

/** The chart is a picture of the table below it: assistive technologies read the table instead. */
function ChartArea(props: ComponentProps<typeof DailyBarChart>) {
  return (
    <div aria-hidden="true" className="h-56 w-full sm:h-64" data-testid="daily-chart">
      <ChartErrorBoundary
        fallback={
          <p className="flex h-full items-center justify-center text-sm text-gray-600">
            Le graphique n'a pas pu être affiché.
          </p>
        }
      >
        <DailyBarChart {...props} />
      </ChartErrorBoundary>
    </div>
  );
}

/** One daily series (advances or top-ups): a summary line, the bar chart, and its data as a table. */
export function DailyChartCard({ series }: { series: DailySeries }) {
  const text = TEXTS[series];
  const titleId = useId();
  const stats = useDailyStatsQuery(series);

  let body: ReactNode;
  if (stats.isPending) body = <Spinner isBlock label={`Chargement : ${text.title.toLowerCase()}`} />;
  else if (stats.isError)
    body = (
      <InlineLoadError
        className="py-6"
        message="Les données n'ont pas pu être chargées."
        error={stats.error}
        onRetry={() => stats.refetch()}
      />
    );
  else {
    const days = stats.data;
    const totals = totalsOf(days);
    const first = toChartPoints(days.slice(0, 1))[0];
    const last = toChartPoints(days.slice(-1))[0];
    const span = first && last ? `du ${first.label} au ${last.label}` : '';
    if (totals.count === 0)
      body = (
        <p className="py-10 text-center text-sm text-gray-600">
          {text.empty} {span ? <span className="block text-xs text-gray-500">{span}</span> : null}
        </p>
      );
    else {
      const points = toChartPoints(days);
      body = (
        <>
          <p className="text-sm text-gray-700">
            {text.unit(totals.count)} pour{' '}
            <strong className="font-semibold text-gray-900">{formatMoney(totals.amount)}</strong> {span}
          </p>
          <ChartArea points={points} unitLabel={text.unit} color={text.color} />
          {/* sr-only on the table itself would not hold it to 1px (a table is at least as wide as
              its content) and it would widen the page on phones: the wrapper clips it. */}
          <div className="sr-only">
            <table>
              <caption>{`${text.title}, ${span} (jours sans activité non listés)`}</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Nombre</th>
                  <th scope="col">Montant</th>
                </tr>
              </thead>
              <tbody>
                {points
                  .filter((point) => point.count > 0)
                  .map((point) => (
                    <tr key={point.date}>
                      <th scope="row">{point.label}</th>
                      <td>{point.count}</td>
                      <td>{formatMoney(point.amountText)}</td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </div>
        </>
      );
    }
  }

  return (
    <section
      aria-labelledby={titleId}
      aria-busy={stats.isFetching}
      className="flex min-w-0 flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-gray-200 sm:p-6"
    >
      <h2 id={titleId} className="text-base font-semibold text-gray-900">
        {text.title}
      </h2>
      {body}
    </section>
  );
}
