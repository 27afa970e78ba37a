import { IconArrowRight } from '@tabler/icons-react';
import { BONUS_TYPE_LABELS_FR } from '@tasbiq/contracts/bonus-labels';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadErrorState } from '../../../components/ui/load-error-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatCount } from '../../../lib/format/count.ts';
import { formatMoney } from '../../../lib/format/money.ts';
import { formatRelativeTime } from '../../../lib/format/relative-time.ts';
import { BonusStatusBadge } from '../../shared/components/bonus-status-badge.tsx';
import { useLatestBonusesQuery } from '../api/get-latest-bonuses.ts';

const linkClass =
  'inline-flex items-center gap-1 rounded-lg text-sm font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** Spec §9: the dashboard's last 3 bonuses, each opening its details. */
export function LastBonuses() {
  const bonuses = useLatestBonusesQuery();

  let body: ReactNode;
  if (bonuses.isPending) body = <Spinner isBlock label="Chargement des dernières primes" />;
  else if (bonuses.isError)
    body = (
      <LoadErrorState
        title="Les dernières primes n'ont pas pu être chargées."
        error={bonuses.error}
        onRetry={() => bonuses.refetch()}
      />
    );
  else if (bonuses.data.length === 0)
    body = (
      <EmptyState
        title="Aucune prime pour le moment."
        description="Les primes et paniers que vous créez apparaîtront ici."
      />
    );
  else
    body = (
      <ul aria-label="Dernières primes" className="divide-y divide-gray-100">
        {bonuses.data.map((bonus) => (
          <li
            key={bonus.id}
            className="grid grid-cols-[1fr_auto] items-start gap-x-3 gap-y-1 px-4 py-3 sm:px-6"
          >
            <Link to={`/rh/bonuses/${bonus.id}`} className={`${linkClass} min-w-0 truncate text-gray-900`}>
              {bonus.display_title}
            </Link>
            <p className="text-right font-medium whitespace-nowrap text-gray-900 tabular-nums">
              {formatMoney(bonus.total_amount)}
            </p>
            <p className="min-w-0 text-sm text-gray-600">
              {BONUS_TYPE_LABELS_FR[bonus.type]} ·{' '}
              {formatCount(bonus.beneficiaries_count, 'bénéficiaire', 'bénéficiaires')} ·{' '}
              <time dateTime={bonus.created}>{formatRelativeTime(bonus.created)}</time>
            </p>
            <BonusStatusBadge status={bonus.status} className="justify-self-end" />
          </li>
        ))}
      </ul>
    );

  return (
    <section
      aria-labelledby="last-bonuses-title"
      aria-busy={bonuses.isFetching}
      className="rounded-2xl bg-white ring-1 ring-gray-200"
    >
      <div className="flex items-center justify-between gap-3 px-4 pt-4 sm:px-6">
        <h2 id="last-bonuses-title" className="text-base font-semibold text-gray-900">
          Dernières primes
        </h2>
        <Link to="/rh/bonuses" className={linkClass}>
          Toutes les primes
          <IconArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      {body}
    </section>
  );
}
