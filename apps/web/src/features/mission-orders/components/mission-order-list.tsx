import { IconChevronRight } from '@tabler/icons-react';
import type { TMissionOrder } from '@tasbiq/contracts/mission-orders';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { formatMoney } from '../../../lib/format/money.ts';
import { formatDay } from '../format-day.ts';
import { MissionStatusBadge } from './status-badge.tsx';

type MissionOrderListProps = {
  label: string;
  orders: readonly TMissionOrder[];
  /** Where one order opens: `/missionorders/12` or `/rh/missionorders/12`. */
  linkOf: (order: TMissionOrder) => string;
  /** Reviewers see whose order it is. */
  showEmployee?: boolean;
};

/** One line per order: number, title, route and dates, advance, status (overdue ones flagged). */
export function MissionOrderList({ label, orders, linkOf, showEmployee = false }: MissionOrderListProps) {
  return (
    <ul aria-label={label} className="divide-y divide-gray-100">
      {orders.map((order) => (
        <li key={order.id}>
          <Link
            to={linkOf(order)}
            className="grid grid-cols-[1fr_auto_auto] items-center gap-x-3 gap-y-1 px-4 py-3 hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 sm:px-6"
          >
            <span className="min-w-0">
              <span className="block truncate font-medium text-gray-900">
                {order.number} · {order.title}
              </span>
              <span className="block text-sm text-gray-600">
                {showEmployee ? `${order.employee.first_name} ${order.employee.last_name} · ` : ''}
                {order.departure_city.name} → {order.arrival_city.name} · {formatDay(order.start_date)} au{' '}
                {formatDay(order.end_date)}
              </span>
            </span>
            <span className="flex flex-col items-end gap-1">
              <span className="font-semibold whitespace-nowrap text-gray-900 tabular-nums">
                {formatMoney(order.advance_amount)}
              </span>
              <span className="flex gap-1">
                {order.is_overdue ? <Badge tone="danger">En retard</Badge> : null}
                <MissionStatusBadge status={order.status} />
              </span>
            </span>
            <IconChevronRight aria-hidden="true" className="size-5 text-gray-400" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
