import { IconHourglass } from '@tabler/icons-react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';

/** Stand-in for the screens of later issues: the route, its guard and its title already exist. */
export function ComingSoonScreen({ title, backTo }: { title: string; backTo?: string }) {
  return (
    <section>
      <PageTitle title={title} />
      <div className="rounded-2xl border border-gray-200 bg-white">
        <EmptyState
          icon={<IconHourglass aria-hidden="true" />}
          title="Bientôt disponible"
          description="Cette page arrive très prochainement."
          action={backTo ? <Button variant="secondary" to={backTo} label="Retour à l'accueil" /> : undefined}
        />
      </div>
    </section>
  );
}
