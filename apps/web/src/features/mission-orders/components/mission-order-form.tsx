import { IconFileText, IconPaperclip, IconX } from '@tabler/icons-react';
import { ERROR_MESSAGES_FR, VALIDATION_MESSAGES_FR } from '@tasbiq/contracts/error-codes';
import {
  MISSION_ADVANCE_MAX_DH,
  MISSION_FILE_ACCEPT,
  MISSION_FILE_MAX_BYTES,
  MISSION_GUESTS_MAX,
  MISSION_MAX_FILES,
  type TMissionOrderDetails,
} from '@tasbiq/contracts/mission-orders';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FileDropZone } from '../../../components/ui/file-picker.tsx';
import { FormField, inputClassName } from '../../../components/ui/form-field.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { cx } from '../../../lib/cx.ts';
import { errorMessage, fieldErrors, requiredMessage } from '../../../lib/errors/error-message.ts';
import { shortenFileName } from '../../../lib/format/file-name.ts';
import { formatMoney } from '../../../lib/format/money.ts';
import { useAdvanceCeilingQuery } from '../api/get-advance-ceiling.ts';
import { useCitiesQuery } from '../api/get-cities.ts';
import type { MissionOrderFormValues } from '../api/save-mission-order.ts';

type Field =
  | 'title'
  | 'start_date'
  | 'end_date'
  | 'guests'
  | 'departure_city'
  | 'arrival_city'
  | 'description'
  | 'advance_amount'
  | 'files';
type Errors = Partial<Record<Field, string>>;

const EXTENSIONS = /\.(pdf|png|jpe?g)$/i;

function fileProblem(file: File): string | null {
  if (!EXTENSIONS.test(file.name) && !['application/pdf', 'image/png', 'image/jpeg'].includes(file.type))
    return ERROR_MESSAGES_FR.ATTACHMENT_INVALID_TYPE ?? null;
  if (file.size > MISSION_FILE_MAX_BYTES) return ERROR_MESSAGES_FR.ATTACHMENT_TOO_LARGE ?? null;
  return null;
}

/** Whole dirhams typed as "1500", "1 500" or "1500,00"; null when it is not one. */
function parseDh(text: string): number | null {
  const clean = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (clean === '') return 0;
  if (!/^\d{1,9}(\.0{1,2})?$/.test(clean)) return null;
  return Number(clean.split('.')[0]);
}

type MissionOrderFormProps = {
  /** Editing a returned order: its current values and files. */
  initial?: TMissionOrderDetails;
  submitLabel: string;
  isSubmitting: boolean;
  error: unknown;
  onSubmit: (values: MissionOrderFormValues) => void;
};

/**
 * The mission order (spec §3): title, dates, guests 0–9, cities, description, files and the
 * advance asked. The ceiling that applies (the smaller of the employee's limit and the route's)
 * is asked again whenever a city changes and shown under the amount; an amount above it is
 * flagged as it is typed. The server checks everything again.
 */
export function MissionOrderForm({
  initial,
  submitLabel,
  isSubmitting,
  error,
  onSubmit,
}: MissionOrderFormProps) {
  const cities = useCitiesQuery();
  const [title, setTitle] = useState(initial?.title ?? '');
  const [startDate, setStartDate] = useState(initial?.start_date ?? '');
  const [endDate, setEndDate] = useState(initial?.end_date ?? '');
  const [guests, setGuests] = useState(String(initial?.guests ?? 0));
  const [departure, setDeparture] = useState(initial ? String(initial.departure_city.id) : '');
  const [arrival, setArrival] = useState(initial ? String(initial.arrival_city.id) : '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [advance, setAdvance] = useState(initial ? String(Number(initial.advance_amount)) : '');
  const [files, setFiles] = useState<File[]>([]);
  const [removed, setRemoved] = useState<number[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const ceiling = useAdvanceCeilingQuery(departure, arrival);

  const server = fieldErrors(error) as Errors & { non_field_errors?: string; remove_files?: string };
  const topError =
    error && Object.keys(server).length === 0 ? errorMessage(error) : (server.non_field_errors ?? null);
  const keptFiles = (initial?.files ?? []).filter((file) => !removed.includes(file.id));
  const fileCount = keptFiles.length + files.length;

  const ceilingDh = ceiling.data?.ceiling != null ? Number(ceiling.data.ceiling) : null;
  const typed = parseDh(advance);
  const overCeiling = typed !== null && ceilingDh !== null && typed > ceilingDh;
  const liveAdvanceError = overCeiling
    ? `L’avance demandée dépasse le plafond autorisé de ${formatMoney(ceiling.data!.ceiling!)}.`
    : undefined;
  const shown: Errors = { ...server, ...errors };
  const advanceError = errors.advance_amount ?? liveAdvanceError ?? server.advance_amount;

  const addFiles = (picked: File[]) => {
    const accepted: File[] = [];
    let problem: string | null = null;
    for (const file of picked) {
      const reason = fileProblem(file);
      if (reason) problem ??= `${shortenFileName(file.name)} : ${reason}`;
      else accepted.push(file);
    }
    const room = MISSION_MAX_FILES - fileCount;
    if (accepted.length > room) problem ??= ERROR_MESSAGES_FR.TOO_MANY_ATTACHMENTS ?? null;
    setFiles([...files, ...accepted.slice(0, Math.max(room, 0))]);
    setErrors((previous) => ({ ...previous, files: problem ?? undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!title.trim()) found.title = requiredMessage('Titre');
    if (!startDate) found.start_date = requiredMessage('Date de début');
    if (!endDate) found.end_date = requiredMessage('Date de fin');
    else if (startDate && endDate <= startDate) found.end_date = VALIDATION_MESSAGES_FR.endAfterStart;
    if (!departure) found.departure_city = requiredMessage('Ville de départ');
    if (!arrival) found.arrival_city = requiredMessage('Ville d’arrivée');
    if (typed === null) found.advance_amount = 'Le montant doit être un nombre entier de dirhams.';
    else if (typed > MISSION_ADVANCE_MAX_DH)
      found.advance_amount = `L’avance ne peut pas dépasser ${MISSION_ADVANCE_MAX_DH} DH.`;
    setErrors(found);
    if (Object.keys(found).length > 0 || overCeiling) return;
    onSubmit({
      title: title.trim(),
      start_date: startDate,
      end_date: endDate,
      guests,
      departure_city: departure,
      arrival_city: arrival,
      description: description.trim(),
      advance_amount: String(typed ?? 0),
      files,
      remove_files: removed,
    });
  };

  const cityOptions = (placeholder: string) => [
    { value: '', label: cities.isPending ? 'Chargement des villes…' : placeholder },
    ...(cities.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
  ];

  return (
    <form className="flex flex-col gap-5" onSubmit={submit} noValidate>
      {topError ? <MessageBox severity="danger">{topError}</MessageBox> : null}
      <FormField
        label="Titre de la mission"
        required
        value={title}
        maxLength={120}
        error={shown.title}
        onChange={(e) => setTitle(e.target.value)}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          label="Date de début"
          type="date"
          required
          value={startDate}
          error={shown.start_date}
          onChange={(e) => setStartDate(e.target.value)}
        />
        <FormField
          label="Date de fin"
          type="date"
          required
          value={endDate}
          min={startDate || undefined}
          error={shown.end_date}
          onChange={(e) => setEndDate(e.target.value)}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label="Ville de départ"
          required
          value={departure}
          options={cityOptions('Choisissez la ville de départ')}
          error={shown.departure_city}
          onChange={(e) => setDeparture(e.target.value)}
        />
        <SelectField
          label="Ville d’arrivée"
          required
          value={arrival}
          options={cityOptions('Choisissez la ville d’arrivée')}
          error={shown.arrival_city}
          onChange={(e) => setArrival(e.target.value)}
        />
      </div>
      <SelectField
        label="Nombre d’invités"
        value={guests}
        options={Array.from({ length: MISSION_GUESTS_MAX + 1 }, (_, n) => ({
          value: String(n),
          label: String(n),
        }))}
        error={shown.guests}
        onChange={(e) => setGuests(e.target.value)}
      />
      <FormField
        label="Description"
        hint="Facultatif : le client, l’objet de la mission…"
        error={shown.description}
      >
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={2000}
            value={description}
            className={cx(inputClassName, 'resize-y')}
            onChange={(e) => setDescription(e.target.value)}
          />
        )}
      </FormField>
      <FormField
        label="Avance demandée (DH)"
        inputMode="numeric"
        value={advance}
        placeholder="0"
        hint={
          <span aria-live="polite">
            {ceiling.data?.ceiling
              ? `Plafond autorisé pour ce trajet : ${formatMoney(ceiling.data.ceiling)}.`
              : 'Aucun plafond d’avance n’est fixé pour ce trajet.'}
          </span>
        }
        error={advanceError}
        onChange={(e) => setAdvance(e.target.value)}
      />
      <div className="flex flex-col gap-1.5">
        <FileDropZone
          label="Pièces jointes"
          showLabel
          description={`Facultatif : jusqu'à ${MISSION_MAX_FILES} fichiers (invitation, programme, billets…).`}
          accept={MISSION_FILE_ACCEPT}
          multiple
          disabled={fileCount >= MISSION_MAX_FILES}
          what="vos pièces jointes"
          buttonLabel={fileCount > 0 ? 'Ajouter des fichiers' : 'Choisir des fichiers'}
          formats="PDF, PNG ou JPG, 10 Mo au plus par fichier."
          error={shown.files}
          onFiles={addFiles}
        />
        {fileCount > 0 ? (
          <ul className="flex flex-col gap-1.5" aria-label="Fichiers joints">
            {keptFiles.map((file) => (
              <FileLine
                key={`kept-${file.id}`}
                name={file.name}
                onRemove={() => setRemoved([...removed, file.id])}
              />
            ))}
            {files.map((file, index) => (
              <FileLine
                key={`${file.name}-${file.size}-${file.lastModified}`}
                name={file.name}
                onRemove={() => setFiles(files.filter((_, i) => i !== index))}
              />
            ))}
          </ul>
        ) : null}
      </div>
      <Button type="submit" size="lg" label={submitLabel} loading={isSubmitting} />
    </form>
  );
}

function FileLine({ name, onRemove }: { name: string; onRemove: () => void }) {
  return (
    <li className="flex items-center gap-2 rounded-xl bg-gray-50 px-3 py-2 text-sm ring-1 ring-gray-200">
      {name.toLowerCase().endsWith('.pdf') ? (
        <IconFileText aria-hidden="true" className="size-4 shrink-0 text-gray-500" />
      ) : (
        <IconPaperclip aria-hidden="true" className="size-4 shrink-0 text-gray-500" />
      )}
      <span className="min-w-0 flex-1 truncate text-gray-900" title={name}>
        {shortenFileName(name)}
      </span>
      <button
        type="button"
        aria-label={`Retirer ${name}`}
        className="-m-1 inline-flex size-9 items-center justify-center rounded-full text-gray-500 hover:bg-gray-200 focus-visible:outline-2 focus-visible:outline-brand-600"
        onClick={onRemove}
      >
        <IconX aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}
