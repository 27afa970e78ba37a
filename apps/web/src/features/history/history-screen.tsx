import * as Tabs from '@radix-ui/react-tabs';
import { IconArrowsExchange, IconCash, IconDeviceMobile, IconFileInvoice } from '@tabler/icons-react';
import type { TAdvance } from '@tasbiq/contracts/advances';
import type { TSettings } from '@tasbiq/contracts/settings';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { MessageBox } from '../../components/ui/message-box.tsx';
import { MonthYearPicker } from '../../components/ui/month-year-picker.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { formatMoney } from '../../lib/format/money.ts';
import { ofMonth } from '../../lib/format/month-names.ts';
import { useReadySession } from '../session/ready-session.tsx';
import { useDownloadBillReceiptMutation } from './api/download-bill-receipt.ts';
import { type HistoryListParams, useMyAdvancesQuery } from './api/list-advances.ts';
import { useMyBillsQuery } from './api/list-bills.ts';
import { useMyRechargesQuery } from './api/list-recharges.ts';
import { useMyTransfersQuery } from './api/list-transfers.ts';
import { AdvanceItem } from './components/advance-item.tsx';
import { BillItem } from './components/bill-item.tsx';
import { CancelAdvanceDialog } from './components/cancel-advance-dialog.tsx';
import { HistoryListState } from './components/history-list-state.tsx';
import { RechargeItem } from './components/recharge-item.tsx';
import { TransferItem } from './components/transfer-item.tsx';
import { type HistoryTab, useHistoryFilters } from './use-history-filters.ts';

const TAB_LABELS: Record<HistoryTab, string> = {
  advances: 'Avances',
  recharges: 'Recharges',
  bills: 'Factures',
  transfers: 'Transferts',
};

/**
 * Advances, top-ups, bills and transfers follow their company switches. Transfers switched off
 * keep the empty tab the history has always shown.
 */
function visibleTabs(settings: TSettings): HistoryTab[] {
  return [
    ...(settings.advances_enabled ? (['advances'] as const) : []),
    ...(settings.recharges_enabled ? (['recharges'] as const) : []),
    ...(settings.bills_enabled ? (['bills'] as const) : []),
    'transfers',
  ];
}

const tabClass =
  'flex-1 whitespace-nowrap border-b-2 border-transparent px-2 py-3 text-sm font-medium text-gray-600 hover:text-gray-900 ' +
  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 ' +
  'data-[state=active]:border-brand-600 data-[state=active]:text-brand-700 sm:flex-none sm:px-4';

function TransfersPanel({
  params,
  linkedId,
  onOffsetChange,
}: {
  params: HistoryListParams;
  linkedId: number | null;
  onOffsetChange: (offset: number) => void;
}) {
  const query = useMyTransfersQuery(params);
  return (
    <HistoryListState
      query={query}
      what="des transferts"
      empty="Aucun transfert pour cette période"
      emptyIcon={<IconArrowsExchange aria-hidden="true" />}
      listLabel="Transferts"
      limit={params.limit}
      offset={params.offset}
      onOffsetChange={onOffsetChange}
      renderItem={(transfer) => (
        <TransferItem key={transfer.id} transfer={transfer} isLinked={transfer.id === linkedId} />
      )}
    />
  );
}

function AdvancesPanel({
  params,
  linkedId,
  onOffsetChange,
  onCancel,
}: {
  params: HistoryListParams;
  linkedId: number | null;
  onOffsetChange: (offset: number) => void;
  onCancel: (advance: TAdvance) => void;
}) {
  const query = useMyAdvancesQuery(params);
  return (
    <HistoryListState
      query={query}
      what="des avances"
      empty="Aucune avance pour cette période"
      emptyIcon={<IconCash aria-hidden="true" />}
      listLabel="Avances"
      limit={params.limit}
      offset={params.offset}
      onOffsetChange={onOffsetChange}
      renderItem={(advance) => (
        <AdvanceItem
          key={advance.id}
          advance={advance}
          onCancel={onCancel}
          isLinked={advance.id === linkedId}
        />
      )}
    />
  );
}

function RechargesPanel({
  params,
  linkedId,
  onOffsetChange,
}: {
  params: HistoryListParams;
  linkedId: number | null;
  onOffsetChange: (offset: number) => void;
}) {
  const query = useMyRechargesQuery(params);
  return (
    <HistoryListState
      query={query}
      what="des recharges"
      empty="Aucune recharge pour cette période"
      emptyIcon={<IconDeviceMobile aria-hidden="true" />}
      listLabel="Recharges"
      limit={params.limit}
      offset={params.offset}
      onOffsetChange={onOffsetChange}
      renderItem={(recharge) => (
        <RechargeItem key={recharge.id} recharge={recharge} isLinked={recharge.id === linkedId} />
      )}
    />
  );
}

function BillsPanel({
  params,
  linkedId,
  onOffsetChange,
}: {
  params: HistoryListParams;
  linkedId: number | null;
  onOffsetChange: (offset: number) => void;
}) {
  const query = useMyBillsQuery(params);
  const download = useDownloadBillReceiptMutation();
  return (
    <HistoryListState
      query={query}
      what="des factures"
      empty="Aucune facture pour cette période"
      emptyIcon={<IconFileInvoice aria-hidden="true" />}
      listLabel="Factures"
      limit={params.limit}
      offset={params.offset}
      onOffsetChange={onOffsetChange}
      renderItem={(bill) => (
        <BillItem
          key={bill.id}
          bill={bill}
          isLinked={bill.id === linkedId}
          onDownload={(item) => download.mutate(item.id)}
          isDownloading={download.isPending && download.variables === bill.id}
          downloadError={download.variables === bill.id ? download.error : undefined}
        />
      )}
    />
  );
}

/**
 * /historique (spec §2 History): the employee's advances and top-ups by tab, for a month and year
 * (the current Casablanca month by default); pending advances can be canceled with a reason. A
 * notification's link opens the tab and month of its movement, which is highlighted (`item`).
 */
export function HistoryScreen() {
  const { settings } = useReadySession();
  const tabs = visibleTabs(settings);
  const { filters, update, years } = useHistoryFilters(tabs);
  const [canceling, setCanceling] = useState<TAdvance | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  // After a cancellation the button that opened the dialog goes with the pending status: the
  // focus goes to the confirmation rather than back to it (the modal leaves a focus it finds set).
  useLayoutEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  const params: HistoryListParams = {
    month: filters.month,
    year: filters.year,
    limit: settings.items_per_page,
    offset: filters.offset,
  };
  const setOffset = (offset: number) => update({ offset });

  const panels: Record<HistoryTab, ReactNode> = {
    advances: (
      <AdvancesPanel
        params={params}
        linkedId={filters.item}
        onOffsetChange={setOffset}
        onCancel={(advance) => {
          setNotice(null);
          setCanceling(advance);
        }}
      />
    ),
    recharges: <RechargesPanel params={params} linkedId={filters.item} onOffsetChange={setOffset} />,
    bills: <BillsPanel params={params} linkedId={filters.item} onOffsetChange={setOffset} />,
    transfers: settings.transfers_enabled ? (
      <TransfersPanel params={params} linkedId={filters.item} onOffsetChange={setOffset} />
    ) : (
      <EmptyState
        icon={<IconArrowsExchange aria-hidden="true" />}
        title="Aucun transfert pour cette période"
      />
    ),
  };

  return (
    <div className="flex flex-col gap-4">
      <PageTitle title="Historique" subtitle={`Vos opérations ${ofMonth(filters)}.`} />
      <MonthYearPicker
        className="sm:w-80"
        value={filters}
        years={years}
        onChange={(period) => {
          setNotice(null);
          update(period);
        }}
      />
      {/* Focused after a cancellation: the button that opened the dialog is gone with the pending status. */}
      <div ref={noticeRef} tabIndex={-1} className="focus:outline-none">
        {notice ? <MessageBox severity="success">{notice}</MessageBox> : null}
      </div>
      <Tabs.Root
        value={filters.tab}
        onValueChange={(tab) => {
          setNotice(null);
          update({ tab: tab as HistoryTab, offset: 0 });
        }}
        className="rounded-2xl bg-white ring-1 ring-gray-200"
      >
        <Tabs.List
          aria-label="Type d’opération"
          className="flex overflow-x-auto border-b border-gray-200 px-1 sm:px-2"
        >
          {tabs.map((tab) => (
            <Tabs.Trigger key={tab} value={tab} className={tabClass}>
              {TAB_LABELS[tab]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Content key={tab} value={tab} className="px-3 focus-visible:outline-none sm:px-5">
            {panels[tab]}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      {canceling ? (
        <CancelAdvanceDialog
          key={canceling.id}
          advance={canceling}
          onClose={() => setCanceling(null)}
          onCanceled={(advance) => {
            setCanceling(null);
            setNotice(`Votre avance de ${formatMoney(advance.amount)} a été annulée.`);
          }}
        />
      ) : null}
    </div>
  );
}
