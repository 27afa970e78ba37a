import { useNavigate } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { useCreateEmployeeMutation } from './api/create-employee.ts';
import { EmployeeForm } from './components/employee-form.tsx';

/** /rh/employees/add: one person, invited at once; then their details page says how the link went. */
export function AddEmployeeScreen() {
  const navigate = useNavigate();
  const create = useCreateEmployeeMutation();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <PageTitle
        title="Ajouter un salarié"
        subtitle="Les champs marqués d'un astérisque sont obligatoires."
      />
      <EmployeeForm
        cancelTo="/rh/employees"
        isSubmitting={create.isPending}
        onSubmit={async (values) => {
          const created = await create.mutateAsync(values);
          navigate(`/rh/employees/${created.id}`, { state: { invitation: created.invitation } });
        }}
      />
    </div>
  );
}
