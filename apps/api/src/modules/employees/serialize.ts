import type { TEmployeeCardSummary } from '@tasbiq/contracts/cards';
import type {
  AccountType,
  EmployeeStatus,
  TEmployeeDetail,
  TEmployeeListItem,
  TPendingChange,
} from '@tasbiq/contracts/employees';
import { isDrh, isHr } from '@tasbiq/contracts/roles';
import type { employeeWorkedTime } from '../../db/schema/employees.ts';
import { centimesToWire } from '../../lib/money.ts';
import { toWireDateTime } from '../../lib/time.ts';
import type { EmployeeListRow, EmployeeRecord } from './queries.ts';

/** `drh` has the DRH role, `rh` RH without DRH, `employee` neither (decision 010). */
export function accountTypeOf(roles: readonly string[]): AccountType {
  if (isDrh(roles)) return 'drh';
  return isHr(roles) ? 'rh' : 'employee';
}

export function serializeListItem(row: EmployeeListRow): TEmployeeListItem {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    cin: row.cin,
    serial: row.serial,
    group: row.groupId === null ? null : { id: row.groupId, name: row.groupName ?? '' },
    status: row.status as EmployeeStatus,
    is_active: row.isActive,
    account_type: accountTypeOf(row.roles),
    salary: centimesToWire(row.salaryCentimes),
    created: toWireDateTime(row.createdAt),
  };
}

type WorkedTimeRow = typeof employeeWorkedTime.$inferSelect;

export function serializeDetail(
  record: EmployeeRecord,
  workedTime: WorkedTimeRow | null,
  pendingChanges: TPendingChange[],
  /** The prepaid card (the same summary as GET /employees/{id}/card), null without one. */
  card: TEmployeeCardSummary | null = null,
): TEmployeeDetail {
  const { employee, user, group } = record;
  return {
    ...serializeListItem({
      id: employee.id,
      userId: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone,
      cin: user.cin,
      serial: employee.serial,
      groupId: group?.id ?? null,
      groupName: group?.name ?? null,
      status: employee.status,
      isActive: employee.isActive,
      roles: user.roles,
      salaryCentimes: employee.salaryCentimes,
      createdAt: employee.createdAt,
    }),
    is_restricted: employee.isRestricted,
    hourly_rate: centimesToWire(employee.hourlyRateCentimes),
    net_payable: centimesToWire(employee.netPayableCentimes),
    rib: employee.rib,
    birthday: employee.birthday,
    advance_percentage: employee.advancePercentage,
    max_advances_per_month: employee.maxAdvancesPerMonth,
    max_free_advances_per_month: employee.maxFreeAdvancesPerMonth,
    total_max_advance_per_month: centimesToWire(employee.totalMaxAdvancePerMonthCentimes),
    balance_method: employee.balanceMethod,
    has_password: user.passwordHash !== null,
    phone_confirmed: user.phoneConfirmedAt !== null,
    card,
    worked_time: workedTime
      ? {
          year: workedTime.year,
          month: workedTime.month,
          worked_days: workedTime.workedDays,
          worked_hours: workedTime.workedHours,
        }
      : null,
    recent_advances: [],
    pending_changes: pendingChanges,
    updated: toWireDateTime(employee.updatedAt),
  };
}
