import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { type PickableEmployee, useActiveEmployeesSearch } from '../api/search-employees.ts';

export const employeeLabel = (e: Pick<PickableEmployee, 'first_name' | 'last_name' | 'serial'>) =>
  `${e.first_name} ${e.last_name}`.trim() + (e.serial ? ` (${e.serial})` : '');

/** Search the company's active employees and add them one by one (already chosen ones are marked). */
export function EmployeeSearchPicker({
  chosen,
  onAdd,
}: {
  chosen: ReadonlySet<number>;
  onAdd: (employee: PickableEmployee) => void;
}) {
  const [search, setSearch] = useState('');
  const results = useActiveEmployeesSearch(search, search.trim().length > 0);
  return (
    <div className="flex flex-col gap-2">
      <SearchField
        label="Ajouter des salariés"
        placeholder="Nom, CIN ou matricule"
        value={search}
        onSearch={setSearch}
      />
      {search.trim() && results.isPending ? <Spinner label="Recherche des salariés" /> : null}
      {results.data && search.trim() ? (
        results.data.results.length === 0 ? (
          <p className="text-sm text-gray-600">Aucun salarié actif ne correspond à cette recherche.</p>
        ) : (
          <ul
            aria-label="Salariés trouvés"
            className="divide-y divide-gray-100 rounded-xl ring-1 ring-gray-200"
          >
            {results.data.results.map((employee) => (
              <li key={employee.id} className="flex items-center justify-between gap-3 px-3 py-2">
                <span className="min-w-0 truncate text-sm text-gray-900">{employeeLabel(employee)}</span>
                <Button
                  variant="secondary"
                  size="sm"
                  icon={<IconPlus aria-hidden="true" />}
                  iconPosition="left"
                  label={chosen.has(employee.id) ? 'Ajouté' : 'Ajouter'}
                  aria-label={`Ajouter ${employeeLabel(employee)}`}
                  disabled={chosen.has(employee.id)}
                  onClick={() => onAdd(employee)}
                />
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
