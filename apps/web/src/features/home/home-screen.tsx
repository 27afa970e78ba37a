import { PageTitle } from '../../components/ui/page-title.tsx';
import { useReadySession } from '../session/ready-session.tsx';
import { Announcements } from './components/announcements.tsx';
import { EarnedThisMonth } from './components/earned-this-month.tsx';
import { ServiceTiles } from './components/service-tiles.tsx';

/** The employee home (/): greeting, amount earned this month, one tile per enabled service, news. */
export function HomeScreen() {
  const { account, settings } = useReadySession();
  return (
    <div className="flex flex-col gap-6">
      <PageTitle
        title={`Bonjour ${account.first_name}`}
        subtitle={account.company ? account.company.name : undefined}
      />
      <EarnedThisMonth />
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
