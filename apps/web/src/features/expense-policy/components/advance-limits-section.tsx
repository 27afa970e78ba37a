import { IconEdit, IconPlus } from '@tabler/icons-react';
import { Button } from '../../../components/ui/button.tsx';
import { LoadErrorState } from '../../../components/ui/load-error-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatCount } from '../../../lib/format/count.ts';
import { formatMoney } from '../../../lib/format/money.ts';
import { useAdvanceLimitsQuery } from '../api/get-advance-limits.ts';
import { limitName, limitSegment } from '../policy-labels.ts';

/** The advance limits of mission orders: the ungrouped employees, then each group. */
export function AdvanceLimitsSection() {
  const limits = useAdvanceLimitsQuery();
  let body: React.ReactNode;
  if (limits.isPending) body = <Spinner isBlock label="Chargement des plafonds d'avance" />;
  else if (limits.isError)
    body = (
      <LoadErrorState
        title="Les plafonds d'avance n'ont pas pu être chargés."
        error={limits.error}
        onRetry={() => limits.refetch()}
      />
    );
  else
    body = (
      <ul className="divide-y divide-gray-100" aria-label="Plafonds d'avance par groupe">
        {limits.data.map((line) => {
          const name = limitName(line);
          return (
            <li
              key={line.group ?? 'ungrouped'}
              className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="truncate font-medium text-gray-900">{name}</p>
                <p className="text-sm text-gray-600">
                  {formatCount(
                    line.employee_count,
                    'salarié actif',
                    'salariés actifs',
                    'Aucun salarié actif',
                  )}
                </p>
              </div>
              <div className="flex shrink-0 items-center gap-3">
                <p className="text-right tabular-nums">
                  {line.amount === null ? (
                    <span className="text-sm text-gray-600">Aucun plafond</span>
                  ) : (
                    <span className="font-semibold text-gray-900">{formatMoney(line.amount)}</span>
                  )}
                </p>
                {line.amount === null ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    label="Définir"
                    icon={<IconPlus aria-hidden="true" />}
                    iconPosition="left"
                    aria-label={`Définir le plafond de ${name}`}
                    to={`/rh/policy/add?group=${limitSegment(line)}`}
                  />
                ) : (
                  <Button
                    variant="secondary"
                    size="sm"
                    label="Modifier"
                    icon={<IconEdit aria-hidden="true" />}
                    iconPosition="left"
                    aria-label={`Modifier le plafond de ${name}`}
                    to={`/rh/policy/${limitSegment(line)}/edit`}
                  />
                )}
              </div>
            </li>
          );
        })}
      </ul>
    );
  return (
    <section aria-labelledby="advance-limits-title" className="rounded-2xl bg-white ring-1 ring-gray-200">
      <header className="border-b border-gray-100 px-4 py-3">
        <h2 id="advance-limits-title" className="font-semibold text-gray-900">
          Plafonds d'avance des ordres de mission
        </h2>
        <p className="text-sm text-gray-600">
          Le plus qu'un ordre de mission peut avancer, par groupe ; sans plafond propre, un groupe suit celui
          des salariés sans groupe. Au moins 200 DH.
        </p>
      </header>
      <div aria-busy={limits.isFetching}>{body}</div>
    </section>
  );
}
