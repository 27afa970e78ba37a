import { IconCamera, IconRefresh } from '@tabler/icons-react';
import {
  EXPENSE_MAX_GUESTS,
  GUEST_MULTIPLIED_CATEGORIES,
  RECEIPT_ACCEPT,
  RECEIPT_MAX_BYTES,
  type TExpense,
  type TExpenseCategory,
  type TReceiptReading,
} from '@tasbiq/contracts/expenses';
import { type ChangeEvent, type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage, fieldErrors, requiredMessage } from '../../../lib/errors/error-message.ts';
import { useCategoriesQuery } from '../api/list-categories.ts';
import { useReceiptUrl } from '../api/receipt-image.ts';
import {
  type ExpenseFormValues,
  type OcrValues,
  useCreateExpenseMutation,
  useUpdateExpenseMutation,
} from '../api/save-expense.ts';
import { useScanReceiptMutation } from '../api/scan-receipt.ts';

/** Why a photo cannot be sent, in French, or null (the server checks the bytes again). */
export function receiptProblem(file: File): string | null {
  if (!['image/png', 'image/jpeg'].includes(file.type))
    return 'Choisissez une photo au format PNG, JPG ou JPEG.';
  if (file.size > RECEIPT_MAX_BYTES) return 'La photo dépasse 10 Mo. Reprenez-la en qualité normale.';
  if (file.size === 0) return 'Cette photo est vide. Reprenez-la.';
  return null;
}

const EMPTY: ExpenseFormValues = { title: '', category: '', expense_date: '', amount: '', guests: '0' };

function valuesOf(expense: TExpense): ExpenseFormValues {
  return {
    title: expense.title,
    category: expense.category,
    expense_date: expense.expense_date,
    amount: expense.amount,
    guests: String(expense.guests),
  };
}

type ExpenseFormProps = {
  /** Editing a draft or returned expense; absent: a new one from a photo. */
  expense?: TExpense;
  onDone: (expense: TExpense) => void;
  onCancel: () => void;
};

/**
 * One expense, phone first: photograph the receipt (the camera, or a file), the amount, date and
 * merchant read from it pre-fill the form, the person checks and corrects, then saves a draft.
 */
export function ExpenseForm({ expense, onDone, onCancel }: ExpenseFormProps) {
  const id = useId();
  const categories = useCategoriesQuery();
  const scan = useScanReceiptMutation();
  const create = useCreateExpenseMutation();
  const update = useUpdateExpenseMutation();
  const [receipt, setReceipt] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [values, setValues] = useState<ExpenseFormValues>(expense ? valuesOf(expense) : EMPTY);
  const [ocr, setOcr] = useState<OcrValues | null>(null);
  const [reading, setReading] = useState<TReceiptReading | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const stored = useReceiptUrl(expense?.id ?? 0, 'thumbnail', !!expense?.receipt && !receipt);
  const saving = create.isPending || update.isPending;

  useEffect(() => {
    if (!receipt) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(receipt);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [receipt]);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!picked) return;
    const why = receiptProblem(picked);
    setPhotoError(why);
    if (why) return;
    setReceipt(picked);
    setReading(null);
    scan.mutate(picked, {
      onSuccess: (read) => {
        setReading(read);
        if (!read.read) return;
        setOcr({
          ocr_amount: read.amount ?? undefined,
          ocr_date: read.date ?? undefined,
          ocr_merchant: read.merchant ?? undefined,
        });
        // The reading fills what the person has not typed yet; they confirm or correct it.
        setValues((current) => ({
          ...current,
          amount: current.amount || read.amount || '',
          expense_date: current.expense_date || read.date || '',
          title: current.title || read.merchant || '',
        }));
      },
    });
  };

  const set =
    (field: keyof ExpenseFormValues) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!expense && !receipt) missing.receipt = 'Ajoutez la photo du justificatif.';
    if (!values.title.trim()) missing.title = requiredMessage('Libellé');
    if (!values.category) missing.category = requiredMessage('Catégorie');
    if (!values.expense_date) missing.expense_date = requiredMessage('Date');
    if (!values.amount.trim()) missing.amount = requiredMessage('Montant');
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    const onError = (error: unknown) => {
      const byField = fieldErrors(error);
      setErrors(Object.keys(byField).length > 0 ? byField : { form: errorMessage(error) });
    };
    if (expense) update.mutate({ id: expense.id, values, receipt }, { onSuccess: onDone, onError });
    else if (receipt)
      create.mutate({ values: { ...values, ...ocr }, receipt }, { onSuccess: onDone, onError });
  };

  const category = values.category as TExpenseCategory;
  const options = [
    { value: '', label: 'Choisir une catégorie' },
    ...(categories.data ?? []).map((c) => ({
      value: c.id,
      label: c.ceiling ? `${c.name} (plafond ${c.ceiling.replace('.', ',')} DH/jour)` : c.name,
    })),
  ];
  const shownPhoto = preview ?? stored;
  const photoMessage = photoError ?? errors.receipt ?? null;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-gray-900">
        {expense ? 'Modifier la dépense' : 'Nouvelle dépense'}
      </h2>
      <div className="flex flex-col gap-2">
        <span className="text-sm font-medium text-gray-900" id={`${id}-photo-label`}>
          Justificatif
        </span>
        <p className="text-xs text-gray-600" id={`${id}-photo-hint`}>
          Photographiez le ticket à plat, en entier : le montant et la date seront lus pour vous.
        </p>
        {shownPhoto ? (
          <img
            src={shownPhoto}
            alt="Aperçu du justificatif"
            className="max-h-72 w-full rounded-xl bg-gray-100 object-contain ring-1 ring-gray-200"
          />
        ) : null}
        <label
          htmlFor={`${id}-photo`}
          className="inline-flex cursor-pointer items-center justify-center gap-2 rounded-xl bg-white px-4 py-2.5 text-sm font-medium text-brand-700 ring-1 ring-brand-600 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600 hover:bg-brand-50"
        >
          {shownPhoto ? (
            <IconRefresh aria-hidden="true" className="size-5" />
          ) : (
            <IconCamera aria-hidden="true" className="size-5" />
          )}
          {shownPhoto ? 'Reprendre la photo' : 'Photographier le justificatif'}
          <input
            id={`${id}-photo`}
            type="file"
            accept={RECEIPT_ACCEPT}
            capture="environment"
            className="sr-only"
            aria-labelledby={`${id}-photo-label`}
            aria-describedby={`${id}-photo-hint${photoMessage ? ` ${id}-photo-error` : ''}`}
            aria-invalid={photoMessage ? true : undefined}
            onChange={pick}
          />
        </label>
        {photoMessage ? (
          <p className="text-sm text-red-700" id={`${id}-photo-error`} role="alert">
            {photoMessage}
          </p>
        ) : null}
        {scan.isPending ? <Spinner label="Lecture du justificatif…" /> : null}
        {reading?.read ? (
          <MessageBox severity="info">
            Montant et date lus sur le justificatif : vérifiez-les et corrigez-les si besoin.
          </MessageBox>
        ) : null}
        {reading && !reading.read ? (
          <MessageBox severity="warning">
            Le justificatif n’a pas pu être lu : saisissez le montant et la date.
          </MessageBox>
        ) : null}
        {scan.isError ? <MessageBox severity="warning">{errorMessage(scan.error)}</MessageBox> : null}
      </div>
      <FormField
        label="Libellé"
        required
        value={values.title}
        onChange={set('title')}
        error={errors.title}
        maxLength={100}
      />
      <SelectField
        label="Catégorie"
        required
        options={options}
        value={values.category}
        onChange={set('category')}
        error={errors.category}
      />
      <FormField
        label="Date"
        type="date"
        required
        value={values.expense_date}
        onChange={set('expense_date')}
        error={errors.expense_date}
      />
      <FormField
        label="Montant (DH)"
        inputMode="decimal"
        required
        value={values.amount}
        onChange={set('amount')}
        error={errors.amount}
        hint="Deux décimales possibles, comme sur le ticket (152,40)."
      />
      {GUEST_MULTIPLIED_CATEGORIES.includes(category) ? (
        <SelectField
          label="Invités"
          options={Array.from({ length: EXPENSE_MAX_GUESTS + 1 }, (_, n) => ({
            value: String(n),
            label: String(n),
          }))}
          value={values.guests}
          onChange={set('guests')}
          error={errors.guests}
          hint="Chaque invité ajoute un plafond journalier pour ce repas."
        />
      ) : null}
      {errors.form ? <MessageBox severity="danger">{errors.form}</MessageBox> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" label="Annuler" onClick={onCancel} />
        <Button type="submit" label={expense ? 'Enregistrer' : 'Enregistrer le brouillon'} loading={saving} />
      </div>
    </form>
  );
}
