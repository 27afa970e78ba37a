import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadErrorState } from '../../components/ui/load-error-state.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatCount } from '../../lib/format/count.ts';
import { useReadySession } from '../session/ready-session.tsx';
import { useBonusesQuery } from './api/list-bonuses.ts';
import { BonusFilters } from './components/bonus-filters.tsx';
import { BonusList } from './components/bonus-list.tsx';
import { apiParamsOf, NO_BONUS_FILTERS, useBonusFilters } from './use-bonus-filters.ts';

/** /rh/bonuses: the company's bonuses, newest first, filtered and paginated. */
export function BonusesScreen() {
  const { settings } = useReadySession();
  const limit = settings.items_per_page;
  const { filters, update } = useBonusFilters();
  const bonuses = useBonusesQuery(apiParamsOf(filters, limit));
  const hasFilters = Boolean(
    filters.status || filters.type || filters.title || filters.recurrence_type || filters.search,
  );
  const page = bonuses.data;

  let body: ReactNode;
  if (bonuses.isPending) body = <Spinner isBlock label="Chargement des primes" />;
  else if (bonuses.isError)
    body = (
      <LoadErrorState
        title="Les primes n'ont pas pu être chargées."
        error={bonuses.error}
        onRetry={() => bonuses.refetch()}
      />
    );
  else if (bonuses.data.count === 0)
    body = hasFilters ? (
      <EmptyState
        title="Aucune prime ne correspond à ces critères."
        action={
          <Button
            variant="secondary"
            label="Effacer les filtres"
            onClick={() => update({ ...NO_BONUS_FILTERS })}
          />
        }
      />
    ) : (
      <EmptyState
        title="Aucune prime pour le moment."
        description="Versez une prime ou un panier à un salarié, un groupe ou toute la société."
        action={
          <Button
            to="/rh/bonuses/add"
            label="Nouvelle prime"
            icon={<IconPlus aria-hidden="true" />}
            iconPosition="left"
          />
        }
      />
    );
  else body = <BonusList bonuses={bonuses.data.results} />;

  return (
    <div className="flex flex-col gap-4">
      <PageTitle
        title="Primes et paniers"
        subtitle={
          page
            ? formatCount(page.count, 'prime', 'primes', 'Aucune prime')
            : 'Primes individuelles et collectives'
        }
        actions={
          <Button
            to="/rh/bonuses/add"
            label="Nouvelle prime"
            icon={<IconPlus aria-hidden="true" />}
            iconPosition="left"
          />
        }
      />
      <div className="rounded-2xl bg-white p-4 ring-1 ring-gray-200">
        <BonusFilters filters={filters} onChange={update} />
      </div>
      <section
        aria-label="Liste des primes"
        aria-busy={bonuses.isFetching}
        className="rounded-2xl bg-white ring-1 ring-gray-200"
      >
        {body}
      </section>
      {page ? (
        <Pagination
          label="Pagination des primes"
          count={page.count}
          limit={limit}
          offset={filters.offset}
          onOffsetChange={(offset) => update({ offset: offset > 0 ? String(offset) : '' })}
          isFetching={bonuses.isFetching}
        />
      ) : null}
    </div>
  );
}
