import {
  SIGNUP_INVITATION_TEXT_MAX,
  SIGNUP_INVITATIONS_MAX,
  type TParseContactsResponse,
} from '@tasbiq/contracts/signup';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FilePicker } from '../../../components/ui/file-picker.tsx';
import { inputClassName } from '../../../components/ui/form-field.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { cx } from '../../../lib/cx.ts';
import { errorMessage } from '../../../lib/errors/error-message.ts';
import { type ContactChannel, useParseContactsMutation } from '../api/parse-contacts.ts';
import { useSendInvitationsMutation } from '../api/send-invitations.ts';
import { ContactChips } from './contact-chips.tsx';

type ChannelTexts = {
  label: string;
  placeholder: string;
  /** "par e-mail", "par SMS": the means, whatever the count. */
  means: string;
  /** A recipient left out, singular and plural, with its agreement. */
  skipped: [string, string];
  noneValid: string;
};

const TEXTS: Record<ContactChannel, ChannelTexts> = {
  email: {
    label: 'Adresses e-mail',
    placeholder: 'salma.bennani@exemple.ma\nkarim.alaoui@exemple.ma',
    means: 'par e-mail',
    skipped: ['adresse ignorée (doublon ou déjà inscrite)', 'adresses ignorées (doublons ou déjà inscrites)'],
    noneValid: 'Aucune adresse valide à inviter : rien à envoyer.',
  },
  sms: {
    label: 'Numéros de téléphone',
    placeholder: '06 12 34 56 78\n+212 7 11 22 33 44',
    means: 'par SMS',
    skipped: ['numéro ignoré (doublon ou déjà inscrit)', 'numéros ignorés (doublons ou déjà inscrits)'],
    noneValid: 'Aucun numéro valide à inviter : rien à envoyer.',
  },
};

/** FileReader rather than `file.text()`: the latter is missing from some older mobile browsers. */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/**
 * Paste (or load from a .txt/.csv file) a list, check it, then send the signup link to the valid
 * addresses. Invalid ones, repeats and people who already have an account are shown, not sent.
 */
export function InvitationSender({ channel, isDisabled }: { channel: ContactChannel; isDisabled: boolean }) {
  const texts = TEXTS[channel];
  const textId = useId();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  /** The text the file gave, to take it away with the file unless it was edited since. */
  const [loadedText, setLoadedText] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [parsed, setParsed] = useState<TParseContactsResponse | null>(null);
  const parse = useParseContactsMutation();
  const send = useSendInvitationsMutation();

  const resetResults = () => {
    setParsed(null);
    parse.reset();
    send.reset();
  };

  const onFile = async (picked: File | null) => {
    setFileError(null);
    setFile(picked);
    if (!picked) {
      if (loadedText !== null && text === loadedText) setText('');
      setLoadedText(null);
      resetResults();
      return;
    }
    if (!/\.(txt|csv)$/i.test(picked.name)) {
      setFileError('Choisissez un fichier texte (.txt) ou CSV (.csv).');
      return;
    }
    if (picked.size > SIGNUP_INVITATION_TEXT_MAX) {
      setFileError('Le fichier est trop volumineux.');
      return;
    }
    resetResults();
    try {
      const content = await readText(picked);
      setText(content);
      setLoadedText(content);
    } catch {
      setFileError("Le fichier n'a pas pu être lu.");
    }
  };

  const onCheck = () => {
    send.reset();
    parse.mutate({ channel, text }, { onSuccess: setParsed });
  };

  const valid = parsed?.valid ?? [];
  const tooMany = valid.length > SIGNUP_INVITATIONS_MAX;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={textId} className="text-sm font-medium text-gray-800">
          {texts.label}
        </label>
        <textarea
          id={textId}
          value={text}
          rows={6}
          maxLength={SIGNUP_INVITATION_TEXT_MAX}
          placeholder={texts.placeholder}
          aria-describedby={`${textId}-hint`}
          onChange={(event) => {
            setText(event.target.value);
            resetResults();
          }}
          className={cx(inputClassName, 'font-mono text-sm')}
        />
        <p id={`${textId}-hint`} className="text-sm text-gray-600">
          Un par ligne, ou séparés par des virgules, des points-virgules ou des espaces.
        </p>
      </div>
      <FilePicker
        label="Ou chargez un fichier (.txt, .csv)"
        showLabel
        file={file}
        onFileChange={(picked) => void onFile(picked)}
        error={fileError}
        accept=".txt,.csv,text/plain,text/csv"
        what="votre fichier"
        formats={`Fichier texte ou CSV, ${channel === 'email' ? 'une adresse' : 'un numéro'} par ligne, 200 Ko au plus.`}
      />
      <div>
        <Button
          variant="secondary"
          label="Vérifier la liste"
          disabled={text.trim() === ''}
          loading={parse.isPending}
          onClick={onCheck}
        />
      </div>

      <div className="flex flex-col gap-4" aria-live="polite">
        {parse.isError ? <MessageBox severity="danger">{errorMessage(parse.error)}</MessageBox> : null}
        {parsed ? (
          <>
            <ContactChips title="Valides" values={parsed.valid} tone="valid" />
            <ContactChips
              title="Invalides"
              hint="Ils ne seront pas invités."
              values={parsed.invalid}
              tone="invalid"
            />
            <ContactChips
              title="En double"
              hint="Une seule invitation sera envoyée."
              values={parsed.duplicates}
              tone="duplicate"
            />
            <ContactChips
              title="Déjà inscrits"
              hint="Ces personnes ont déjà un compte."
              values={parsed.already_registered}
              tone="registered"
            />
            {valid.length === 0 ? <MessageBox severity="warning">{texts.noneValid}</MessageBox> : null}
            {tooMany ? (
              <MessageBox severity="warning">
                Vous pouvez envoyer au plus {SIGNUP_INVITATIONS_MAX} invitations à la fois. Découpez la liste.
              </MessageBox>
            ) : null}
            {send.isError ? <MessageBox severity="danger">{errorMessage(send.error)}</MessageBox> : null}
            {send.data ? (
              <MessageBox severity={send.data.failed > 0 ? 'warning' : 'success'}>
                {plural(send.data.sent, 'invitation envoyée', 'invitations envoyées')} {texts.means}.
                {send.data.failed > 0
                  ? ` ${plural(send.data.failed, 'envoi a échoué', 'envois ont échoué')} : réessayez plus tard.`
                  : ''}
                {send.data.skipped > 0 ? ` ${plural(send.data.skipped, ...texts.skipped)}.` : ''}
              </MessageBox>
            ) : valid.length === 0 ? null : (
              <div>
                <Button
                  label={`Envoyer ${plural(valid.length, 'invitation', 'invitations')}`}
                  disabled={isDisabled || tooMany}
                  loading={send.isPending}
                  onClick={() => send.mutate({ channel, recipients: valid })}
                />
              </div>
            )}
          </>
        ) : null}
      </div>
    </div>
  );
}
