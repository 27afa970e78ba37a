import { PageTitle } from '../../components/ui/page-title.tsx';
import { useReadySession } from '../session/ready-session.tsx';
import { DailyChartCard } from './components/daily-chart-card.tsx';
import { KeyFigures } from './components/key-figures.tsx';
import { LastBonuses } from './components/last-bonuses.tsx';
import { LastTransactions } from './components/last-transactions.tsx';
import { WalletSummaryCard } from './components/wallet-summary-card.tsx';

/**
 * /rh: the wallet, the month's key figures, daily advances and top-ups, the latest transactions.
 * Each block loads and fails on its own, so one slow or broken call never blanks the page.
 */
export function HrDashboardScreen() {
  const { account, settings } = useReadySession();
  // Each series' call is refused when its feature is off: no chart rather than an error.
  const series = [
    ...(settings.advances_enabled ? (['advances'] as const) : []),
    ...(settings.recharges_enabled ? (['recharges'] as const) : []),
  ];
  return (
    <div className="flex flex-col gap-6">
      <PageTitle title="Tableau de bord" subtitle={account.company ? account.company.name : undefined} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="lg:col-span-1">
          <WalletSummaryCard />
        </div>
        <div className="lg:col-span-2">
          <KeyFigures />
        </div>
      </div>
      {series.length > 0 ? (
        <div
          className={series.length > 1 ? 'grid grid-cols-1 gap-6 lg:grid-cols-2' : 'grid grid-cols-1 gap-6'}
        >
          {series.map((name) => (
            <DailyChartCard key={name} series={name} />
          ))}
        </div>
      ) : null}
      <LastTransactions />
      {/* Spec §9: the last 3 bonuses, below the last transactions. */}
      {settings.bonuses_enabled ? <LastBonuses /> : null}
    </div>
  );
}
