import type {
  TMissionAdvanceCeiling,
  TMissionOrder,
  TMissionOrderDetails,
} from '@tasbiq/contracts/mission-orders';
import { centimesToWire } from '../../lib/money.ts';
import { toWireDateTime, toWireDateTimeOrNull } from '../../lib/time.ts';
import { findCity } from '../cities/moroccan-cities.ts';
import type { MissionOrderFileRecord, MissionOrderHistoryRow, MissionOrderRow } from './queries.ts';
import { isOverdue } from './working-days.ts';

export type SerializeContext = {
  now: Date;
  /** The company's reminder delay in working days. */
  reminderWorkingDays: number;
  canReview: boolean;
  /** The caller's employee id: they may edit their own returned orders. */
  callerEmployeeId: number;
};

const cityRef = (id: number) => ({ id, name: findCity(id)?.name ?? '' });

export const fileUrl = (orderId: number, fileId: number) => `/api/expenses/odm/${orderId}/files/${fileId}/`;

export function serializeMissionOrder(
  { order, employee }: MissionOrderRow,
  files: MissionOrderFileRecord[],
  context: SerializeContext,
): TMissionOrder {
  const own = order.employeeId === context.callerEmployeeId;
  return {
    id: order.id,
    number: order.number,
    title: order.title,
    start_date: order.startDate,
    end_date: order.endDate,
    guests: order.guests,
    departure_city: cityRef(order.departureCityId),
    arrival_city: cityRef(order.arrivalCityId),
    description: order.description,
    advance_amount: centimesToWire(order.advanceCentimes),
    requested_advance_amount: centimesToWire(order.requestedAdvanceCentimes),
    advance_status: order.advanceStatus,
    payout_method: order.payoutMethod,
    advance_paid: centimesToWire(order.advancePaidCentimes),
    advance_failure_reason: order.failureReason,
    status: order.status,
    report_status: order.reportStatus,
    employee: {
      id: employee.id,
      first_name: employee.firstName,
      last_name: employee.lastName,
      serial: employee.serial,
    },
    files: files.map((file) => ({
      id: file.id,
      name: file.fileName,
      content_type: file.contentType,
      size: file.sizeBytes,
      url: fileUrl(order.id, file.id),
    })),
    created: toWireDateTime(order.createdAt),
    submitted: toWireDateTime(order.submittedAt),
    replied: toWireDateTimeOrNull(order.repliedAt),
    is_overdue:
      order.status === 'pending' && isOverdue(order.submittedAt, context.now, context.reminderWorkingDays),
    can_review: context.canReview && !own && order.status === 'pending',
    can_edit: own && order.status === 'returned',
    is_own: own,
  };
}

export function serializeCeiling(ceiling: {
  limitCentimes: number | null;
  routeCeilingCentimes: number | null;
  ceilingCentimes: number | null;
}): TMissionAdvanceCeiling {
  const wire = (value: number | null) => (value === null ? null : centimesToWire(BigInt(value)));
  return {
    limit: wire(ceiling.limitCentimes),
    route_ceiling: wire(ceiling.routeCeilingCentimes),
    ceiling: wire(ceiling.ceilingCentimes),
  };
}

export function serializeDetails(
  row: MissionOrderRow,
  files: MissionOrderFileRecord[],
  history: MissionOrderHistoryRow[],
  ceiling: TMissionAdvanceCeiling,
  context: SerializeContext,
): TMissionOrderDetails {
  return {
    ...serializeMissionOrder(row, files, context),
    history: history.map(({ event, userId, firstName, lastName }) => ({
      id: event.id,
      type: event.type,
      comment: event.comment,
      by: userId === null ? null : { id: userId, first_name: firstName ?? '', last_name: lastName ?? '' },
      amount_before: event.amountBeforeCentimes === null ? null : centimesToWire(event.amountBeforeCentimes),
      amount_after: event.amountAfterCentimes === null ? null : centimesToWire(event.amountAfterCentimes),
      created: toWireDateTime(event.createdAt),
    })),
    advance_ceiling: ceiling,
  };
}
