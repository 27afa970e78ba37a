import { ZActivationConfirmRequest } from '@tasbiq/contracts/employees';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { MessageBox } from '../../components/ui/message-box.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/errors/error-message.ts';
import { isApiError } from '../../lib/http/api-error.ts';
import {
  NEW_PASSWORD_DEFAULTS,
  NewPasswordFields,
  type NewPasswordValues,
  withPasswordMatch,
} from '../shared/components/new-password-fields.tsx';
import { applyServerErrors } from '../shared/forms/apply-server-errors.ts';
import { frenchZodResolver } from '../shared/forms/french-zod-resolver.ts';
import { useConfirmActivationMutation } from './api/confirm-activation.ts';
import { useVerifyActivationQuery } from './api/verify-activation.ts';

export const INVALID_ACTIVATION_LINK = 'Le lien est invalide ou a expiré.';

const LABELS = { new_password: 'Mot de passe', confirm_password: 'Confirmation du mot de passe' } as const;

const ZActivationForm = withPasswordMatch(ZActivationConfirmRequest.omit({ token: true }));

/** /activate?token=…: the invitation link. The person chooses a password and their account opens. */
export function ActivateScreen() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');

  useEffect(() => {
    document.title = 'Activation du compte · Tasbiq';
  }, []);

  if (!token) return <DeadLink />;
  return <ActivateWithToken token={token} />;
}

function DeadLink() {
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold text-gray-900">Activation du compte</h1>
      <MessageBox severity="danger" title={INVALID_ACTIVATION_LINK}>
        Demandez à votre service RH de vous envoyer un nouveau lien d'activation.
      </MessageBox>
      <Button variant="tertiary" to="/login" label="Aller à la connexion" />
    </div>
  );
}

function ActivateWithToken({ token }: { token: string }) {
  const verify = useVerifyActivationQuery(token);
  if (verify.isPending) return <Spinner isBlock label="Vérification du lien…" />;
  if (verify.isError) {
    // A 4xx says the link itself is bad; anything else (offline, 5xx) is worth another try.
    if (isApiError(verify.error) && verify.error.status < 500) return <DeadLink />;
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-semibold text-gray-900">Activation du compte</h1>
        <MessageBox severity="danger">{errorMessage(verify.error)}</MessageBox>
        <Button size="lg" label="Réessayer" onClick={() => void verify.refetch()} />
      </div>
    );
  }
  return <ActivationForm token={token} firstName={verify.data.first_name} company={verify.data.company} />;
}

function ActivationForm({
  token,
  firstName,
  company,
}: {
  token: string;
  firstName: string;
  company: string;
}) {
  const activate = useConfirmActivationMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NewPasswordValues>({
    resolver: frenchZodResolver(ZActivationForm, LABELS),
    defaultValues: NEW_PASSWORD_DEFAULTS,
  });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    activate.mutate(
      { token, ...values },
      {
        onSuccess: () => requestAnimationFrame(() => doneRef.current?.focus()),
        onError: (error) => {
          // The link died meanwhile (used in another tab, expired): say so rather than "invalid value".
          if (isApiError(error) && error.code === 'INVALID_TOKEN') setFormError(INVALID_ACTIVATION_LINK);
          else setFormError(applyServerErrors(error, setError, ['new_password', 'confirm_password']));
        },
      },
    );
  });

  if (activate.isSuccess) {
    return (
      <div className="flex flex-col gap-4">
        <h1 ref={doneRef} tabIndex={-1} className="text-2xl font-semibold text-gray-900 focus:outline-none">
          Compte activé
        </h1>
        <MessageBox severity="success">
          Votre mot de passe est enregistré. Connectez-vous avec votre téléphone ou votre e-mail : un code
          vous sera envoyé par SMS pour confirmer votre numéro.
        </MessageBox>
        <Button size="lg" to="/login" label="Se connecter" />
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold text-gray-900">Bienvenue {firstName}</h1>
        <p className="mt-1 text-sm text-gray-600">
          {company} vous invite sur Tasbiq. Choisissez votre mot de passe pour activer votre compte : au moins
          8 caractères, pas uniquement des chiffres ni un mot de passe trop courant.
        </p>
      </div>
      {formError ? <MessageBox severity="danger">{formError}</MessageBox> : null}
      <NewPasswordFields labels={LABELS} register={register} errors={errors} />
      <Button type="submit" size="lg" label="Activer mon compte" loading={activate.isPending} />
    </form>
  );
}
