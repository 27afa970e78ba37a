import { TRANSFER_NETWORK_NAME } from '@tasbiq/contracts/transfers';
import { Button } from '../../../components/ui/button.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SummaryList } from '../../../components/ui/summary-list.tsx';
import { errorMessage } from '../../../lib/errors/error-message.ts';
import { formatMoney } from '../../../lib/format/money.ts';

type ConfirmTransferDialogProps = {
  open: boolean;
  name: string;
  phone: string;
  /** Decimal strings ("500.00"). */
  amount: string;
  fee: string;
  isSending: boolean;
  error: unknown;
  onCancel: () => void;
  onConfirm: () => void;
};

/** The last look before the money leaves: who collects it, how much, the fee and the total drawn. */
export function ConfirmTransferDialog({
  open,
  name,
  phone,
  amount,
  fee,
  isSending,
  error,
  onCancel,
  onConfirm,
}: ConfirmTransferDialogProps) {
  const total = (Number(amount) + Number(fee)).toFixed(2);
  const rows: Array<[string, string]> = [
    ['Bénéficiaire', name],
    ['Mobile', phone],
    ['Montant à retirer', formatMoney(amount)],
    ['Frais', formatMoney(fee)],
    ['Déduit de votre solde', formatMoney(total)],
  ];
  return (
    <Modal
      open={open}
      title="Confirmer le transfert"
      align="bottom"
      dismissible={!isSending}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
    >
      <div className="flex flex-col gap-4">
        <p className="text-base text-gray-900">
          Envoyer <strong>{formatMoney(amount)}</strong> à <strong>{name}</strong> ?
        </p>
        <SummaryList rows={rows} />
        <p className="text-sm text-gray-600">
          {name} recevra un code par SMS pour retirer l’argent dans une agence {TRANSFER_NETWORK_NAME}, avec
          sa CIN.
        </p>
        {error ? <MessageBox severity="danger">{errorMessage(error)}</MessageBox> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" label="Annuler" disabled={isSending} onClick={onCancel} />
          <Button label="Confirmer le transfert" loading={isSending} onClick={onConfirm} />
        </div>
      </div>
    </Modal>
  );
}
