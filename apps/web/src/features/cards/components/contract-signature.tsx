import { IconDownload, IconEraser } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { Button } from '../../../components/ui/button.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { errorMessage } from '../../../lib/errors/error-message.ts';
import { useSignContractMutation } from '../api/card-actions.ts';
import { downloadContract } from '../api/download-contract.ts';

/**
 * Spec §2 Card "contract signature": read the contract (the PDF made with the person's details),
 * sign with a finger or the mouse (signature_pad), send. Signing activates the card.
 */
export function ContractSignature() {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [isEmpty, setIsEmpty] = useState(true);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const sign = useSignContractMutation();

  useEffect(() => {
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
          disabled={isEmpty}
          onClick={() => {
            const data = pad.current?.toDataURL('image/png');
            if (data && !pad.current?.isEmpty()) sign.mutate(data);
          }}
        />
      </div>
    </div>
  );
}
