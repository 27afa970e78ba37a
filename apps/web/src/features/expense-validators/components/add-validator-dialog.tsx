import {
  EXPENSE_VALIDATOR_FIELD_MESSAGES_FR,
  type TExpenseValidator,
} from '@tasbiq/contracts/expense-validators';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage, fieldErrors } from '../../../lib/errors/error-message.ts';
import { useAddValidatorMutation } from '../api/add-validator.ts';
import { type PickableEmployee, useActivatedEmployeesSearch } from '../api/search-employees.ts';

const employeeLabel = (e: PickableEmployee) =>
  `${e.first_name} ${e.last_name}`.trim() + (e.serial ? ` (${e.serial})` : '');

type AddValidatorDialogProps = {
  /** Employees already validators: marked, not offered again. */
  validatorIds: ReadonlySet<number>;
  onOpenChange: (open: boolean) => void;
  onAdded: (validator: TExpenseValidator) => void;
};

/** Search an active employee and make them a validator. */
export function AddValidatorDialog({ validatorIds, onOpenChange, onAdded }: AddValidatorDialogProps) {
  const [search, setSearch] = useState('');
  const results = useActivatedEmployeesSearch(search, search.trim().length > 0);
  const add = useAddValidatorMutation();
  const [pending, setPending] = useState<number | null>(null);
  const failure = add.isError
    ? (Object.values(fieldErrors(add.error, EXPENSE_VALIDATOR_FIELD_MESSAGES_FR))[0] ??
      errorMessage(add.error))
    : null;

  return (
    <Modal open onOpenChange={onOpenChange} title="Ajouter un valideur">
      <div className="flex flex-col gap-4">
        <p className="text-sm text-gray-700">
          Un valideur approuve, renvoie ou refuse les ordres de mission et les notes de frais de tous les
          salariés, jamais les siens.
        </p>
        {failure ? <MessageBox severity="danger">{failure}</MessageBox> : null}
        <SearchField
          label="Rechercher un salarié"
          placeholder="Nom, CIN ou matricule"
          value={search}
          onSearch={setSearch}
        />
        {search.trim() && results.isPending ? <Spinner label="Recherche des salariés" /> : null}
        {results.isError ? <MessageBox severity="danger">{errorMessage(results.error)}</MessageBox> : null}
        {results.data && search.trim() ? (
          results.data.results.length === 0 ? (
            <p className="text-sm text-gray-600">Aucun salarié actif ne correspond à cette recherche.</p>
          ) : (
            <ul
              aria-label="Salariés trouvés"
              className="divide-y divide-gray-100 rounded-xl ring-1 ring-gray-200"
            >
              {results.data.results.map((employee) => {
                const isValidator = validatorIds.has(employee.id);
                return (
                  <li key={employee.id} className="flex items-center justify-between gap-3 px-3 py-2">
                    <span className="min-w-0 truncate text-sm text-gray-900">{employeeLabel(employee)}</span>
                    <Button
                      variant="secondary"
                      size="sm"
                      label={isValidator ? 'Déjà valideur' : 'Choisir'}
                      aria-label={
                        isValidator
                          ? `${employeeLabel(employee)} est déjà valideur`
                          : `Choisir ${employeeLabel(employee)}`
                      }
                      disabled={isValidator}
                      loading={add.isPending && pending === employee.id}
                      onClick={() => {
                        setPending(employee.id);
                        add.mutate({ employee: employee.id }, { onSuccess: onAdded });
                      }}
                    />
                  </li>
                );
              })}
            </ul>
          )
        ) : null}
        <div className="flex justify-end">
          <Button variant="secondary" label="Fermer" onClick={() => onOpenChange(false)} />
        </div>
      </div>
    </Modal>
  );
}
