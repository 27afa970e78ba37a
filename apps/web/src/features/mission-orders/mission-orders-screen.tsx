import * as Tabs from '@radix-ui/react-tabs';
import { IconPlus } from '@tabler/icons-react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { useIsReviewerQuery } from './api/list-mission-orders.ts';
import { MissionOrderBrowser } from './components/mission-order-browser.tsx';

const tabClass =
  'flex-1 border-b-2 border-transparent px-4 py-3 text-sm font-medium text-gray-600 hover:text-gray-900 ' +
  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 ' +
  'data-[state=active]:border-brand-600 data-[state=active]:text-brand-700 sm:flex-none';

/**
 * /missionorders: the employee's orders; for a reviewer (a validator, or HR in employee mode) a
 * second tab « À valider » lists the orders they answer (never their own).
 */
export function MissionOrdersScreen() {
  const isReviewer = useIsReviewerQuery();
  const add = (
    <Button
      label="Nouvel ordre de mission"
      icon={<IconPlus aria-hidden="true" />}
      iconPosition="left"
      to="/missionorders/add"
    />
  );
  const mine = (
    <MissionOrderBrowser
      view="mine"
      label="Mes ordres de mission"
      linkOf={(order) => `/missionorders/${order.id}`}
      empty={
        <EmptyState
          title="Aucun ordre de mission."
          description="Avant un déplacement, demandez l’accord de votre société et, si besoin, une avance."
        />
      }
    />
  );
  return (
    <div className="flex flex-col gap-4">
      <PageTitle title="Ordres de mission" subtitle="Vos déplacements professionnels" actions={add} />
      {isReviewer.data ? (
        <Tabs.Root defaultValue="mine" className="rounded-2xl bg-white ring-1 ring-gray-200">
          <Tabs.List
            aria-label="Ordres de mission"
            className="flex overflow-x-auto border-b border-gray-200 px-2"
          >
            <Tabs.Trigger value="mine" className={tabClass}>
              Mes ordres
            </Tabs.Trigger>
            <Tabs.Trigger value="review" className={tabClass}>
              À valider
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="mine" className="focus-visible:outline-none">
            {mine}
          </Tabs.Content>
          <Tabs.Content value="review" className="focus-visible:outline-none">
            <MissionOrderBrowser
              view="review"
              label="Ordres de mission à valider"
              linkOf={(order) => `/missionorders/${order.id}`}
              empty={<EmptyState title="Aucun ordre de mission à valider." />}
            />
          </Tabs.Content>
        </Tabs.Root>
      ) : (
        <section aria-label="Mes ordres de mission" className="rounded-2xl bg-white ring-1 ring-gray-200">
          {mine}
        </section>
      )}
    </div>
  );
}
