import { IconDownload, IconEraser } from '@tabler/icons-react';
import { useLayoutEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { errorMessage } from '../../../lib/errors/error-message.ts';
import { useSignContractMutation } from '../api/card-actions.ts';
import { downloadContract } from '../api/download-contract.ts';

/** The shortest typed name accepted as a signature (a first and a last name, really). */
const TYPED_NAME_MIN = 3;

/**
 * A typed name drawn as a signature image (PNG data URL, what POST /card/sign_contract/ takes), for
 * those who cannot draw: keyboard, switch or screen reader users, a shaky hand.
 */
export function typedSignature(name: string): string | null {
  const element = document.createElement('canvas');
  element.width = 600;
  element.height = 160;
  const context = element.getContext('2d');
  if (!context) return null;
  context.fillStyle = '#14213d';
  context.font = 'italic 48px "Segoe Script", "Brush Script MT", cursive';
  context.textBaseline = 'middle';
  context.fillText(name, 24, 80, 552);
  return element.toDataURL('image/png');
}

/**
 * Spec §2 Card "contract signature": read the contract (the PDF made with the person's details),
 * sign with a finger or the mouse (signature_pad) — or, without a pointer, by typing one's name —
 * and send. Signing activates the card.
 */
export function ContractSignature() {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [isEmpty, setIsEmpty] = useState(true);
  const [typedName, setTypedName] = useState('');
  const typed = typedName.trim();
  const canSign = !isEmpty || typed.length >= TYPED_NAME_MIN;
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const sign = useSignContractMutation();

  // A layout effect: the pad listens and the canvas has its drawing size from the first paint. In a
  // passive effect (run a frame after the paint on Preact, decision 049) a stroke begun at once
  // would be lost, and the canvas would be measured and resized after it was shown.
  useLayoutEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const instance = new SignaturePad(element, { penColor: '#14213d', backgroundColor: 'rgba(0,0,0,0)' });
    pad.current = instance;
    // The canvas's drawing size follows its displayed size and the screen's density, else the
    // stroke lands away from the finger.
    const resize = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      element.width = element.offsetWidth * ratio;
      element.height = element.offsetHeight * ratio;
      element.getContext('2d')?.scale(ratio, ratio);
      instance.clear();
      setIsEmpty(true);
    };
    resize();
    const onEnd = () => setIsEmpty(instance.isEmpty());
    instance.addEventListener('endStroke', onEnd);
    window.addEventListener('resize', resize);
    return () => {
      instance.removeEventListener('endStroke', onEnd);
      window.removeEventListener('resize', resize);
      instance.off();
    };
  }, []);

  const clear = () => {
    pad.current?.clear();
    setIsEmpty(true);
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-gray-700">
        Lisez votre contrat porteur, puis signez dans le cadre ci-dessous avec le doigt ou la souris. La
        signature active votre carte.
      </p>
      <Button
        variant="secondary"
        icon={<IconDownload aria-hidden="true" />}
        iconPosition="left"
        label="Lire le contrat (PDF)"
        onClick={() => {
          setDownloadError(null);
          downloadContract(false).catch(setDownloadError);
        }}
      />
      {downloadError ? <MessageBox severity="danger">{errorMessage(downloadError)}</MessageBox> : null}
      <div>
        <p className="mb-1 text-sm font-medium text-gray-900" id="signature-label">
          Votre signature
        </p>
        <canvas
          ref={canvas}
          aria-labelledby="signature-label"
          role="img"
          className="h-40 w-full touch-none rounded-xl bg-white ring-1 ring-gray-300"
        />
      </div>
      <FormField
        label="Ou tapez votre nom complet pour signer"
        hint="Si vous ne pouvez pas dessiner, votre nom tapé vaut signature."
        autoComplete="name"
        value={typedName}
        onChange={(event) => setTypedName(event.target.value)}
      />
      {sign.error ? <MessageBox severity="danger">{errorMessage(sign.error)}</MessageBox> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="tertiary"
          icon={<IconEraser aria-hidden="true" />}
          iconPosition="left"
          label="Effacer"
          onClick={clear}
          disabled={isEmpty}
        />
        <Button
          label="Signer le contrat"
          loading={sign.isPending}
          disabled={!canSign}
          onClick={() => {
            // The drawing wins; without one, the typed name is drawn as the signature.
            const data =
              pad.current && !pad.current.isEmpty()
                ? pad.current.toDataURL('image/png')
                : typedSignature(typed);
            if (data) sign.mutate(data);
          }}
        />
      </div>
    </div>
  );
}
