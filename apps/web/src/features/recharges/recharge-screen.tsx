import { IconDeviceMobile } from '@tabler/icons-react';
import type { TRechargeProduct, TTelecomOperator } from '@tasbiq/contracts/money';
import type { TRecharge } from '@tasbiq/contracts/recharges';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { MessageBox } from '../../components/ui/message-box.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage, requiredMessage } from '../../lib/errors/error-message.ts';
import { formatMoney } from '../../lib/format/money.ts';
import { useReadySession } from '../session/ready-session.tsx';
import { useEmployeeSoldeQuery } from '../shared/api/get-employee-solde.ts';
import { newIdempotencyKey } from '../shared/api/idempotency-key.ts';
import { useCreateRechargeMutation } from './api/create-recharge.ts';
import { ConfirmRechargeDialog } from './components/confirm-recharge-dialog.tsx';
import { OperatorPicker } from './components/operator-picker.tsx';
import { ProductPicker } from './components/product-picker.tsx';
import { RechargeOutcome } from './components/recharge-outcome.tsx';
import { normalizedPhone, phoneError } from './recharge-phone.ts';

const balanceCardClass =
  'flex min-h-16 items-center justify-between gap-3 rounded-2xl bg-brand-700 p-4 text-white';

/**
 * The available balance. Loading keeps the card's size, so the form below does not jump when the
 * amount arrives (a tap aimed at an operator would land elsewhere).
 */
function BalanceLine() {
  const solde = useEmployeeSoldeQuery();
  if (solde.isError)
    return (
      <p className="text-sm text-gray-600">
        Solde indisponible : {errorMessage(solde.error)}{' '}
        <button
          type="button"
          onClick={() => solde.refetch()}
          className="font-medium text-brand-700 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          Réessayer
        </button>
      </p>
    );
  return (
    <dl className={balanceCardClass}>
      <dt className="text-sm font-medium text-white/80">Solde disponible</dt>
      <dd className="text-2xl font-bold tabular-nums">
        {solde.isPending ? (
          <Spinner
            size="sm"
            label="Chargement du solde"
            className="[&_span]:border-white [&_span]:border-t-transparent"
          />
        ) : (
          formatMoney(solde.data.balance)
        )}
      </dd>
    </dl>
  );
}

/**
 * /recharge: operator, top-up, Moroccan mobile number (the employee's own by default), a
 * confirmation, then the operator's answer. Paid out of the same available balance as advances.
 */
export function RechargeScreen() {
  const { account } = useReadySession();
  const solde = useEmployeeSoldeQuery();
  const create = useCreateRechargeMutation();
  const [operator, setOperator] = useState<TTelecomOperator>('iam');
  const [product, setProduct] = useState<TRechargeProduct | null>(null);
  const [phone, setPhone] = useState(account.phone ?? '');
  const [isPhoneChecked, setIsPhoneChecked] = useState(false);
  const [isProductMissing, setIsProductMissing] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const [attemptKey, setAttemptKey] = useState(newIdempotencyKey);
  const [done, setDone] = useState<TRecharge | null>(null);

  const shownPhoneError = isPhoneChecked ? phoneError(phone) : null;
  const balance = solde.data ? Number(solde.data.balance) : null;
  const isTooExpensive = product !== null && balance !== null && Number(product.discounted_amount) > balance;

  const chooseOperator = (next: TTelecomOperator) => {
    setOperator(next);
    // Products belong to one operator.
    if (product?.operator !== next) setProduct(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsPhoneChecked(true);
    setIsProductMissing(product === null);
    if (product === null || phoneError(phone) !== null || isTooExpensive) return;
    // Opening the confirmation starts a new attempt; its retries keep the key.
    setAttemptKey(newIdempotencyKey());
    create.reset();
    setIsConfirming(true);
  };

  const confirm = () => {
    if (!product) return;
    create.mutate(
      {
        body: { phone: normalizedPhone(phone), product: product.id, amount: product.amount },
        idempotencyKey: attemptKey,
      },
      {
        onSuccess: (recharge) => {
          setIsConfirming(false);
          setDone(recharge);
        },
      },
    );
  };

  const startAgain = () => {
    setDone(null);
    setProduct(null);
    create.reset();
  };

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <PageTitle title="Recharge téléphonique" subtitle="Rechargez votre mobile ou celui d’un proche." />
      {done ? (
        <RechargeOutcome key={done.id} recharge={done} onAgain={startAgain} />
      ) : (
        <>
          <BalanceLine />
          <form
            noValidate
            aria-label="Nouvelle recharge"
            onSubmit={submit}
            className="flex flex-col gap-5 rounded-2xl bg-white p-4 ring-1 ring-gray-200 sm:p-6"
          >
            <OperatorPicker value={operator} onChange={chooseOperator} />
            <ProductPicker
              operator={operator}
              value={product}
              onChange={(next) => {
                setProduct(next);
                setIsProductMissing(false);
              }}
            />
            {isProductMissing ? (
              <p className="-mt-3 text-sm text-red-600">{requiredMessage('Montant de la recharge')}</p>
            ) : null}
            <FormField
              label="Numéro à recharger"
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              required
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
              onBlur={() => setIsPhoneChecked(true)}
              hint="Un mobile marocain : 06…, 07… ou +212…"
              error={shownPhoneError ?? undefined}
            />
            {isTooExpensive ? (
              <MessageBox severity="warning">Votre solde est insuffisant pour cette recharge.</MessageBox>
            ) : null}
            <Button
              type="submit"
              size="lg"
              label={product ? `Recharger ${formatMoney(product.amount)}` : 'Recharger'}
              icon={<IconDeviceMobile aria-hidden="true" />}
              disabled={isTooExpensive}
            />
          </form>
          {product ? (
            <ConfirmRechargeDialog
              open={isConfirming}
              product={product}
              phone={normalizedPhone(phone)}
              isSending={create.isPending}
              error={create.error}
              onCancel={() => setIsConfirming(false)}
              onConfirm={confirm}
            />
          ) : null}
        </>
      )}
    </div>
  );
}
