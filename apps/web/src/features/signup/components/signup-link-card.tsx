import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { inputClassName } from '../../../components/ui/form-field.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';

/** The company's signup link (GET /settings `signup_link`) with a copy button. */
export function SignupLinkCard({ link }: { link: string | null }) {
  const inputId = useId();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = setTimeout(() => setCopy('idle'), 3000);
    return () => clearTimeout(timer);
  }, [copy]);

  if (!link) {
    return (
      <MessageBox severity="warning" title="L'inscription en ligne n'est pas ouverte pour votre société.">
        Contactez le support Tasbiq pour l'activer ; vous pourrez alors envoyer des invitations.
      </MessageBox>
    );
  }

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };

  return (
    <section className="rounded-2xl bg-white p-4 ring-1 ring-gray-200 sm:p-6">
      <label htmlFor={inputId} className="text-lg font-semibold text-gray-900">
        Lien d'inscription de votre société
      </label>
      <p className="mt-1 text-sm text-gray-600">
        Toute personne dont vous avez importé l'identité peut créer son compte avec ce lien.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          readOnly
          value={link}
          onFocus={(event) => event.target.select()}
          className={`${inputClassName} font-mono text-sm`}
        />
        <Button
          variant="secondary"
          label={copy === 'copied' ? 'Lien copié' : 'Copier le lien'}
          icon={copy === 'copied' ? <IconCheck aria-hidden="true" /> : <IconCopy aria-hidden="true" />}
          iconPosition="left"
          onClick={() => void onCopy()}
        />
      </div>
      <p className="mt-1 text-sm text-gray-600" aria-live="polite">
        {copy === 'copied' ? 'Le lien a été copié dans le presse-papiers.' : null}
        {copy === 'failed' ? 'La copie a échoué : sélectionnez le lien et copiez-le à la main.' : null}
      </p>
    </section>
  );
}
