import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { MessageBox } from '../../components/ui/message-box.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/errors/error-message.ts';
import { isApiError } from '../../lib/http/api-error.ts';
import { useVerifyResetTokenQuery } from './api/verify-reset-token.ts';
import { ResetPasswordForm } from './components/reset-password-form.tsx';
import { ResetRequestForm } from './components/reset-request-form.tsx';

export const INVALID_RESET_LINK = 'Le lien est invalide ou a expiré.';

/** /reset: ask for a link; /reset?token=…: the link from the e-mail or SMS. */
export function ResetScreen() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');

  useEffect(() => {
    document.title = 'Mot de passe oublié · Tasbiq';
  }, []);

  if (!token) return <ResetRequestForm />;
  return <ResetWithToken token={token} />;
}

function ResetWithToken({ token }: { token: string }) {
  const verify = useVerifyResetTokenQuery(token);

  if (verify.isPending) return <Spinner isBlock label="Vérification du lien…" />;

  if (verify.isError) {
    // A 4xx says the link itself is bad; anything else (offline, 5xx) is worth another try.
    const isInvalidLink = isApiError(verify.error) && verify.error.status < 500;
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-semibold text-gray-900">Réinitialisation du mot de passe</h1>
        {isInvalidLink ? (
          <MessageBox severity="danger" title={INVALID_RESET_LINK}>
            Demandez un nouveau lien ci-dessous.
          </MessageBox>
        ) : (
          <MessageBox severity="danger">{errorMessage(verify.error)}</MessageBox>
        )}
        {isInvalidLink ? (
          <Button size="lg" to="/reset" label="Demander un nouveau lien" />
        ) : (
          <Button size="lg" label="Réessayer" onClick={() => void verify.refetch()} />
        )}
        <Button variant="tertiary" to="/login" label="Retour à la connexion" />
      </div>
    );
  }

  return <ResetPasswordForm token={token} />;
}
