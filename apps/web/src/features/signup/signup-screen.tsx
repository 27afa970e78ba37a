import type { TTokenPair } from '@tasbiq/contracts/auth';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { MessageBox } from '../../components/ui/message-box.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/errors/error-message.ts';
import { isApiError } from '../../lib/http/api-error.ts';
import { setTokens } from '../../lib/http/token-store.ts';
import { useSignupCompanyQuery } from './api/get-signup-company.ts';
import { SignupDetailsStep } from './components/signup-details-step.tsx';
import { SignupOtpStep } from './components/signup-otp-step.tsx';
import { SignupPhoneStep } from './components/signup-phone-step.tsx';

export const INVALID_SIGNUP_LINK = 'Le lien est invalide ou a expiré.';

type Step =
  | { name: 'phone'; typedPhone?: string }
  | { name: 'otp'; phone: string; typedPhone: string; phoneToken: string }
  | { name: 'details'; phoneToken: string };

/**
 * /signup/:token — the company's self-signup link (decision 016): phone by SMS code, then
 * matricule + birthday + name + password. The new account is logged in at once: storing the
 * tokens makes the guest guard take the person home (where the terms modal opens if needed).
 */
export function SignupScreen() {
  const { token = '' } = useParams();
  const company = useSignupCompanyQuery(token);
  const [step, setStep] = useState<Step>({ name: 'phone' });

  useEffect(() => {
    document.title = 'Inscription · Tasbiq';
  }, []);

  if (company.isPending) return <Spinner isBlock label="Vérification du lien…" />;

  if (company.isError) {
    const isInvalidLink = isApiError(company.error) && company.error.status < 500;
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-semibold text-gray-900">Inscription</h1>
        {isInvalidLink ? (
          <MessageBox severity="danger" title={INVALID_SIGNUP_LINK}>
            Demandez un nouveau lien d'inscription à votre service RH.
          </MessageBox>
        ) : (
          <>
            <MessageBox severity="danger">{errorMessage(company.error)}</MessageBox>
            <Button size="lg" label="Réessayer" onClick={() => void company.refetch()} />
          </>
        )}
        <Button variant="tertiary" to="/login" label="Aller à la connexion" />
      </div>
    );
  }

  const finish = (pair: TTokenPair) => setTokens({ access: pair.access, refresh: pair.refresh });

  switch (step.name) {
    case 'phone':
      return (
        <SignupPhoneStep
          signupToken={token}
          companyName={company.data.company.name}
          defaultPhone={step.typedPhone}
          onCodeSent={({ phone, typed, response }) =>
            setStep({ name: 'otp', phone, typedPhone: typed, phoneToken: response.phone_token })
          }
        />
      );
    case 'otp':
      return (
        <SignupOtpStep
          signupToken={token}
          phone={step.phone}
          typedPhone={step.typedPhone}
          phoneToken={step.phoneToken}
          onPhoneTokenChange={(phoneToken) => setStep({ ...step, phoneToken })}
          onVerified={() => setStep({ name: 'details', phoneToken: step.phoneToken })}
          onChangePhone={() => setStep({ name: 'phone', typedPhone: step.typedPhone })}
        />
      );
    case 'details':
      return (
        <SignupDetailsStep
          signupToken={token}
          phoneToken={step.phoneToken}
          onSignedUp={finish}
          onPhoneExpired={() => setStep({ name: 'phone' })}
        />
      );
  }
}
