import { IconArrowsExchange } from '@tabler/icons-react';
import {
  TRANSFER_EXPIRY_DAYS,
  TRANSFER_FEE_DH,
  TRANSFER_MAX_DH,
  TRANSFER_MIN_DH,
  TRANSFER_NETWORK_NAME,
  type TTransfer,
  ZRecipientName,
} from '@tasbiq/contracts/transfers';
import { isMoroccanMobile, normalizeMoroccanPhone } from '@tasbiq/contracts/validators';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { MessageBox } from '../../components/ui/message-box.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { errorMessage, requiredMessage } from '../../lib/errors/error-message.ts';
import { formatMoney } from '../../lib/format/money.ts';
import { useEmployeeSoldeQuery } from '../shared/api/get-employee-solde.ts';
import { newIdempotencyKey } from '../shared/api/idempotency-key.ts';
import { useCreateTransferMutation } from './api/create-transfer.ts';
import { ConfirmTransferDialog } from './components/confirm-transfer-dialog.tsx';
import { MyTransfers } from './components/my-transfers.tsx';
import { SavedRecipients } from './components/saved-recipients.tsx';

const FEE = `${TRANSFER_FEE_DH}.00`;

type Errors = { name?: string; phone?: string; amount?: string };

function check(name: string, phone: string, amount: string, balance: number | null): Errors {
  const errors: Errors = {};
  if (name.trim() === '') errors.name = requiredMessage('Nom du bénéficiaire');
  else if (!ZRecipientName.safeParse(name).success)
    errors.name = 'Saisissez le nom et le prénom du bénéficiaire.';
  if (phone.trim() === '') errors.phone = requiredMessage('Mobile du bénéficiaire');
  else if (!isMoroccanMobile(phone))
    errors.phone = 'Saisissez un numéro de mobile marocain valide (06… ou 07…, ou +212…).';
  const dh = Number(amount);
  if (amount.trim() === '') errors.amount = requiredMessage('Montant');
  else if (!/^\d+$/.test(amount.trim())) errors.amount = 'Le montant doit être un nombre entier de dirhams.';
  else if (dh < TRANSFER_MIN_DH) errors.amount = `Le montant minimum est de ${TRANSFER_MIN_DH} DH.`;
  else if (dh > TRANSFER_MAX_DH)
    errors.amount = `Le montant maximum d’un transfert est de ${TRANSFER_MAX_DH} DH.`;
  else if (balance !== null && dh + TRANSFER_FEE_DH > balance)
    errors.amount = 'Votre solde est insuffisant pour ce transfert (frais compris).';
  return errors;
}

/**
 * /transfer (issue 16): send money to a person in Morocco who collects it in cash at an agency of
 * the transfer network with the code sent by SMS. A saved recipient fills the form; a confirmation
 * repeats the name and the amount; the latest transfers follow below with their live status.
 */
export function TransferScreen() {
  const solde = useEmployeeSoldeQuery();
  const create = useCreateTransferMutation();
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [amount, setAmount] = useState('');
  const [save, setSave] = useState(false);
  const [isChecked, setIsChecked] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const [attemptKey, setAttemptKey] = useState(newIdempotencyKey);
  const [done, setDone] = useState<TTransfer | null>(null);

  const balance = solde.data ? Number(solde.data.balance) : null;
  const errors = isChecked ? check(name, phone, amount, balance) : {};
  const normalizedPhone = normalizeMoroccanPhone(phone) ?? phone.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsChecked(true);
    if (Object.keys(check(name, phone, amount, balance)).length > 0) return;
    setAttemptKey(newIdempotencyKey());
    create.reset();
    setDone(null);
    setIsConfirming(true);
  };

  const confirm = () => {
    create.mutate(
      {
        body: {
          recipient_name: name.trim(),
          recipient_phone: phone,
          amount: amount.trim(),
          save_recipient: save,
        },
        idempotencyKey: attemptKey,
      },
      {
        onSuccess: (transfer) => {
          setIsConfirming(false);
          setDone(transfer);
          setName('');
          setPhone('');
          setAmount('');
          setSave(false);
          setIsChecked(false);
        },
      },
    );
  };

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <PageTitle
        title="Transfert d’argent"
        subtitle={`Envoyez de l’argent à un proche au Maroc, à retirer en espèces dans une agence ${TRANSFER_NETWORK_NAME}.`}
      />
      <dl className="flex min-h-16 items-center justify-between gap-3 rounded-2xl bg-brand-700 p-4 text-white">
        <dt className="text-sm font-medium text-white/80">Solde disponible</dt>
        <dd className="text-2xl font-bold tabular-nums">
          {solde.data ? formatMoney(solde.data.balance) : solde.isError ? '—' : '…'}
        </dd>
      </dl>
      {done ? (
        <MessageBox severity="success">
          Transfert de {formatMoney(done.amount)} à {done.recipient_name} enregistré. {done.recipient_name}{' '}
          recevra par SMS le code de retrait, valable {TRANSFER_EXPIRY_DAYS} jours.
        </MessageBox>
      ) : null}
      <form
        noValidate
        aria-label="Nouveau transfert"
        onSubmit={submit}
        className="flex flex-col gap-5 rounded-2xl bg-white p-4 ring-1 ring-gray-200 sm:p-6"
      >
        <SavedRecipients
          onPick={(recipient) => {
            setName(recipient.name);
            setPhone(recipient.phone);
          }}
        />
        <FormField
          label="Nom du bénéficiaire"
          name="recipient_name"
          autoComplete="off"
          required
          value={name}
          onChange={(event) => setName(event.target.value)}
          hint="Tel qu’écrit sur sa CIN"
          error={errors.name}
        />
        <FormField
          label="Mobile du bénéficiaire"
          name="recipient_phone"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          required
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          hint="Le code de retrait lui est envoyé par SMS : 06…, 07… ou +212…"
          error={errors.phone}
        />
        <FormField
          label="Montant (DH)"
          name="amount"
          inputMode="numeric"
          required
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          hint={`De ${TRANSFER_MIN_DH} à ${formatMoney(`${TRANSFER_MAX_DH}.00`)}, frais de ${formatMoney(FEE)} en plus`}
          error={errors.amount}
        />
        <label className="flex min-h-11 items-center gap-3 text-sm text-gray-900">
          <input
            type="checkbox"
            checked={save}
            onChange={(event) => setSave(event.target.checked)}
            className="size-5 accent-brand-700"
          />
          Enregistrer ce bénéficiaire
        </label>
        <Button type="submit" size="lg" label="Continuer" icon={<IconArrowsExchange aria-hidden="true" />} />
      </form>
      <ConfirmTransferDialog
        open={isConfirming}
        name={name.trim()}
        phone={normalizedPhone}
        amount={`${Number(amount) || 0}.00`}
        fee={FEE}
        isSending={create.isPending}
        error={create.error}
        onCancel={() => setIsConfirming(false)}
        onConfirm={confirm}
      />
      {create.isError && !isConfirming ? (
        <MessageBox severity="danger">{errorMessage(create.error)}</MessageBox>
      ) : null}
      <MyTransfers />
    </div>
  );
}
