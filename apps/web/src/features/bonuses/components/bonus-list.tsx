import { BONUS_RECURRENCE_LABELS_FR, BONUS_TYPE_LABELS_FR, type TBonus } from '@tasbiq/contracts/bonuses';
import { Link } from 'react-router';
import { ResponsiveTable, type TableColumn } from '../../../components/ui/responsive-table.tsx';
import { formatCount } from '../../../lib/format/count.ts';
import { formatDateTime } from '../../../lib/format/date-time.ts';
import { formatMoney } from '../../../lib/format/money.ts';
import { BonusStatusBadge } from '../../shared/components/bonus-status-badge.tsx';

const linkClass =
  'font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 rounded';

function TitleLink({ bonus }: { bonus: TBonus }) {
  return (
    <Link to={`/rh/bonuses/${bonus.id}`} className={linkClass}>
      {bonus.display_title}
    </Link>
  );
}

const columns: TableColumn<TBonus>[] = [
  { header: 'Prime', isRowHeader: true, cell: (bonus) => <TitleLink bonus={bonus} /> },
  {
    header: 'Type',
    className: 'text-gray-700',
    cell: (bonus) => (
      <>
        <span className="block">{BONUS_TYPE_LABELS_FR[bonus.type]}</span>
        <span className="block text-gray-600">{BONUS_RECURRENCE_LABELS_FR[bonus.recurrence_type]}</span>
      </>
    ),
  },
  {
    header: 'Bénéficiaires',
    isNumeric: true,
    className: 'text-gray-700',
    cell: (bonus) => bonus.beneficiaries_count.toLocaleString('fr-MA'),
  },
  {
    header: 'Total',
    isNumeric: true,
    className: 'font-medium text-gray-900',
    cell: (bonus) => formatMoney(bonus.total_amount),
  },
  {
    header: 'Créée le',
    className: 'whitespace-nowrap text-gray-700',
    cell: (bonus) => <time dateTime={bonus.created}>{formatDateTime(bonus.created)}</time>,
  },
  { header: 'Statut', cell: (bonus) => <BonusStatusBadge status={bonus.status} /> },
];

function BonusCard({ bonus }: { bonus: TBonus }) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <TitleLink bonus={bonus} />
        <span className="shrink-0 font-medium whitespace-nowrap text-gray-900 tabular-nums">
          {formatMoney(bonus.total_amount)}
        </span>
      </div>
      <p className="text-sm text-gray-700">
        {BONUS_TYPE_LABELS_FR[bonus.type]} · {BONUS_RECURRENCE_LABELS_FR[bonus.recurrence_type]} ·{' '}
        {formatCount(bonus.beneficiaries_count, 'bénéficiaire', 'bénéficiaires')}
      </p>
      <div className="flex items-center justify-between gap-3">
        <time dateTime={bonus.created} className="text-xs text-gray-600">
          {formatDateTime(bonus.created)}
        </time>
        <BonusStatusBadge status={bonus.status} />
      </div>
    </>
  );
}

/** A table from `md` up; on phones one card per bonus. */
export function BonusList({ bonuses }: { bonuses: TBonus[] }) {
  return (
    <ResponsiveTable
      label="Primes"
      items={bonuses}
      keyOf={(bonus) => String(bonus.id)}
      columns={columns}
      card={(bonus) => <BonusCard bonus={bonus} />}
    />
  );
}
