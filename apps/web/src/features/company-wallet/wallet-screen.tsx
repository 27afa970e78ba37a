import { IconFileExport } from '@tabler/icons-react';
import type { TWalletExport } from '@tasbiq/contracts/company-wallet';
import { type ReactNode, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadErrorState } from '../../components/ui/load-error-state.tsx';
import { MessageBox } from '../../components/ui/message-box.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/errors/error-message.ts';
import { formatCount } from '../../lib/format/count.ts';
import { useReadySession } from '../session/ready-session.tsx';
import { useCreateWalletExportMutation } from './api/create-wallet-export.ts';
import { useDownloadWalletExportMutation } from './api/download-wallet-export.ts';
import { useWalletTransactionsQuery } from './api/list-wallet-transactions.ts';
import { ExportResult } from './components/export-result.tsx';
import { WalletBalanceCard } from './components/wallet-balance-card.tsx';
import { WalletExportsHistory } from './components/wallet-exports-history.tsx';
import { WalletFilters } from './components/wallet-filters.tsx';
import { WalletTransactionsList } from './components/wallet-transactions-list.tsx';
import { apiFiltersOf, isRangeInverted, useWalletFilters } from './use-wallet-filters.ts';

function countText(count: number): string {
  return formatCount(count, 'mouvement', 'mouvements', 'Aucun mouvement');
}

/**
 * /rh/wallet: the company wallet's balance, its movements (filters in the address, page-number
 * pagination as the API pages them), a CSV export of what is on screen, and the export history.
 */
export function WalletScreen() {
  const { settings } = useReadySession();
  const limit = settings.items_per_page;
  const { filters, update } = useWalletFilters();
  const isInverted = isRangeInverted(filters);
  const apiFilters = apiFiltersOf(filters);
  // An inverted range would only answer an empty page: the field says what is wrong instead.
  const transactions = useWalletTransactionsQuery({ ...apiFilters, limit, page: filters.page }, !isInverted);
  const createExport = useCreateWalletExportMutation();
  const download = useDownloadWalletExportMutation();
  const [created, setCreated] = useState<TWalletExport | null>(null);

  const hasFilters = Boolean(filters.type || filters.search || filters.from || filters.to);

  const startExport = () => {
    setCreated(null);
    createExport.mutate(apiFilters, { onSuccess: setCreated });
  };
  const startDownload = (walletExport: TWalletExport) => download.mutate(walletExport);

  const page = transactions.data;
  let body: ReactNode;
  if (isInverted)
    body = (
      <EmptyState title="Période invalide" description="Corrigez les dates pour afficher les mouvements." />
    );
  else if (transactions.isPending) body = <Spinner isBlock label="Chargement des mouvements" />;
  else if (transactions.isError)
    body = (
      <LoadErrorState
        title="Les mouvements n'ont pas pu être chargés."
        error={transactions.error}
        onRetry={() => transactions.refetch()}
      />
    );
  else if (page && page.count === 0)
    body = hasFilters ? (
      <EmptyState
        title="Aucun mouvement ne correspond à ces critères."
        action={
          <Button
            variant="secondary"
            label="Effacer les filtres"
            onClick={() => update({ type: '', search: '', from: '', to: '' })}
          />
        }
      />
    ) : (
      <EmptyState
        title="Aucun mouvement pour le moment."
        description="Les alimentations du portefeuille, les avances et les recharges apparaîtront ici."
      />
    );
  else if (page) body = <WalletTransactionsList transactions={page.results} />;

  return (
    <div className="flex flex-col gap-4">
      <PageTitle
        title="Portefeuille"
        subtitle="Le solde de l'entreprise et ses mouvements"
        actions={
          <Button
            variant="secondary"
            label="Exporter (CSV)"
            icon={<IconFileExport aria-hidden="true" />}
            iconPosition="left"
            disabled={isInverted}
            loading={createExport.isPending}
            onClick={startExport}
          />
        }
      />
      <div aria-live="polite" className="empty:hidden">
        <ExportResult
          created={created}
          error={createExport.error}
          onDownload={startDownload}
          isDownloading={download.isPending && download.variables?.id === created?.id}
        />
      </div>
      {download.isError ? (
        <MessageBox severity="danger" title="Le fichier n'a pas pu être téléchargé.">
          {errorMessage(download.error)}
        </MessageBox>
      ) : null}

      <WalletBalanceCard />

      <section
        aria-labelledby="wallet-transactions-title"
        aria-busy={transactions.isFetching}
        className="flex flex-col gap-3 rounded-2xl bg-white ring-1 ring-gray-200"
      >
        <div className="flex flex-col gap-3 px-4 pt-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="wallet-transactions-title" className="text-base font-semibold text-gray-900">
              Mouvements
            </h2>
            {page && !isInverted ? <p className="text-sm text-gray-600">{countText(page.count)}</p> : null}
          </div>
          <WalletFilters filters={filters} onChange={update} />
        </div>
        {body}
        {page && !isInverted ? (
          <Pagination
            label="Pagination des mouvements"
            count={page.count}
            limit={limit}
            offset={(filters.page - 1) * limit}
            onOffsetChange={(offset) => {
              const next = Math.floor(offset / limit) + 1;
              update({ page: next > 1 ? String(next) : '' });
            }}
            isFetching={transactions.isFetching}
            className="px-4 pb-4"
          />
        ) : null}
      </section>

      <WalletExportsHistory
        onDownload={startDownload}
        downloadingId={download.isPending ? (download.variables?.id ?? null) : null}
      />
    </div>
  );
}
