import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResponsiveTable, type TableColumn } from './responsive-table.tsx';

type Row = { id: number; name: string; amount: string };

const rows: Row[] = [
  { id: 1, name: 'Karim', amount: '500 DH' },
  { id: 2, name: 'Salma', amount: '1 200 DH' },
];
const columns: TableColumn<Row>[] = [
  { header: 'Nom', isRowHeader: true, cell: (row) => row.name },
  { header: 'Montant', isNumeric: true, cell: (row) => row.amount },
];

describe('ResponsiveTable', () => {
  it('renders the same items as phone cards and as table rows', () => {
    render(
      <ResponsiveTable
        label="Lignes"
        caption="Lignes du tableau"
        items={rows}
        keyOf={(row) => row.id}
        columns={columns}
        card={(row) => <p>Carte {row.name}</p>}
      />,
    );
    const cards = within(screen.getByRole('list', { name: 'Lignes' })).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual(['Carte Karim', 'Carte Salma']);

    const table = screen.getByRole('table', { name: 'Lignes du tableau' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Nom', 'Montant']);
    expect(within(table).getByRole('rowheader', { name: 'Salma' })).toBeInTheDocument();
    const amount = within(table).getByRole('cell', { name: '1 200 DH' });
    expect(amount.className).toContain('text-right');
  });

  it('puts a footer under the rows', () => {
    render(
      <ResponsiveTable
        label="Lignes"
        items={rows}
        keyOf={(row) => row.id}
        columns={columns}
        card={(row) => row.name}
        footer={
          <tfoot>
            <tr>
              <td colSpan={2}>Total</td>
            </tr>
          </tfoot>
        }
      />,
    );
    expect(screen.getByRole('table', { name: 'Lignes' }).querySelector('tfoot')?.textContent).toBe('Total');
  });
});
