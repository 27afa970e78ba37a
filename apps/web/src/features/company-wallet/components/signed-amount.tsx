import { cx } from '../../../lib/cx.ts';
import { formatMoney } from '../../../lib/format/money.ts';

/**
 * A wallet movement's amount, bank-statement style: "+ 500 DH" in green for a credit (money in),
 * "− 1 515 DH" for a debit (money out). The sign is text, not only colour, and screen readers hear
 * "Crédit"/"Débit" as well.
 */
export function SignedAmount({ amount, className }: { amount: string; className?: string }) {
  const isDebit = amount.trim().startsWith('-');
  const absolute = isDebit ? amount.trim().slice(1) : amount;
  return (
    <span
      className={cx(
        'font-medium whitespace-nowrap tabular-nums',
        isDebit ? 'text-red-700' : 'text-emerald-700',
        className,
      )}
    >
      <span className="sr-only">{isDebit ? 'Débit ' : 'Crédit '}</span>
      <span aria-hidden="true">{isDebit ? '−\u00a0' : '+\u00a0'}</span>
      {formatMoney(absolute)}
    </span>
  );
}
