import { IconEdit, IconPlus, IconRoute, IconTrash } from '@tabler/icons-react';
import type { TTravelPolicy } from '@tasbiq/contracts/expense-policy';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadErrorState } from '../../../components/ui/load-error-state.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatMoney } from '../../../lib/format/money.ts';
import { useTravelPoliciesQuery } from '../api/get-travel-policies.ts';
import { routeLabel } from '../policy-labels.ts';
import { DeleteTravelPolicyDialog } from './delete-travel-policy-dialog.tsx';
import { TravelPolicyDialog } from './travel-policy-dialog.tsx';

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; policy: TTravelPolicy }
  | { kind: 'delete'; policy: TTravelPolicy }
  | null;

/** Ceilings per route (departure → arrival, either "any"): list, add, edit, delete. */
export function TravelPoliciesSection({
  limit,
  onNotice,
}: {
  limit: number;
  onNotice: (text: string, takesFocus?: boolean) => void;
}) {
  const [offset, setOffset] = useState(0);
  const [dialog, setDialog] = useState<Dialog>(null);
  const policies = useTravelPoliciesQuery({ limit, offset });
  const page = policies.data;
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };
  const addButton = (
    <Button
      variant="secondary"
      size="sm"
      label="Ajouter un trajet"
      icon={<IconPlus aria-hidden="true" />}
      iconPosition="left"
      onClick={() => setDialog({ kind: 'add' })}
    />
  );

  let body: ReactNode;
  if (policies.isPending) body = <Spinner isBlock label="Chargement des politiques de déplacement" />;
  else if (policies.isError)
    body = (
      <LoadErrorState
        title="Les politiques de déplacement n'ont pas pu être chargées."
        error={policies.error}
        onRetry={() => policies.refetch()}
      />
    );
  else if (page && page.count === 0)
    body = (
      <EmptyState
        icon={<IconRoute aria-hidden="true" />}
        title="Aucune politique de déplacement."
        description="Sans plafond par trajet, seul le plafond d'avance du groupe limite les ordres de mission."
      />
    );
  else if (page)
    body = (
      <ul className="divide-y divide-gray-100" aria-label="Politiques de déplacement">
        {page.results.map((policy) => {
          const route = routeLabel(policy.departure_city_name, policy.arrival_city_name);
          return (
            <li
              key={policy.id}
              className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <p className="min-w-0 font-medium text-gray-900">{route}</p>
              <div className="flex shrink-0 flex-wrap items-center gap-2">
                <span className="mr-2 font-semibold tabular-nums text-gray-900">
                  {formatMoney(policy.ceiling)}
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  label="Modifier"
                  icon={<IconEdit aria-hidden="true" />}
                  iconPosition="left"
                  aria-label={`Modifier le trajet ${route}`}
                  onClick={() => setDialog({ kind: 'edit', policy })}
                />
                <Button
                  variant="secondary"
                  size="sm"
                  label="Supprimer"
                  icon={<IconTrash aria-hidden="true" />}
                  iconPosition="left"
                  aria-label={`Supprimer le trajet ${route}`}
                  className="text-red-700 ring-red-200 hover:bg-red-50"
                  onClick={() => setDialog({ kind: 'delete', policy })}
                />
              </div>
            </li>
          );
        })}
      </ul>
    );

  return (
    <section aria-labelledby="travel-policies-title" className="rounded-2xl bg-white ring-1 ring-gray-200">
      <header className="flex flex-col gap-2 border-b border-gray-100 px-4 py-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id="travel-policies-title" className="font-semibold text-gray-900">
            Politiques de déplacement
          </h2>
          <p className="text-sm text-gray-600">
            Un plafond par trajet ; le plus précis s'applique (les deux villes, puis une seule, puis toutes).
            L'avance d'un ordre de mission ne dépasse ni ce plafond ni celui du groupe.
          </p>
        </div>
        <div className="shrink-0">{addButton}</div>
      </header>
      <div aria-busy={policies.isFetching}>{body}</div>
      {page ? (
        <Pagination
          className="px-4 pb-3"
          label="Pagination des politiques de déplacement"
          count={page.count}
          limit={limit}
          offset={offset}
          onOffsetChange={setOffset}
          isFetching={policies.isFetching}
        />
      ) : null}
      {dialog?.kind === 'add' ? (
        <TravelPolicyDialog
          onOpenChange={close}
          onSaved={(policy) => {
            setDialog(null);
            onNotice(
              `Le trajet ${routeLabel(policy.departure_city_name, policy.arrival_city_name)} a été ajouté.`,
            );
          }}
        />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <TravelPolicyDialog
          policy={dialog.policy}
          onOpenChange={close}
          onSaved={(policy) => {
            setDialog(null);
            onNotice(
              `Le trajet ${routeLabel(policy.departure_city_name, policy.arrival_city_name)} a été modifié.`,
            );
          }}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteTravelPolicyDialog
          policy={dialog.policy}
          onOpenChange={close}
          onDeleted={(policy) => {
            setDialog(null);
            onNotice(
              `Le trajet ${routeLabel(policy.departure_city_name, policy.arrival_city_name)} a été supprimé.`,
              true,
            );
            if (page && page.results.length === 1 && offset > 0) setOffset(Math.max(0, offset - limit));
          }}
        />
      ) : null}
    </section>
  );
}
