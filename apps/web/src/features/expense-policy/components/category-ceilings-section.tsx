import { IconAdjustmentsDollar, IconEdit } from '@tabler/icons-react';
import { POLICY_ITEMS_PAGE_SIZE, type TPolicyItem } from '@tasbiq/contracts/expenses';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadErrorState } from '../../../components/ui/load-error-state.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatMoney } from '../../../lib/format/money.ts';
import { CategoryIcon } from '../../expenses/components/category-icon.tsx';
import { useAdvanceLimitsQuery } from '../api/get-advance-limits.ts';
import { usePolicyItemsQuery } from '../api/get-policy-items.ts';
import { UNGROUPED_LABEL, UNGROUPED_SEGMENT } from '../policy-labels.ts';

export const UNLIMITED_LABEL = 'Illimité';

type Block = { group: number | null; name: string; items: TPolicyItem[] };

/** The page's items, one block per group in the API's order (the ungrouped first, then by name). */
function blocksOf(items: TPolicyItem[]): Block[] {
  const blocks: Block[] = [];
  for (const item of items) {
    const group = item.group?.id ?? null;
    const last = blocks.at(-1);
    if (last && last.group === group) last.items.push(item);
    else blocks.push({ group, name: item.group?.name ?? UNGROUPED_LABEL, items: [item] });
  }
  return blocks;
}

/**
 * « Plafonds par catégorie » (issue 15): per group, each category's ceiling per person and per
 * day (empty: unlimited), 10 items a page like the API. A group's ceilings are edited in its policy
 * form, with its advance limit (the edit form when the group has a limit, else the add form).
 */
export function CategoryCeilingsSection() {
  const [offset, setOffset] = useState(0);
  const items = usePolicyItemsQuery(offset);
  const limits = useAdvanceLimitsQuery();
  const page = items.data;
  const hasLimit = (group: number | null) =>
    limits.data?.some((line) => line.group === group && line.amount !== null) ?? false;
  const segmentOf = (group: number | null) => (group === null ? UNGROUPED_SEGMENT : String(group));
  let body: ReactNode;
  if (items.isPending) body = <Spinner isBlock label="Chargement des plafonds par catégorie" />;
  else if (items.isError)
    body = (
      <LoadErrorState
        title="Les plafonds par catégorie n'ont pas pu être chargés."
        error={items.error}
        onRetry={() => items.refetch()}
      />
    );
  else if (page && page.count === 0)
    body = (
      <EmptyState
        icon={<IconAdjustmentsDollar aria-hidden="true" />}
        title="Aucun plafond par catégorie pour le moment."
        description="Toutes les dépenses sont remboursées sans plafond. Définissez-les dans la politique d'un groupe."
      />
    );
  else if (page)
    body = (
      <ul className="flex flex-col gap-3 p-4" aria-label="Plafonds par catégorie et par groupe">
        {blocksOf(page.results).map((block) => (
          <li key={block.group ?? 'ungrouped'} className="rounded-xl ring-1 ring-gray-200">
            <div className="flex flex-col gap-2 border-b border-gray-100 px-3 py-2 sm:flex-row sm:items-center sm:justify-between">
              <h3 className="min-w-0 truncate font-medium text-gray-900">{block.name}</h3>
              <Button
                variant="secondary"
                size="sm"
                label="Modifier"
                icon={<IconEdit aria-hidden="true" />}
                iconPosition="left"
                aria-label={`Modifier les plafonds par catégorie de ${block.name}`}
                to={
                  hasLimit(block.group)
                    ? `/rh/policy/${segmentOf(block.group)}/edit`
                    : `/rh/policy/add?group=${segmentOf(block.group)}`
                }
              />
            </div>
            <dl className="grid grid-cols-1 gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
              {block.items.map((item) => (
                <div key={item.id} className="flex items-center justify-between gap-3 px-3 py-2">
                  <dt className="flex min-w-0 items-center gap-2 text-sm text-gray-700">
                    <CategoryIcon category={item.category} className="size-5 shrink-0 text-gray-500" />
                    <span className="truncate">{item.category_label}</span>
                  </dt>
                  <dd className="shrink-0 text-right text-sm tabular-nums">
                    {item.ceiling === null ? (
                      <span className="text-gray-600">{UNLIMITED_LABEL}</span>
                    ) : (
                      <span className="font-semibold text-gray-900">
                        {formatMoney(item.ceiling)}
                        <span className="font-normal text-gray-600"> / jour</span>
                      </span>
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    );
  return (
    <section aria-labelledby="category-ceilings-title" className="rounded-2xl bg-white ring-1 ring-gray-200">
      <header className="border-b border-gray-100 px-4 py-3">
        <h2 id="category-ceilings-title" className="font-semibold text-gray-900">
          Plafonds par catégorie
        </h2>
        <p className="text-sm text-gray-600">
          Le plus remboursé par personne et par jour pour chaque catégorie de dépense, par groupe. Vide :
          illimité.
        </p>
      </header>
      <div aria-busy={items.isFetching}>{body}</div>
      {page ? (
        <Pagination
          className="px-4 pb-3"
          label="Pagination des plafonds par catégorie"
          count={page.count}
          limit={POLICY_ITEMS_PAGE_SIZE}
          offset={offset}
          onOffsetChange={setOffset}
          isFetching={items.isFetching}
        />
      ) : null}
    </section>
  );
}
