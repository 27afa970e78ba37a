/**
 * Reading a bonus file (issue 13, POST /bonuses/parse/): one line per employee, `CIN or
 * matricule; amount`, with or without a header row, as CSV (French Excel's `;`, Windows-1252 or
 * UTF-8) or .xlsx. Pure: the rows in, the lines out with their amount in centimes or null when
 * the amount is not a whole number of dirhams above 0. Matching lines to employees is the
 * service's (it needs the database).
 */
import { BONUS_AMOUNT_MAX_DH } from '@tasbiq/contracts/bonuses';
import { type CsvRecord, mapColumns, parseFrenchAmount } from '../../lib/csv.ts';

export type BonusFileLine = {
  line: number;
  /** The CIN or the matricule as written (trimmed). */
  identifier: string;
  /** A second identifier when the file has both a CIN and a matricule column. */
  serial: string;
  amountText: string;
  amountCentimes: bigint | null;
};

const COLUMNS = {
  identifier: {
    aliases: [
      'cin ou matricule',
      'matricule ou cin',
      'cin/matricule',
      'identifiant',
      'id',
      'salarie',
      'employe',
      'employee',
    ],
  },
  cin: { aliases: ['n cin', 'numero cin', 'numéro de cin', 'cnie'] },
  matricule: { aliases: ['serial', 'mat', 'n matricule', 'numero matricule'] },
  amount: { aliases: ['montant', 'montant dh', 'montant (dh)', 'montant mad', 'prime', 'somme', 'valeur'] },
} as const;
type Column = keyof typeof COLUMNS;

/** A whole number of dirhams, 1 to BONUS_AMOUNT_MAX_DH, in centimes; null otherwise. */
export function wholeDirhams(text: string): bigint | null {
  const centimes = parseFrenchAmount(text);
  if (centimes === null || centimes % 100n !== 0n) return null;
  if (centimes < 100n || centimes > BigInt(BONUS_AMOUNT_MAX_DH) * 100n) return null;
  return centimes;
}

/**
 * The first row is a header when none of its cells reads as an amount ("CIN;Montant", or names we
 * do not know such as "Agent;Prime à verser"); a first line "AB123456;1500" is data.
 */
function looksLikeHeader(cells: readonly string[]): boolean {
  return cells.every((cell) => parseFrenchAmount(cell) === null);
}

/** Rows of the file (header included when there is one) → its lines. */
export function readBonusFileLines(rows: readonly CsvRecord[]): BonusFileLine[] {
  const [first, ...rest] = rows;
  if (!first) return [];
  const hasHeader = looksLikeHeader(first.cells);
  const data = hasHeader ? rest : rows;
  const mapping = hasHeader ? mapColumns<Column>(first.cells, COLUMNS) : null;
  const cell = (record: CsvRecord, index: number | undefined) =>
    index === undefined ? '' : (record.cells[index] ?? '').trim();
  // Without a header, or a header naming no identifier column: first cell the identifier.
  const idColumns = mapping
    ? [mapping.indexOf.identifier, mapping.indexOf.cin, mapping.indexOf.matricule].filter(
        (index): index is number => index !== undefined,
      )
    : [];
  if (idColumns.length === 0) idColumns.push(0);
  const amountIndex = mapping?.indexOf.amount ?? 1;
  return data.map((record) => {
    const [identifier = '', serial = ''] = idColumns.map((index) => cell(record, index)).filter(Boolean);
    const amountText = cell(record, amountIndex);
    return { line: record.line, identifier, serial, amountText, amountCentimes: wholeDirhams(amountText) };
  });
}
