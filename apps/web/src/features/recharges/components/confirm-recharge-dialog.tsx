import { TELECOM_OPERATOR_LABELS, type TRechargeProduct } from '@tasbiq/contracts/money';
import { Button } from '../../../components/ui/button.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SummaryList } from '../../../components/ui/summary-list.tsx';
import { errorMessage } from '../../../lib/errors/error-message.ts';
import { formatMoney } from '../../../lib/format/money.ts';

type ConfirmRechargeDialogProps = {
  open: boolean;
  product: TRechargeProduct;
  phone: string;
  isSending: boolean;
  error: unknown;
  onCancel: () => void;
  onConfirm: () => void;
};

/** The last look before the money leaves: operator, number, credit and price. */
export function ConfirmRechargeDialog({
  open,
  product,
  phone,
  isSending,
  error,
  onCancel,
  onConfirm,
}: ConfirmRechargeDialogProps) {
  const rows: Array<[string, string]> = [
    ['Opérateur', TELECOM_OPERATOR_LABELS[product.operator]],
    ['Numéro', phone],
    ['Recharge', formatMoney(product.amount)],
    ['Vous payez', formatMoney(product.discounted_amount)],
  ];
  return (
    <Modal
      open={open}
      title="Confirmer la recharge"
      align="bottom"
      dismissible={!isSending}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
    >
      <div className="flex flex-col gap-4">
        <SummaryList rows={rows} />
        <p className="text-sm text-gray-600">Le montant payé est déduit de votre solde disponible.</p>
        {error ? <MessageBox severity="danger">{errorMessage(error)}</MessageBox> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" label="Annuler" disabled={isSending} onClick={onCancel} />
          <Button label="Confirmer la recharge" loading={isSending} onClick={onConfirm} />
        </div>
      </div>
    </Modal>
  );
}
