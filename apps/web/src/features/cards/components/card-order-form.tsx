import { CARD_DELIVERY_CALL_WINDOW_FR, isMoroccanZip } from '@tasbiq/contracts/cards';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { InlineLoadError } from '../../../components/ui/load-error-state.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { errorMessage, fieldErrors, requiredMessage } from '../../../lib/errors/error-message.ts';
import { useCitiesQuery } from '../api/get-cities.ts';
import type { CardOrderInput } from '../api/order-card.ts';
import { CinCapture } from './cin-capture.tsx';

type CardOrderFormProps = {
  /** The confirmed mobile the card is tied to (shown, not edited here). */
  phone: string | null;
  isSubmitting: boolean;
  error: unknown;
  onSubmit: (input: CardOrderInput) => void;
};

type Errors = Partial<Record<'cin_front' | 'cin_back' | 'city' | 'address' | 'area' | 'zip', string>>;

/**
 * Spec §2 Card order: both sides of the CIN (camera or file, preview, retake), city from /cities,
 * address, area, zip. The server checks it all again and reads the CIN; this only saves a trip.
 */
export function CardOrderForm({ phone, isSubmitting, error, onSubmit }: CardOrderFormProps) {
  const cities = useCitiesQuery();
  const [front, setFront] = useState<File | null>(null);
  const [back, setBack] = useState<File | null>(null);
  const [city, setCity] = useState('');
  const [address, setAddress] = useState('');
  const [area, setArea] = useState('');
  const [zip, setZip] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const server = fieldErrors(error) as Errors & { non_field_errors?: string };
  const shown: Errors = { ...server, ...errors };
  const topError =
    error && Object.keys(server).length === 0 ? errorMessage(error) : (server.non_field_errors ?? null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!front) found.cin_front = 'Prenez en photo le recto de votre CIN.';
    if (!back) found.cin_back = 'Prenez en photo le verso de votre CIN.';
    if (!city) found.city = requiredMessage('Ville');
    if (!address.trim()) found.address = requiredMessage('Adresse');
    if (!area.trim()) found.area = requiredMessage('Quartier');
    if (!zip.trim()) found.zip = requiredMessage('Code postal');
    else if (!isMoroccanZip(zip.trim()))
      found.zip = 'Le code postal n’est pas valide (5 chiffres, par exemple 20250).';
    setErrors(found);
    if (Object.keys(found).length > 0 || !front || !back) return;
    onSubmit({ front, back, city, address: address.trim(), area: area.trim(), zip: zip.trim() });
  };

  const cityOptions = [
    {
      value: '',
      label: cities.isPending
        ? 'Chargement des villes…'
        : cities.isError
          ? 'Villes indisponibles'
          : 'Choisissez votre ville',
    },
    ...(cities.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
  ];

  return (
    <form className="flex flex-col gap-5" onSubmit={submit} noValidate>
      {topError ? <MessageBox severity="danger">{topError}</MessageBox> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <CinCapture
          label="Recto de la CIN"
          hint="La face avec votre photo, entière, bien éclairée et nette."
          file={front}
          error={shown.cin_front}
          onChange={setFront}
        />
        <CinCapture
          label="Verso de la CIN"
          hint="La face avec les lignes de caractères en bas, entière et nette."
          file={back}
          error={shown.cin_back}
          onChange={setBack}
        />
      </div>
      <SelectField
        label="Ville"
        required
        value={city}
        options={cityOptions}
        error={shown.city}
        onChange={(e) => setCity(e.target.value)}
      />
      {cities.isError ? (
        <InlineLoadError
          message="La liste des villes n’a pas pu être chargée."
          error={cities.error}
          onRetry={() => cities.refetch()}
        />
      ) : null}
      <FormField
        label="Adresse de livraison"
        required
        value={address}
        maxLength={255}
        autoComplete="street-address"
        error={shown.address}
        onChange={(e) => setAddress(e.target.value)}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          label="Quartier"
          required
          value={area}
          maxLength={120}
          error={shown.area}
          onChange={(e) => setArea(e.target.value)}
        />
        <FormField
          label="Code postal"
          required
          value={zip}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          error={shown.zip}
          onChange={(e) => setZip(e.target.value)}
        />
      </div>
      <p className="text-sm text-gray-700">
        {phone ? (
          <>
            Numéro de téléphone de la carte : <strong>{phone}</strong> (confirmé par SMS).{' '}
          </>
        ) : null}
        {CARD_DELIVERY_CALL_WINDOW_FR}
      </p>
      <Button type="submit" size="lg" label="Commander ma carte" loading={isSubmitting} />
    </form>
  );
}
