import { IconFileInvoice, IconSearch } from '@tabler/icons-react';
import {
  BILLER_CATEGORY_LABELS_FR,
  BILLERS,
  findBiller,
  normalizeBillReference,
  type TBill,
  type TBillerId,
  type TBillLookup,
} from '@tasbiq/contracts/bills';
import { ERROR_MESSAGES_FR } from '@tasbiq/contracts/error-codes';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { MessageBox } from '../../components/ui/message-box.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { errorMessage, fieldErrors, requiredMessage } from '../../lib/errors/error-message.ts';
import { formatMoney } from '../../lib/format/money.ts';
import { useEmployeeSoldeQuery } from '../shared/api/get-employee-solde.ts';
import { newIdempotencyKey } from '../shared/api/idempotency-key.ts';
import { useLookupBillMutation } from './api/lookup-bill.ts';
import { usePayBillMutation } from './api/pay-bill.ts';

const cardClass = 'flex flex-col gap-4 rounded-2xl bg-white p-4 ring-1 ring-gray-200 sm:p-6';
const frenchDate = (day: string) => day.split('-').reverse().join('/');

const billerOptions = BILLERS.map((biller) => ({
  value: biller.id,
  label: `${biller.name} — ${BILLER_CATEGORY_LABELS_FR[biller.category]}`,
}));

/** The amount typed ("523,40" or "523.40") as the API's decimal string, or null. */
function amountOf(text: string): string | null {
  const match = /^\s*(\d{1,6})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return `${match[1]}.${(match[2] ?? '').padEnd(2, '0')}`;
}

/**
 * /factures (issue 16): choose the biller, type the reference printed on the bill, look it up
 * (amount due, due date, holder partly masked), then pay it — in full, or in part where the biller
 * allows — out of the available balance, after a confirmation that repeats the biller, the
 * reference and the amount. The receipt is in the history once the biller confirms.
 */
export function BillsScreen() {
  const solde = useEmployeeSoldeQuery();
  const lookup = useLookupBillMutation();
  const pay = usePayBillMutation();
  const [billerId, setBillerId] = useState<TBillerId>('lydec');
  const [reference, setReference] = useState('');
  const [referenceError, setReferenceError] = useState<string | null>(null);
  const [bill, setBill] = useState<TBillLookup | null>(null);
  const [amountText, setAmountText] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const [attemptKey, setAttemptKey] = useState(newIdempotencyKey);
  const [done, setDone] = useState<TBill | null>(null);
  const biller = findBiller(billerId)!;

  const search = (event: FormEvent) => {
    event.preventDefault();
    setBill(null);
    setIsConfirming(false);
    pay.reset();
    const normalized = normalizeBillReference(reference);
    if (!normalized) return setReferenceError(requiredMessage(biller.reference_label));
    if (!new RegExp(biller.reference_pattern).test(normalized))
      return setReferenceError(ERROR_MESSAGES_FR.INVALID_BILL_REFERENCE ?? null);
    setReferenceError(null);
    lookup.mutate(
      { biller: billerId, reference: normalized },
      {
        onSuccess: (found) => {
          setBill(found);
          setAmountText(found.amount_due.replace('.', ','));
          setAmountError(null);
        },
        onError: (error) => setReferenceError(fieldErrors(error).reference ?? null),
      },
    );
  };

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (!bill) return;
    const amount = bill.partial ? amountOf(amountText) : bill.amount_due;
    if (!amount || Number(amount) <= 0) return setAmountError(requiredMessage('Montant à payer'));
    if (Number(amount) > Number(bill.amount_due))
      return setAmountError(ERROR_MESSAGES_FR.BILL_AMOUNT_TOO_HIGH ?? null);
    setAmountError(null);
    setAttemptKey(newIdempotencyKey());
    pay.reset();
    setIsConfirming(true);
  };

  const amountToPay = bill
    ? bill.partial
      ? (amountOf(amountText) ?? bill.amount_due)
      : bill.amount_due
    : null;

  const confirm = () => {
    if (!bill || !amountToPay) return;
    pay.mutate(
      {
        body: { biller: bill.biller, reference: bill.reference, amount: amountToPay },
        idempotencyKey: attemptKey,
      },
      {
        onSuccess: (paid) => {
          setIsConfirming(false);
          setDone(paid);
        },
      },
    );
  };

  const startAgain = () => {
    setDone(null);
    setBill(null);
    setReference('');
    lookup.reset();
    pay.reset();
  };

  if (done)
    return (
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
        <PageTitle title="Payer une facture" />
        <MessageBox severity="success">
          Votre paiement de {formatMoney(done.amount)} à {done.biller_name} pour la référence {done.reference}{' '}
          a été envoyé. Vous serez notifié dès que le facturier le confirme ; le reçu sera alors disponible
          dans l’historique.
        </MessageBox>
        <div className="flex flex-wrap gap-3">
          <Button label="Voir l’historique" variant="secondary" to="/historique?tab=bills" />
          <Button type="button" label="Payer une autre facture" onClick={startAgain} />
        </div>
      </div>
    );

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <PageTitle
        title="Payer une facture"
        subtitle="Eau, électricité, internet et téléphone fixe, payés sur votre solde disponible."
      />
      <p className="text-sm text-gray-700">
        Solde disponible :{' '}
        <strong className="tabular-nums">{solde.data ? formatMoney(solde.data.balance) : '…'}</strong>
      </p>
      <form noValidate aria-label="Rechercher une facture" onSubmit={search} className={cardClass}>
        <SelectField
          label="Facturier"
          name="biller"
          options={billerOptions}
          value={billerId}
          onChange={(event) => {
            setBillerId(event.target.value as TBillerId);
            setBill(null);
            setReferenceError(null);
          }}
        />
        <FormField
          label={biller.reference_label}
          name="reference"
          required
          autoComplete="off"
          value={reference}
          onChange={(event) => {
            setReference(event.target.value);
            setBill(null);
          }}
          hint={biller.reference_hint}
          error={referenceError ?? undefined}
        />
        {lookup.isError && !fieldErrors(lookup.error).reference ? (
          <MessageBox severity="danger">{errorMessage(lookup.error)}</MessageBox>
        ) : null}
        <Button
          type="submit"
          variant="secondary"
          label="Rechercher la facture"
          icon={<IconSearch aria-hidden="true" />}
          loading={lookup.isPending}
        />
      </form>
      {bill ? (
        <form noValidate aria-label="Facture trouvée" onSubmit={review} className={cardClass}>
          <h2 className="text-lg font-semibold text-gray-900">Facture {biller.name}</h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-gray-600">Référence</dt>
            <dd className="font-medium text-gray-900">{bill.reference}</dd>
            <dt className="text-gray-600">Titulaire</dt>
            <dd className="font-medium text-gray-900">{bill.holder}</dd>
            <dt className="text-gray-600">Échéance</dt>
            <dd className="font-medium text-gray-900">{frenchDate(bill.due_date)}</dd>
            <dt className="text-gray-600">Montant dû</dt>
            <dd className="font-semibold text-gray-900 tabular-nums">{formatMoney(bill.amount_due)}</dd>
          </dl>
          {bill.partial ? (
            <FormField
              label="Montant à payer (DH)"
              name="amount"
              inputMode="decimal"
              required
              value={amountText}
              onChange={(event) => setAmountText(event.target.value)}
              hint="Ce facturier accepte un paiement partiel."
              error={amountError ?? undefined}
            />
          ) : null}
          {isConfirming && amountToPay ? (
            <section aria-label="Confirmation du paiement" className="flex flex-col gap-3">
              <MessageBox severity="info">
                Confirmez-vous le paiement de {formatMoney(amountToPay)} à {biller.name} pour la référence{' '}
                {bill.reference} ? Le montant sera prélevé sur votre solde disponible.
              </MessageBox>
              {pay.isError ? <MessageBox severity="danger">{errorMessage(pay.error)}</MessageBox> : null}
              <div className="flex flex-wrap gap-3">
                <Button
                  type="button"
                  label="Confirmer le paiement"
                  onClick={confirm}
                  loading={pay.isPending}
                  icon={<IconFileInvoice aria-hidden="true" />}
                />
                <Button
                  type="button"
                  variant="tertiary"
                  label="Annuler"
                  onClick={() => setIsConfirming(false)}
                />
              </div>
            </section>
          ) : (
            <Button
              type="submit"
              size="lg"
              label={`Payer ${formatMoney(amountToPay ?? bill.amount_due)}`}
              icon={<IconFileInvoice aria-hidden="true" />}
            />
          )}
        </form>
      ) : null}
    </div>
  );
}
