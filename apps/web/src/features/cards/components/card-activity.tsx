import { CARD_TRANSACTION_TYPE_LABELS_FR } from '@tasbiq/contracts/cards';
import { useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadErrorState } from '../../../components/ui/load-error-state.tsx';
import { MonthYearPicker } from '../../../components/ui/month-year-picker.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { currentMonth, recentYears, type YearMonth } from '../../../lib/dates/casablanca-month.ts';
import { formatDateTime } from '../../../lib/format/date-time.ts';
import { formatMoney } from '../../../lib/format/money.ts';
import { useCardActivityQuery } from '../api/get-card-activity.ts';

/** The card's balance and one month of credits ('1') and debits ('2'), from the issuer. */
export function CardActivity() {
  const [period, setPeriod] = useState<YearMonth>(() => currentMonth());
  const activity = useCardActivityQuery(period);

  return (
    <section
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-gray-200"
      aria-labelledby="card-activity"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="card-activity" className="text-lg font-semibold text-gray-900">
            Activité de la carte
          </h2>
          {activity.data ? (
            <p className="text-sm text-gray-700">
              Solde : <strong className="text-gray-900">{formatMoney(activity.data.balance)}</strong>
            </p>
          ) : null}
        </div>
        <MonthYearPicker value={period} years={recentYears()} onChange={setPeriod} />
      </div>
      {activity.isPending ? (
        <Spinner isBlock label="Chargement de l’activité" />
      ) : activity.isError ? (
        <LoadErrorState
          title="L’activité de la carte n’a pas pu être chargée."
          error={activity.error}
          onRetry={() => activity.refetch()}
        />
      ) : activity.data.results.length === 0 ? (
        <EmptyState title="Aucune opération ce mois-ci" />
      ) : (
        <>
          <p className="text-sm text-gray-700">
            Crédits : {formatMoney(activity.data.total_credit)} · Débits :{' '}
            {formatMoney(activity.data.total_debit)}
          </p>
          <ul className="divide-y divide-gray-100">
            {activity.data.results.map((movement) => (
              <li key={movement.id} className="flex items-center justify-between gap-3 py-2">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-gray-900">{movement.label}</p>
                  <p className="text-xs text-gray-600">
                    {CARD_TRANSACTION_TYPE_LABELS_FR[movement.type]} · {formatDateTime(movement.created)}
                  </p>
                </div>
                <p
                  className={`shrink-0 text-sm font-semibold ${movement.type === '1' ? 'text-green-700' : 'text-gray-900'}`}
                >
                  {movement.type === '1' ? '+' : '−'}
                  {formatMoney(movement.amount)}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
