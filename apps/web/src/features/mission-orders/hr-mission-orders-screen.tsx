import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { MissionOrderBrowser } from './components/mission-order-browser.tsx';

/** /rh/missionorders: every order of the company, overdue ones first, with filters. */
export function HrMissionOrdersScreen() {
  return (
    <div className="flex flex-col gap-4">
      <PageTitle title="Ordres de mission" subtitle="Les déplacements de vos salariés, en retard d’abord" />
      <section aria-label="Ordres de mission" className="rounded-2xl bg-white ring-1 ring-gray-200">
        <MissionOrderBrowser
          view="review"
          label="Ordres de mission des salariés"
          linkOf={(order) => `/rh/missionorders/${order.id}`}
          empty={<EmptyState title="Aucun ordre de mission." />}
        />
      </section>
    </div>
  );
}
