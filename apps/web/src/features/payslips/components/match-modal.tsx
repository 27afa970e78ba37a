import type { TPayslip } from '@tasbiq/contracts/payslips';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/errors/error-message.ts';
import { useMatchPayslipMutation } from '../api/decide-payslips.ts';
import { useEmployeeChoicesQuery } from '../api/search-employees.ts';

/** HR searches an employee (name, matricule or CIN) and names them as the slip's owner. */
export function MatchModal({ slip, onClose }: { slip: TPayslip | null; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const choices = useEmployeeChoicesQuery(search);
  const match = useMatchPayslipMutation();
  const close = () => {
    setSearch('');
    match.reset();
    onClose();
  };
  const read = slip
    ? [
        slip.read.cin && `CIN ${slip.read.cin}`,
        slip.read.matricule && `matricule ${slip.read.matricule}`,
      ].filter(Boolean)
    : [];
  return (
    <Modal
      open={slip !== null}
      onOpenChange={(open) => !open && close()}
      title="Rattacher la fiche à un salarié"
    >
      <div className="flex flex-col gap-3">
        {slip ? (
          <p className="text-sm text-gray-700">
            Page {slip.first_page}
            {read.length ? ` · lu sur la fiche : ${read.join(', ')}` : ' · aucun identifiant lu sur la fiche'}
          </p>
        ) : null}
        <SearchField
          label="Rechercher un salarié"
          placeholder="Nom, matricule ou CIN"
          value={search}
          onSearch={setSearch}
        />
        {match.isError ? <MessageBox severity="danger">{errorMessage(match.error)}</MessageBox> : null}
        {search.trim().length < 2 ? (
          <p className="text-sm text-gray-600">Saisissez au moins deux caractères.</p>
        ) : choices.isPending ? (
          <Spinner isBlock label="Recherche des salariés" />
        ) : choices.isError ? (
          <MessageBox severity="danger">{errorMessage(choices.error)}</MessageBox>
        ) : choices.data.results.length === 0 ? (
          <p className="text-sm text-gray-600">Aucun salarié ne correspond à cette recherche.</p>
        ) : (
          <ul aria-label="Salariés trouvés" className="flex flex-col divide-y divide-gray-100">
            {choices.data.results.map((employee) => (
              <li key={employee.id} className="flex items-center justify-between gap-2 py-2">
                <span className="text-sm">
                  <span className="font-medium text-gray-900">
                    {employee.first_name} {employee.last_name}
                  </span>
                  <span className="block text-gray-600">
                    {[employee.serial, employee.cin].filter(Boolean).join(' · ')}
                  </span>
                </span>
                <Button
                  size="sm"
                  label={
                    <>
                      Rattacher
                      <span className="sr-only">
                        {' '}
                        à {employee.first_name} {employee.last_name}
                      </span>
                    </>
                  }
                  loading={match.isPending && match.variables?.employee === employee.id}
                  onClick={() =>
                    slip && match.mutate({ id: slip.id, employee: employee.id }, { onSuccess: close })
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </Modal>
  );
}
