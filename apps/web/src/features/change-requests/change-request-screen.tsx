import { IconArrowLeft } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadErrorState } from '../../components/ui/load-error-state.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { isApiError } from '../../lib/http/api-error.ts';
import { useEmployeeQuery } from './api/get-employee.ts';
import { ChangeRequestForm } from './components/change-request-form.tsx';
import { EmployeeChangeRequests } from './components/employee-change-requests.tsx';

/** A path id as a number, or null for anything an API id cannot be. */
function idOf(raw: string | undefined): number | null {
  return raw && /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/** /rh/employees/:id/update: ask for a change of an identity or bank field, and follow the requests. */
export function ChangeRequestScreen() {
  const id = idOf(useParams().id);
  if (id === null) return <EmployeeNotFound />;
  return <ChangeRequestPage employeeId={id} />;
}

function EmployeeNotFound() {
  return (
    <div className="flex flex-col gap-4">
      <PageTitle title="Demande de modification" />
      <EmptyState
        title="Salarié introuvable."
        action={<Button variant="secondary" label="Retour aux salariés" to="/rh/employees" />}
      />
    </div>
  );
}

function ChangeRequestPage({ employeeId }: { employeeId: number }) {
  const employee = useEmployeeQuery(employeeId);
  if (employee.isPending) return <Spinner isBlock label="Chargement du salarié" />;
  if (employee.isError) {
    if (isApiError(employee.error) && employee.error.status === 404) return <EmployeeNotFound />;
    return (
      <div className="flex flex-col gap-4">
        <PageTitle title="Demande de modification" />
        <LoadErrorState
          title="Le salarié n'a pas pu être chargé."
          error={employee.error}
          onRetry={() => employee.refetch()}
        />
      </div>
    );
  }
  const person = employee.data;
  return (
    <div className="flex flex-col gap-4">
      <div>
        <Button
          variant="tertiary"
          size="sm"
          label="Fiche du salarié"
          icon={<IconArrowLeft aria-hidden="true" />}
          iconPosition="left"
          to={`/rh/employees/${person.id}`}
        />
      </div>
      <PageTitle
        title="Demande de modification"
        subtitle={
          <>
            {person.first_name} {person.last_name}
            {person.serial ? ` · matricule ${person.serial}` : ''}. L'identité et le RIB ne changent qu'après
            la validation d'un DRH.
          </>
        }
      />
      <div className="grid gap-4 lg:grid-cols-2 lg:items-start">
        <section
          aria-labelledby="new-request-title"
          className="rounded-2xl bg-white p-4 ring-1 ring-gray-200 sm:p-6"
        >
          <h2 id="new-request-title" className="mb-4 text-lg font-semibold text-gray-900">
            Nouvelle demande
          </h2>
          <ChangeRequestForm employee={person} />
        </section>
        <section
          aria-labelledby="requests-title"
          className="rounded-2xl bg-white p-4 ring-1 ring-gray-200 sm:p-6"
        >
          <h2 id="requests-title" className="mb-2 text-lg font-semibold text-gray-900">
            Demandes de ce salarié
          </h2>
          <EmployeeChangeRequests employeeId={person.id} />
        </section>
      </div>
    </div>
  );
}
