import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/errors/error-message.ts';
import { formatMoney } from '../../../lib/format/money.ts';
import { isApiError } from '../../../lib/http/api-error.ts';
import { useEmployeeSoldeQuery } from '../../shared/api/get-employee-solde.ts';

const cardClass = 'rounded-2xl bg-brand-700 p-5 text-white shadow-sm';

/**
 * "Mon solde": earned this month and available now (GET /employees/solde). A refusal (403, 404:
 * the company has no such service) leaves the card out; any other failure offers a retry.
 */
export function SoldeCard({ canRequestAdvance }: { canRequestAdvance: boolean }) {
  const solde = useEmployeeSoldeQuery();

  if (solde.isError) {
    if (isApiError(solde.error) && (solde.error.status === 403 || solde.error.status === 404)) return null;
    return (
      <section
        aria-label="Mon solde"
        className="flex flex-col items-start gap-2 rounded-2xl bg-white p-4 ring-1 ring-gray-200"
      >
        <p className="text-sm font-medium text-gray-900">Votre solde n'a pas pu être chargé.</p>
        <p className="text-sm text-gray-600">{errorMessage(solde.error)}</p>
        <Button variant="secondary" size="sm" label="Réessayer" onClick={() => solde.refetch()} />
      </section>
    );
  }

  // Loading keeps the card's layout (figures replaced by spinners) so the tiles below do not jump.
  const amount = (value: string | undefined) =>
    value === undefined ? (
      <Spinner label="Chargement du solde" className="[&_span]:border-white [&_span]:border-t-transparent" />
    ) : (
      formatMoney(value)
    );
  return (
    <section aria-label="Mon solde" aria-busy={solde.isPending || undefined} className={cardClass}>
      <dl className="grid grid-cols-2 gap-4">
        <div>
          <dt className="text-sm font-medium text-white/80">Gagné ce mois-ci</dt>
          <dd className="mt-1 text-2xl font-bold tabular-nums sm:text-3xl">{amount(solde.data?.earned)}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-white/80">Disponible</dt>
          <dd className="mt-1 text-2xl font-bold tabular-nums sm:text-3xl">{amount(solde.data?.balance)}</dd>
        </div>
      </dl>
      {canRequestAdvance ? (
        <Link
          to="/advance"
          className="mt-4 inline-flex items-center gap-1.5 rounded-lg text-sm font-semibold text-white underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          Demander une avance
          <IconArrowRight aria-hidden="true" className="size-4" />
        </Link>
      ) : null}
    </section>
  );
}
