import { useMutation } from '@tanstack/react-query';
import { CARD_DELIVERY_CALL_WINDOW_FR, type TCardOrder } from '@tasbiq/contracts/cards';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { MessageBox } from '../../components/ui/message-box.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/errors/error-message.ts';
import { OtpField } from '../shared/components/otp-field.tsx';
import {
  orderFromOnboarding,
  requestOnboardingOtp,
  useOnboardingOrderQuery,
  verifyOnboarding,
  verifyOnboardingOtp,
} from './api/onboarding.ts';
import { CardOrderForm } from './components/card-order-form.tsx';
import { OrderProgress } from './components/order-progress.tsx';

type Step =
  | { name: 'phone' }
  | { name: 'otp'; flowToken: string; phone: string }
  | { name: 'order'; phoneToken: string; phone: string }
  | { name: 'placed'; phoneToken: string; order: TCardOrder };

/**
 * /onboarding?token=… (spec §2, §7 Onboarding): the card order from the link HR sent, without an
 * account session — the link, then the mobile and its SMS code, then the same order form.
 */
export function OnboardingScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useMutation({ mutationFn: verifyOnboarding });
  const [step, setStep] = useState<Step>({ name: 'phone' });
  const [phone, setPhone] = useState('');
  const [otp, setOtp] = useState('');
  const sendCode = useMutation({ mutationFn: () => requestOnboardingOtp(token, phone) });
  const checkCode = useMutation({
    mutationFn: (flowToken: string) => verifyOnboardingOtp(flowToken, otp.trim()),
  });
  const order = useMutation({
    mutationFn: (input: Parameters<typeof orderFromOnboarding>[0]) =>
      orderFromOnboarding(input, token, step.name === 'order' ? step.phoneToken : ''),
  });
  const placed = useOnboardingOrderQuery(
    step.name === 'placed' ? step.order : null,
    token,
    step.name === 'placed' ? step.phoneToken : '',
  );

  const { mutate: verifyToken } = verify;
  useEffect(() => {
    if (token) verifyToken(token);
  }, [token, verifyToken]);

  let body: ReactNode;
  if (!token) body = <MessageBox severity="danger">Le lien est invalide ou a expiré.</MessageBox>;
  else if (verify.isPending || verify.isIdle) body = <Spinner isBlock label="Vérification du lien" />;
  else if (verify.isError) body = <MessageBox severity="danger">{errorMessage(verify.error)}</MessageBox>;
  else if (step.name === 'phone')
    body = (
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          sendCode.mutate(undefined, {
            onSuccess: (answer) => setStep({ name: 'otp', flowToken: answer.token, phone: answer.phone }),
          });
        }}
      >
        <p className="text-sm text-gray-700">
          Bonjour {verify.data.first_name}, {verify.data.company} vous invite à commander votre carte
          prépayée. Saisissez votre numéro de mobile : nous vous envoyons un code par SMS.
        </p>
        <FormField
          label="Numéro de mobile"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={phone}
          placeholder="06 12 34 56 78"
          error={sendCode.error ? errorMessage(sendCode.error) : undefined}
          onChange={(e) => setPhone(e.target.value)}
        />
        <Button type="submit" label="Recevoir le code" loading={sendCode.isPending} />
      </form>
    );
  else if (step.name === 'otp')
    body = (
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          checkCode.mutate(step.flowToken, {
            onSuccess: (answer) =>
              setStep({ name: 'order', phoneToken: answer.phone_token, phone: step.phone }),
          });
        }}
      >
        <p className="text-sm text-gray-700">Saisissez le code à 6 chiffres envoyé au {step.phone}.</p>
        <OtpField
          label="Code reçu par SMS"
          value={otp}
          error={checkCode.error ? errorMessage(checkCode.error) : undefined}
          onChange={(e) => setOtp(e.target.value)}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" label="Valider" loading={checkCode.isPending} />
          <Button variant="tertiary" label="Changer de numéro" onClick={() => setStep({ name: 'phone' })} />
        </div>
      </form>
    );
  else if (step.name === 'order')
    body = (
      <CardOrderForm
        phone={step.phone}
        isSubmitting={order.isPending}
        error={order.error}
        onSubmit={(input) =>
          order.mutate(input, {
            onSuccess: (created) => setStep({ name: 'placed', phoneToken: step.phoneToken, order: created }),
          })
        }
      />
    );
  else {
    const current = placed.data ?? step.order;
    body =
      current.status === 'accepted' ? (
        <MessageBox severity="success" title="Votre carte est commandée">
          Votre CIN a été vérifiée. {CARD_DELIVERY_CALL_WINDOW_FR} Connectez-vous ensuite à Tasbiq pour
          confirmer sa réception et signer votre contrat.
        </MessageBox>
      ) : (
        <OrderProgress
          order={current}
          whenRefused={
            <>
              <p className="mt-1">
                Ce lien a servi à cette commande. Pour recommencer, demandez un nouveau lien à votre service
                RH, ou connectez-vous à Tasbiq et commandez votre carte depuis la rubrique « Carte ».
              </p>
              <p className="mt-2">
                <Link className="font-medium underline" to="/login">
                  Se connecter à Tasbiq
                </Link>
              </p>
            </>
          }
        />
      );
  }

  return (
    <div className="flex flex-col gap-4">
      <PageTitle title="Commande de carte" />
      <div className="rounded-2xl bg-white p-4 ring-1 ring-gray-200 sm:p-6">{body}</div>
    </div>
  );
}
