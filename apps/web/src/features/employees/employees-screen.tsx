import {
  IconCalendarStats,
  IconCreditCard,
  IconDownload,
  IconPlus,
  IconUpload,
  IconUsers,
} from '@tabler/icons-react';
import type { TEmployeeListItem, TEmployeeListParams } from '@tasbiq/contracts/employees';
import { ACCOUNT_TYPE_LABELS_FR, EMPLOYEE_STATUSES } from '@tasbiq/contracts/employees';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadErrorState } from '../../components/ui/load-error-state.tsx';
import { MessageBox } from '../../components/ui/message-box.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { ResponsiveTable, type TableColumn } from '../../components/ui/responsive-table.tsx';
import { SearchField } from '../../components/ui/search-field.tsx';
import { SelectField, type SelectOption } from '../../components/ui/select-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/errors/error-message.ts';
import { formatCount } from '../../lib/format/count.ts';
import { formatMoney } from '../../lib/format/money.ts';
import { useUrlFilters } from '../../lib/hooks/use-url-filters.ts';
import { readIntParam, readOneOfParam } from '../../lib/url/read-param.ts';
import { useReadySession } from '../session/ready-session.tsx';
import { useExportEmployeesMutation } from './api/export-employees.ts';
import { useEmployeesQuery } from './api/list-employees.ts';
import { useGroupOptionsQuery } from './api/list-group-options.ts';
import { StatusBadge } from './components/status-badge.tsx';
import { ACTIVE_FILTER_OPTIONS, STATUS_FILTER_OPTIONS } from './options.ts';

function countText(count: number, isEstimate?: boolean): string {
  return formatCount(count, 'salarié', 'salariés', 'Aucun salarié', isEstimate);
}

/** `?group=12` (a group), `?group=none` (no group). */
const UNGROUPED = 'none';

/** `?search=…&status=invited&group=12&active=true&offset=20`. */
function parseListFilters(params: URLSearchParams) {
  const groupParam = params.get('group') ?? '';
  return {
    search: params.get('search') ?? '',
    status: readOneOfParam(params.get('status'), EMPLOYEE_STATUSES) ?? undefined,
    group: /^\d+$/.test(groupParam) ? groupParam : groupParam === UNGROUPED ? UNGROUPED : '',
    active: readOneOfParam(params.get('active'), ['true', 'false'] as const) ?? '',
    offset: readIntParam(params.get('offset'), 1, Number.MAX_SAFE_INTEGER) ?? 0,
  };
}

/** /rh/employees: search, filters, pagination and CSV export of the company's staff. */
export function EmployeesScreen() {
  const { settings } = useReadySession();
  const limit = settings.items_per_page;
  const { filters, update } = useUrlFilters(parseListFilters, 'offset');
  const listParams: Omit<TEmployeeListParams, 'limit' | 'offset'> = {
    search: filters.search || undefined,
    status: filters.status,
    group: filters.group && filters.group !== UNGROUPED ? Number(filters.group) : undefined,
    grouped: filters.group === UNGROUPED ? false : undefined,
    is_active: filters.active === '' ? undefined : filters.active === 'true',
  };
  const employees = useEmployeesQuery({ ...listParams, limit, offset: filters.offset });
  const groups = useGroupOptionsQuery();
  const exportCsv = useExportEmployeesMutation();

  const hasFilters = Boolean(filters.search || filters.status || filters.group || filters.active);
  const groupOptions: SelectOption[] = [
    { value: '', label: 'Tous les groupes' },
    { value: UNGROUPED, label: 'Sans groupe' },
    ...(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name })),
  ];
  // A group from the address that is not loaded yet still shows as selected.
  if (filters.group && !groupOptions.some((o) => o.value === filters.group))
    groupOptions.push({ value: filters.group, label: 'Groupe sélectionné' });

  const resetFilters = () => update({ search: '', status: '', group: '', active: '' });

  const page = employees.data;
  let body: ReactNode;
  if (employees.isPending) body = <Spinner isBlock label="Chargement des salariés" />;
  else if (employees.isError)
    body = (
      <LoadErrorState
        title="La liste des salariés n'a pas pu être chargée."
        error={employees.error}
        onRetry={() => employees.refetch()}
      />
    );
  else if (page && page.count === 0)
    body = hasFilters ? (
      <EmptyState
        title="Aucun salarié ne correspond à ces critères."
        action={<Button variant="secondary" label="Effacer les filtres" onClick={resetFilters} />}
      />
    ) : (
      <EmptyState
        icon={<IconUsers aria-hidden="true" />}
        title="Aucun salarié pour le moment."
        description="Ajoutez vos salariés un par un ou importez-les depuis un fichier CSV."
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <Button to="/rh/employees/add" label="Ajouter un salarié" />
            <Button variant="secondary" to="/rh/employees/import" label="Importer un fichier CSV" />
          </div>
        }
      />
    );
  else if (page) body = <EmployeeResults employees={page.results} />;

  return (
    <div className="flex flex-col gap-4">
      <PageTitle
        title="Salariés"
        subtitle={page ? countText(page.count, page.count_is_estimate) : undefined}
        actions={
          <>
            {settings.cards_enabled ? (
              <Button
                variant="secondary"
                to="/rh/employees/card-links"
                label="Liens de commande de carte"
                icon={<IconCreditCard aria-hidden="true" />}
                iconPosition="left"
              />
            ) : null}
            <Button
              variant="secondary"
              to="/rh/employees/worked-days"
              label="Jours travaillés"
              icon={<IconCalendarStats aria-hidden="true" />}
              iconPosition="left"
            />
            <Button
              variant="secondary"
              to="/rh/employees/import"
              label="Importer (CSV)"
              icon={<IconUpload aria-hidden="true" />}
              iconPosition="left"
            />
            <Button
              variant="secondary"
              label="Exporter (CSV)"
              icon={<IconDownload aria-hidden="true" />}
              iconPosition="left"
              loading={exportCsv.isPending}
              onClick={() => exportCsv.mutate(listParams)}
            />
            <Button
              to="/rh/employees/add"
              label="Ajouter un salarié"
              icon={<IconPlus aria-hidden="true" />}
              iconPosition="left"
            />
          </>
        }
      />
      {exportCsv.isError ? (
        <MessageBox severity="danger" title="L'export n'a pas pu être téléchargé.">
          {errorMessage(exportCsv.error)}
        </MessageBox>
      ) : null}

      {/* biome-ignore lint/a11y/useSemanticElements: <search> is too recent for the phones we support (and jsdom). */}
      <div role="search" className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-gray-200">
        <SearchField
          label="Rechercher un salarié"
          placeholder="Nom, CIN, téléphone, e-mail ou matricule"
          value={filters.search}
          onSearch={(search) => update({ search })}
        />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <SelectField
            label="Statut"
            options={STATUS_FILTER_OPTIONS}
            value={filters.status ?? ''}
            onChange={(event) => update({ status: event.target.value })}
          />
          <SelectField
            label="Groupe"
            options={groupOptions}
            value={filters.group}
            onChange={(event) => update({ group: event.target.value })}
          />
          <SelectField
            label="Actif"
            options={ACTIVE_FILTER_OPTIONS}
            value={filters.active}
            onChange={(event) => update({ active: event.target.value })}
          />
        </div>
        {hasFilters ? (
          <div>
            <Button variant="tertiary" size="sm" label="Effacer les filtres" onClick={resetFilters} />
          </div>
        ) : null}
      </div>

      <section
        aria-label="Liste des salariés"
        aria-busy={employees.isFetching}
        className="rounded-2xl bg-white ring-1 ring-gray-200"
      >
        {body}
      </section>
      {page ? (
        <Pagination
          label="Pagination des salariés"
          count={page.count}
          countIsEstimate={page.count_is_estimate}
          limit={limit}
          offset={filters.offset}
          onOffsetChange={(offset) => update({ offset: offset > 0 ? String(offset) : '' })}
          isFetching={employees.isFetching}
        />
      ) : null}
    </div>
  );
}

function fullName(employee: TEmployeeListItem): string {
  return `${employee.first_name} ${employee.last_name}`.trim();
}

const linkClass =
  'font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';

const columns: TableColumn<TEmployeeListItem>[] = [
  {
    header: 'Nom',
    cell: (employee) => (
      <>
        <Link to={`/rh/employees/${employee.id}`} className={linkClass}>
          {fullName(employee)}
        </Link>
        {employee.account_type !== 'employee' ? (
          <span className="ml-2 text-xs text-gray-500">{ACCOUNT_TYPE_LABELS_FR[employee.account_type]}</span>
        ) : null}
      </>
    ),
  },
  { header: 'Matricule', className: 'text-gray-700', cell: (employee) => employee.serial ?? '—' },
  { header: 'CIN', className: 'text-gray-700', cell: (employee) => employee.cin ?? '—' },
  {
    header: 'Téléphone',
    className: 'whitespace-nowrap text-gray-700',
    cell: (employee) => employee.phone ?? '—',
  },
  { header: 'Groupe', className: 'text-gray-700', cell: (employee) => employee.group?.name ?? 'Sans groupe' },
  { header: 'Statut', cell: (employee) => <StatusBadge status={employee.status} /> },
  {
    header: 'Salaire',
    isNumeric: true,
    className: 'text-gray-900',
    cell: (employee) => formatMoney(employee.salary),
  },
];

function EmployeeCard({ employee }: { employee: TEmployeeListItem }) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <Link to={`/rh/employees/${employee.id}`} className={linkClass}>
          {fullName(employee)}
        </Link>
        <StatusBadge status={employee.status} className="shrink-0" />
      </div>
      <p className="text-sm text-gray-600">
        {[employee.serial, employee.group?.name ?? 'Sans groupe'].filter(Boolean).join(' · ')}
      </p>
      <p className="flex justify-between gap-3 text-sm text-gray-700">
        <span>{employee.phone ?? '—'}</span>
        <span className="font-medium">{formatMoney(employee.salary)}</span>
      </p>
    </>
  );
}

/** A table from `md` up; on phones one card per person (a 7-column table does not fit). */
function EmployeeResults({ employees }: { employees: TEmployeeListItem[] }) {
  return (
    <ResponsiveTable
      label="Salariés"
      items={employees}
      keyOf={(employee) => employee.id}
      columns={columns}
      card={(employee) => <EmployeeCard employee={employee} />}
    />
  );
}
