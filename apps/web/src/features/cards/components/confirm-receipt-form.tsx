import { CARD_NUMBER_RE } from '@tasbiq/contracts/cards';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { errorMessage } from '../../../lib/errors/error-message.ts';
import { useConfirmDeliveryMutation } from '../api/card-actions.ts';

/** "5333 1712 3456 7890" as it is typed: groups of four. */
export function groupCardNumber(raw: string): string {
  return raw
    .replace(/\D/g, '')
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Spec §2 Card "confirm receipt with the card number": the 16 digits printed on the card. */
export function ConfirmReceiptForm({ last4 }: { last4: string | null }) {
  const confirm = useConfirmDeliveryMutation();
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = number.replace(/\D/g, '');
    if (!CARD_NUMBER_RE.test(digits)) {
      setError('Saisissez les 16 chiffres imprimés sur votre carte.');
      return;
    }
    setError(null);
    confirm.mutate(digits);
  };

  const shown = error ?? (confirm.error ? errorMessage(confirm.error) : null);
  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <p className="text-sm text-gray-700">
        Vous avez reçu votre carte{last4 ? ` (se terminant par ${last4})` : ''} ? Saisissez le numéro imprimé
        dessus pour confirmer sa réception.
      </p>
      <FormField
        label="Numéro de la carte"
        value={number}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="0000 0000 0000 0000"
        maxLength={19}
        error={shown ?? undefined}
        onChange={(e) => setNumber(groupCardNumber(e.target.value))}
      />
      <Button type="submit" label="Confirmer la réception" loading={confirm.isPending} />
    </form>
  );
}
