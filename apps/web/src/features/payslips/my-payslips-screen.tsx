import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadErrorState } from '../../components/ui/load-error-state.tsx';
import { MessageBox } from '../../components/ui/message-box.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { currentMonth, recentYears } from '../../lib/dates/casablanca-month.ts';
import { errorMessage } from '../../lib/errors/error-message.ts';
import { formatDateTime } from '../../lib/format/date-time.ts';
import { formatMoney } from '../../lib/format/money.ts';
import { useConfirmReceiptMutation } from './api/confirm-receipt.ts';
import { useDownloadPayslipMutation } from './api/download-payslip.ts';
import { useMyPayslipsQuery } from './api/list-my-payslips.ts';
import { periodLabel } from './components/payslip-labels.tsx';

/** /fiches: the employee's published slips of a year, month by month: download, confirm receipt. */
export function MyPayslipsScreen() {
  const [year, setYear] = useState(currentMonth().year);
  const slips = useMyPayslipsQuery(year);
  const download = useDownloadPayslipMutation();
  const confirm = useConfirmReceiptMutation();
  const sorted = [...(slips.data?.results ?? [])].sort((a, b) => (b.month ?? 0) - (a.month ?? 0));

  return (
    <div className="flex flex-col gap-4">
      <PageTitle title="Fiches de paie" subtitle="Vos fiches publiées par votre service RH." />
      <div className="sm:w-48">
        <SelectField
          label="Année"
          options={recentYears().map((y) => ({ value: String(y), label: String(y) }))}
          value={String(year)}
          onChange={(event) => setYear(Number(event.target.value))}
        />
      </div>
      {download.isError || confirm.isError ? (
        <MessageBox severity="danger">{errorMessage(download.error ?? confirm.error)}</MessageBox>
      ) : null}
      <section aria-label={`Fiches de ${year}`} aria-busy={slips.isFetching}>
        {slips.isPending ? (
          <Spinner isBlock label="Chargement de vos fiches" />
        ) : slips.isError ? (
          <LoadErrorState
            title="Vos fiches n'ont pas pu être chargées."
            error={slips.error}
            onRetry={() => slips.refetch()}
          />
        ) : sorted.length === 0 ? (
          <EmptyState
            title={`Aucune fiche de paie publiée pour ${year}.`}
            description="Vous serez prévenu dès que votre service RH publiera la prochaine."
          />
        ) : (
          <ul className="flex flex-col gap-2">
            {sorted.map((slip) => {
              const period = periodLabel(slip.month, slip.year);
              return (
                <li
                  key={slip.id}
                  className="flex flex-col gap-2 rounded-2xl bg-white p-4 ring-1 ring-gray-200 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div>
                    <h2 className="font-medium text-gray-900">{period}</h2>
                    <p className="text-sm text-gray-700">
                      {slip.figures.net ? `Net à payer ${formatMoney(slip.figures.net)} · ` : ''}
                      {slip.received_at
                        ? `Reçue le ${formatDateTime(slip.received_at)}`
                        : 'Réception non confirmée'}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      size="sm"
                      variant="secondary"
                      loading={download.isPending && download.variables?.id === slip.id}
                      onClick={() => download.mutate({ id: slip.id, fileName: slip.file_name })}
                    >
                      Télécharger<span className="sr-only"> la fiche de {period}</span>
                    </Button>
                    {slip.received_at ? null : (
                      <Button
                        size="sm"
                        loading={confirm.isPending && confirm.variables === slip.id}
                        onClick={() => confirm.mutate(slip.id)}
                      >
                        J'ai reçu ma fiche<span className="sr-only"> de {period}</span>
                      </Button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
