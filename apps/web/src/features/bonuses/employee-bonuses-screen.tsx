import {
  BONUS_PAYMENT_STATUS_LABELS_FR,
  type TBonusPaymentStatus,
  type TBonusTransaction,
} from '@tasbiq/contracts/bonuses';
import { PAYOUT_METHOD_LABELS_FR } from '@tasbiq/contracts/money';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge, type BadgeTone } from '../../components/ui/badge.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadErrorState } from '../../components/ui/load-error-state.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cx } from '../../lib/cx.ts';
import { formatDateTime } from '../../lib/format/date-time.ts';
import { formatMoney } from '../../lib/format/money.ts';
import { readIntParam } from '../../lib/url/read-param.ts';
import { HISTORY_ITEM_PARAM } from '../shared/history-link.ts';
import { revealedItemClass, useRevealedItem } from '../shared/use-revealed-item.ts';
import {
  useMarkBonusSeenMutation,
  useOwnBonusesQuery,
  useUnseenBonusesQuery,
} from './api/employee-bonuses.ts';
import { BonusCelebration } from './components/bonus-celebration.tsx';

const PAGE = 20;
const TONES: Partial<Record<TBonusPaymentStatus, BadgeTone>> = {
  confirmed: 'info',
  processing: 'info',
  executed: 'success',
  failed: 'danger',
};

/** One bonus; `isLinked`: the one a notification opened (highlighted, scrolled to, focused). */
function BonusItem({ bonus, isLinked }: { bonus: TBonusTransaction; isLinked: boolean }) {
  const ref = useRevealedItem<HTMLLIElement>(isLinked);
  return (
    <li
      ref={ref}
      aria-current={isLinked ? 'true' : undefined}
      tabIndex={isLinked ? -1 : undefined}
      className={cx(
        'grid grid-cols-[1fr_auto] items-start gap-x-3 gap-y-1 px-4 py-3 sm:px-6',
        isLinked && revealedItemClass,
      )}
    >
      <p className="min-w-0 truncate font-medium text-gray-900">{bonus.bonus.display_title}</p>
      <p className="text-right font-semibold whitespace-nowrap text-gray-900 tabular-nums">
        {formatMoney(bonus.amount)}
      </p>
      <p className="min-w-0 text-sm text-gray-600">
        <time dateTime={bonus.paid ?? bonus.created}>{formatDateTime(bonus.paid ?? bonus.created)}</time>
        {bonus.payout_method ? ` · ${PAYOUT_METHOD_LABELS_FR[bonus.payout_method]}` : ''}
        {bonus.failure_reason ? ` · ${bonus.failure_reason}` : ''}
      </p>
      <Badge tone={TONES[bonus.status] ?? 'neutral'} className="justify-self-end">
        {BONUS_PAYMENT_STATUS_LABELS_FR[bonus.status]}
      </Badge>
    </li>
  );
}

/**
 * /bonuses: the employee's bonuses and baskets; a bonus paid since the last visit is celebrated
 * first. `?item=` (a notification's link) highlights that bonus.
 */
export function EmployeeBonusesScreen() {
  const [params] = useSearchParams();
  const linkedId = readIntParam(params.get(HISTORY_ITEM_PARAM), 1, Number.MAX_SAFE_INTEGER) ?? null;
  const [offset, setOffset] = useState(0);
  const bonuses = useOwnBonusesQuery({ limit: PAGE, offset });
  const unseen = useUnseenBonusesQuery();
  const markSeen = useMarkBonusSeenMutation();
  const [celebrated, setCelebrated] = useState<Set<number>>(() => new Set());
  const next = unseen.data?.find((b) => !celebrated.has(b.id));

  let body: ReactNode;
  if (bonuses.isPending) body = <Spinner isBlock label="Chargement de vos primes" />;
  else if (bonuses.isError)
    body = (
      <LoadErrorState
        title="Vos primes n'ont pas pu être chargées."
        error={bonuses.error}
        onRetry={() => bonuses.refetch()}
      />
    );
  else if (bonuses.data.count === 0)
    body = (
      <EmptyState
        title="Aucune prime pour le moment."
        description="Les primes et paniers que votre employeur vous verse apparaîtront ici."
      />
    );
  else
    body = (
      <ul aria-label="Mes primes" className="divide-y divide-gray-100">
        {bonuses.data.results.map((bonus) => (
          <BonusItem key={bonus.id} bonus={bonus} isLinked={bonus.id === linkedId} />
        ))}
      </ul>
    );

  return (
    <div className="flex flex-col gap-4">
      <PageTitle title="Primes et paniers" subtitle="Les primes versées par votre employeur" />
      <section
        aria-label="Mes primes"
        aria-busy={bonuses.isFetching}
        className="rounded-2xl bg-white ring-1 ring-gray-200"
      >
        {body}
      </section>
      {bonuses.data ? (
        <Pagination
          label="Pagination de mes primes"
          count={bonuses.data.count}
          limit={PAGE}
          offset={offset}
          onOffsetChange={setOffset}
          isFetching={bonuses.isFetching}
        />
      ) : null}
      {next ? (
        <BonusCelebration
          key={next.id}
          bonus={next}
          onDone={() => {
            setCelebrated((current) => new Set(current).add(next.id));
            markSeen.mutate(next.id);
          }}
        />
      ) : null}
    </div>
  );
}
