import type { ReactNode } from 'react';
import { cx } from '../../lib/cx.ts';

export type TableColumn<Item> = {
  header: string;
  cell: (item: Item) => ReactNode;
  /** Amounts and counts: right-aligned, on one line, digits in columns. */
  isNumeric?: boolean;
  /** This cell names the row for screen readers (`<th scope="row">`). */
  isRowHeader?: boolean;
  /** Extra classes of the body cells (colour, weight, wrapping). */
  className?: string;
};

type ResponsiveTableProps<Item> = {
  /** Names the phone list and, unless `caption` is given, the table. */
  label: string;
  caption?: string;
  items: readonly Item[];
  keyOf: (item: Item) => string | number;
  /** What one card holds on phones. */
  card: (item: Item) => ReactNode;
  columns: readonly TableColumn<Item>[];
  /** A `<tfoot>` (totals) under the table's rows. */
  footer?: ReactNode;
  /**
   * A table wide enough to scroll sideways on a laptop (many money columns): its scroll box becomes
   * a named, focusable region so a keyboard can scroll it (axe scrollable-region-focusable).
   */
  isWide?: boolean;
};

const numericCell = 'text-right whitespace-nowrap tabular-nums';

/**
 * A list as a table from `md` up and as one card per item on phones, where a table of five or more
 * columns does not fit without sideways scrolling.
 */
export function ResponsiveTable<Item>({
  label,
  caption,
  items,
  keyOf,
  card,
  columns,
  footer,
  isWide = false,
}: ResponsiveTableProps<Item>) {
  return (
    <>
      <ul aria-label={label} className="divide-y divide-gray-100 md:hidden">
        {items.map((item) => (
          <li key={keyOf(item)} className="flex flex-col gap-1 px-4 py-3">
            {card(item)}
          </li>
        ))}
      </ul>
      <div
        className="hidden overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 md:block"
        {...(isWide ? { role: 'region', 'aria-label': `Tableau : ${caption ?? label}`, tabIndex: 0 } : {})}
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption ?? label}</caption>
          <thead className="border-b border-gray-200 text-xs tracking-wide text-gray-600 uppercase">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.header}
                  scope="col"
                  className={cx('px-4 py-3 font-medium', column.isNumeric && 'text-right')}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {items.map((item) => (
              <tr key={keyOf(item)} className="hover:bg-gray-50">
                {columns.map((column) => {
                  const className = cx('px-4 py-3', column.isNumeric && numericCell, column.className);
                  return column.isRowHeader ? (
                    <th key={column.header} scope="row" className={className}>
                      {column.cell(item)}
                    </th>
                  ) : (
                    <td key={column.header} className={className}>
                      {column.cell(item)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
          {footer}
        </table>
      </div>
    </>
  );
}
