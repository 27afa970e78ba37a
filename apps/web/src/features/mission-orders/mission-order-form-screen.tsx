import { useNavigate, useParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadErrorState } from '../../components/ui/load-error-state.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useMissionOrderQuery } from './api/get-mission-order.ts';
import { useSaveMissionOrderMutation } from './api/save-mission-order.ts';
import { MissionOrderForm } from './components/mission-order-form.tsx';

/** /missionorders/add: a new order, sent for validation at once. */
export function MissionOrderAddScreen() {
  const navigate = useNavigate();
  const save = useSaveMissionOrderMutation(null);
  return (
    <div className="flex flex-col gap-4">
      <PageTitle
        title="Nouvel ordre de mission"
        subtitle="Envoyé pour validation dès que vous l’enregistrez"
        actions={<Button variant="tertiary" size="sm" label="Annuler" to="/missionorders" />}
      />
      <section className="rounded-2xl bg-white p-4 ring-1 ring-gray-200 sm:p-6">
        <MissionOrderForm
          submitLabel="Envoyer l’ordre de mission"
          isSubmitting={save.isPending}
          error={save.error}
          onSubmit={(values) =>
            save.mutate(values, {
              onSuccess: (order) => navigate(`/missionorders/${order.id}`, { replace: true }),
            })
          }
        />
      </section>
    </div>
  );
}

/** /missionorders/{id}/edit: a returned order, edited and sent again. */
export function MissionOrderEditScreen() {
  const { id: rawId = '' } = useParams();
  const id = /^\d{1,10}$/.test(rawId) ? Number(rawId) : null;
  if (id === null)
    return (
      <EmptyState
        title="Ordre de mission introuvable."
        action={<Button variant="secondary" label="Retour aux ordres de mission" to="/missionorders" />}
      />
    );
  return <EditOrder id={id} />;
}

function EditOrder({ id }: { id: number }) {
  const navigate = useNavigate();
  const order = useMissionOrderQuery(id);
  const save = useSaveMissionOrderMutation(id);
  if (order.isPending) return <Spinner isBlock label="Chargement de l’ordre de mission" />;
  if (order.isError)
    return (
      <LoadErrorState
        title="L’ordre de mission n’a pas pu être chargé."
        error={order.error}
        onRetry={() => order.refetch()}
      />
    );
  const back = `/missionorders/${id}`;
  if (!order.data.can_edit)
    return (
      <EmptyState
        title="Cet ordre de mission ne peut pas être modifié."
        description="Seul un ordre de mission retourné pour modification peut l’être."
        action={<Button variant="secondary" label="Voir l’ordre de mission" to={back} />}
      />
    );
  return (
    <div className="flex flex-col gap-4">
      <PageTitle
        title={`Modifier l’ordre de mission ${order.data.number}`}
        subtitle="Corrigez-le puis renvoyez-le pour validation"
        actions={<Button variant="tertiary" size="sm" label="Annuler" to={back} />}
      />
      <section className="rounded-2xl bg-white p-4 ring-1 ring-gray-200 sm:p-6">
        <MissionOrderForm
          initial={order.data}
          submitLabel="Renvoyer l’ordre de mission"
          isSubmitting={save.isPending}
          error={save.error}
          onSubmit={(values) => save.mutate(values, { onSuccess: () => navigate(back, { replace: true }) })}
        />
      </section>
    </div>
  );
}
