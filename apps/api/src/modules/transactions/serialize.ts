import { findBiller } from '@tasbiq/contracts/bills';
import { TELECOM_OPERATOR_LABELS, type TTelecomOperator } from '@tasbiq/contracts/money';
import { TRANSACTION_TYPE_LABELS_FR, type TTransaction } from '@tasbiq/contracts/transactions';
import { centimesToWire } from '../../lib/money.ts';
import { toWireDateTime } from '../../lib/time.ts';
import type { TransactionRow } from './queries.ts';

const dh = (centimes: bigint) => `${centimesToWire(centimes).replace(/\.00$/, '')} DH`;

/** "Avance sur salaire", or "Recharge Maroc Telecom 50 DH" (the line's credit; `amount` is what was paid). */
function titleOf(row: TransactionRow): string {
  if (row.type === 'recharge') {
    const operator = TELECOM_OPERATOR_LABELS[row.operator as TTelecomOperator] ?? row.operator ?? '';
    return `Recharge ${operator} ${dh(row.faceAmountCentimes)}`;
  }
  if (row.type === 'transfer') return `Transfert à ${row.recipient ?? ''}`.trim();
  if (row.type === 'bill') return `Facture ${findBiller(row.operator ?? '')?.name ?? row.operator ?? ''}`;
  if (row.type === 'expense_settlement')
    return row.status === 'owed'
      ? `Frais de mission à rembourser — ${row.operator ?? ''}`
      : `Remboursement de frais de mission — ${row.operator ?? ''}`;
  return TRANSACTION_TYPE_LABELS_FR.advance;
}

export function serializeTransaction(row: TransactionRow): TTransaction {
  return {
    id: row.id,
    type: row.type,
    employee: { id: row.employeeId, first_name: row.firstName, last_name: row.lastName, serial: row.serial },
    title: titleOf(row),
    amount: centimesToWire(row.amountCentimes),
    fees: centimesToWire(row.feesCentimes),
    status: row.status,
    created: toWireDateTime(row.createdAt),
  };
}
