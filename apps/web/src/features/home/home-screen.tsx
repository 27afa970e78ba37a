import { PageTitle } from '../../components/ui/page-title.tsx';
import { useReadySession } from '../session/ready-session.tsx';
import { Announcements } from './components/announcements.tsx';
import { ServiceTiles } from './components/service-tiles.tsx';
import { SoldeCard } from './components/solde-card.tsx';

/** The employee home (/): greeting, earned this month and available balance, one tile per enabled service, news. */
export function HomeScreen() {
  const { account, settings } = useReadySession();
  return (
    <div className="flex flex-col gap-6">
      <PageTitle
        title={`Bonjour ${account.first_name}`}
        subtitle={account.company ? account.company.name : undefined}
      />
      <SoldeCard canRequestAdvance={settings.advances_enabled} />
      <section aria-labelledby="services-title" className="flex flex-col gap-3">
        <h2 id="services-title" className="text-lg font-semibold text-gray-900">
          Mes services
        </h2>
        <ServiceTiles settings={settings} />
      </section>
      <Announcements />
    </div>
  );
}
