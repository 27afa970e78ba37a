import type { TExpense } from '@tasbiq/contracts/expenses';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useReceiptUrl } from '../api/receipt-image.ts';

/** The receipt's 320 px thumbnail as a button that opens the photo full size. */
export function ReceiptThumbnail({ expense, onOpen }: { expense: TExpense; onOpen: () => void }) {
  const url = useReceiptUrl(expense.id, 'thumbnail', !!expense.receipt);
  if (!expense.receipt) return <div className="size-16 shrink-0 rounded-lg bg-gray-100" />;
  return (
    <button
      type="button"
      onClick={onOpen}
      className="size-16 shrink-0 overflow-hidden rounded-lg bg-gray-100 ring-1 ring-gray-200 focus-visible:outline-2 focus-visible:outline-brand-600"
      aria-label={`Ouvrir le justificatif ${expense.receipt.display_name}`}
    >
      {url ? <img src={url} alt="" className="size-full object-cover" /> : null}
    </button>
  );
}

/** The photo full size, for a modal. */
export function FullReceipt({ expense }: { expense: TExpense }) {
  const url = useReceiptUrl(expense.id, 'full');
  return url ? (
    <img src={url} alt={`Justificatif : ${expense.title}`} className="max-h-[75vh] w-full object-contain" />
  ) : (
    <Spinner label="Chargement du justificatif…" isBlock />
  );
}
