import { IconDownload } from '@tabler/icons-react';
import type { TWalletExport } from '@tasbiq/contracts/company-wallet';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadErrorState } from '../../../components/ui/load-error-state.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDateTime } from '../../../lib/format/date-time.ts';
import { useWalletExportsQuery } from '../api/list-wallet-exports.ts';
import { exportFiltersText } from './export-filters.ts';
import { rowsText } from './export-result.tsx';
import { ExportStatusBadge } from './export-status-badge.tsx';

/** A short history: the latest exports matter, older ones are a page away. */
export const EXPORTS_PAGE_SIZE = 5;

type WalletExportsHistoryProps = {
  onDownload: (walletExport: TWalletExport) => void;
  /** The export being downloaded, to show its button busy. */
  downloadingId: number | null;
};

/**
 * GET /company/wallet/export: each past export with the filters it used (what the file holds),
 * its status and, once finished, its file.
 */
export function WalletExportsHistory({ onDownload, downloadingId }: WalletExportsHistoryProps) {
  const [offset, setOffset] = useState(0);
  const exports = useWalletExportsQuery({ limit: EXPORTS_PAGE_SIZE, offset });

  let body: ReactNode;
  if (exports.isPending) body = <Spinner isBlock label="Chargement de l'historique des exports" />;
  else if (exports.isError)
    body = (
      <LoadErrorState
        title="L'historique des exports n'a pas pu être chargé."
        error={exports.error}
        onRetry={() => exports.refetch()}
      />
    );
  else if (exports.data.count === 0)
    body = (
      <EmptyState
        title="Aucun export pour le moment."
        description="Les fichiers CSV que vous exportez apparaîtront ici."
      />
    );
  else
    body = (
      <div className="flex flex-col gap-2">
        <ul aria-label="Exports" className="divide-y divide-gray-100">
          {exports.data.results.map((item) => {
            const when = formatDateTime(item.created);
            const isReady = item.status === 'finished' && item.download_url !== null;
            return (
              <li
                key={item.id}
                className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="flex min-w-0 flex-col gap-0.5">
                  <p className="text-sm font-medium text-gray-900">
                    Export du <time dateTime={item.created}>{when}</time>
                  </p>
                  <p className="text-sm text-gray-700">
                    <span className="sr-only">Filtres : </span>
                    {exportFiltersText(item.filters)}
                  </p>
                  <p className="flex items-center gap-2 text-sm text-gray-600">
                    <ExportStatusBadge status={item.status} />
                    {item.status === 'finished' ? rowsText(item.rows) : null}
                  </p>
                </div>
                {isReady ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    label="Télécharger"
                    aria-label={`Télécharger l'export du ${when}`}
                    icon={<IconDownload aria-hidden="true" />}
                    iconPosition="left"
                    loading={downloadingId === item.id}
                    onClick={() => onDownload(item)}
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
        <Pagination
          label="Pagination des exports"
          count={exports.data.count}
          limit={EXPORTS_PAGE_SIZE}
          offset={offset}
          onOffsetChange={setOffset}
          isFetching={exports.isFetching}
          className="px-4 pb-3"
        />
      </div>
    );

  return (
    <section
      aria-labelledby="wallet-exports-title"
      aria-busy={exports.isFetching}
      className="rounded-2xl bg-white ring-1 ring-gray-200"
    >
      <h2 id="wallet-exports-title" className="px-4 pt-4 text-base font-semibold text-gray-900">
        Historique des exports
      </h2>
      {body}
    </section>
  );
}
