import { IconX } from '@tabler/icons-react';
import {
  BONUS_RECURRENCE_LABELS_FR,
  BONUS_RECURRENCES,
  BONUS_TARGET_LABELS_FR,
  BONUS_TARGETS,
  BONUS_TITLE_LABELS_FR,
  BONUS_TITLES,
  BONUS_TYPE_LABELS_FR,
  BONUS_TYPES,
  bonusAmountDh,
  type TBonus,
  type TBonusRecurrence,
  type TBonusTarget,
  type TBonusTitle,
  type TBonusType,
  type TBonusWriteRequest,
} from '@tasbiq/contracts/bonuses';
import { BONUS_CAP } from '@tasbiq/contracts/constants';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { FilePicker } from '../../components/ui/file-picker.tsx';
import { FormField, inputClassName } from '../../components/ui/form-field.tsx';
import { MessageBox } from '../../components/ui/message-box.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { errorMessage, fieldErrors } from '../../lib/errors/error-message.ts';
import { formatCount } from '../../lib/format/count.ts';
import { formatMoney } from '../../lib/format/money.ts';
import { useCreateBonusMutation } from './api/create-bonus.ts';
import { useSavedBonusesQuery } from './api/list-bonuses.ts';
import { loadModelBeneficiaries } from './api/load-model.ts';
import { useParseBonusFileMutation } from './api/parse-bonus-file.ts';
import { type PickableEmployee, useGroupOptions } from './api/search-employees.ts';
import { type AmountLine, AmountLines } from './components/amount-lines.tsx';
import { EmployeeSearchPicker, employeeLabel } from './components/employee-search-picker.tsx';
import { FileReport } from './components/file-report.tsx';

/** One parser: the total counts an amount exactly as the API will read it, or nothing. */
const dh = (text: string) => bonusAmountDh(text) ?? 0;

/** /rh/bonuses/add: title, type, beneficiaries (all, group, selection, or amounts typed or from a file), recurrence, model, total. */
export function BonusAddScreen() {
  const navigate = useNavigate();
  const create = useCreateBonusMutation();
  const parse = useParseBonusFileMutation();
  const groups = useGroupOptions();
  const models = useSavedBonusesQuery();
  const [modelId, setModelId] = useState('');
  const [modelError, setModelError] = useState<string | null>(null);

  const [title, setTitle] = useState<TBonusTitle>('aid_el_kbir');
  const [customTitle, setCustomTitle] = useState('');
  const [comment, setComment] = useState('');
  const [type, setType] = useState<TBonusType>('collective');
  const [target, setTarget] = useState<TBonusTarget>('all');
  const [groupId, setGroupId] = useState('');
  const [amount, setAmount] = useState('');
  const [selection, setSelection] = useState<PickableEmployee[]>([]);
  const [lines, setLines] = useState<AmountLine[]>([]);
  const [file, setFile] = useState<File | null>(null);
  const [recurrence, setRecurrence] = useState<TBonusRecurrence>('non_recurrent');
  const [isSaved, setIsSaved] = useState(false);

  const errors = fieldErrors(create.error);
  const chosenIds = new Set(
    type === 'individual' ? lines.map((l) => l.employee.id) : selection.map((e) => e.id),
  );
  const group = groups.data?.results.find((g) => String(g.id) === groupId);

  // What the RH sees before sending: known for individual amounts and a selection; for all or a
  // group the API resolves the active employees (the details page shows the exact total).
  const count = type === 'individual' ? lines.length : target === 'selection' ? selection.length : null;
  const total =
    type === 'individual'
      ? lines.reduce((sum, l) => sum + dh(l.amount), 0)
      : count !== null
        ? dh(amount) * count
        : null;

  const addLine = (employee: PickableEmployee) =>
    setLines((current) =>
      current.some((l) => l.employee.id === employee.id) ? current : [...current, { employee, amount: '' }],
    );

  const readFile = (picked: File | null) => {
    setFile(picked);
    parse.reset();
    if (!picked) return;
    parse.mutate(picked, {
      onSuccess: (result) =>
        setLines((current) => {
          const known = new Set(current.map((l) => l.employee.id));
          const added = result.matched
            .filter((m) => !known.has(m.employee.id))
            .map((m) => ({ employee: m.employee, amount: String(Math.round(Number(m.amount))) }));
          return [...current, ...added];
        }),
    });
  };

  /** Fills the form from a saved model (its beneficiaries and amounts too); saving stays off. */
  const applyModel = async (model: TBonus | undefined) => {
    setModelError(null);
    if (!model) return;
    setTitle(model.title);
    setCustomTitle(model.custom_title ?? '');
    setComment(model.comment);
    setType(model.type);
    setTarget(model.target ?? 'all');
    setGroupId(model.group ? String(model.group.id) : '');
    setAmount(model.amount ? String(Math.round(Number(model.amount))) : '');
    setRecurrence(model.recurrence_type);
    setSelection([]);
    setLines([]);
    if (model.type === 'collective' && model.target !== 'selection') return;
    try {
      const beneficiaries = await loadModelBeneficiaries(model);
      if (model.type === 'individual')
        setLines(
          beneficiaries.map((b) => ({ employee: b.employee, amount: String(Math.round(Number(b.amount))) })),
        );
      else setSelection(beneficiaries.map((b) => b.employee));
    } catch (error) {
      setModelError(errorMessage(error));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: TBonusWriteRequest = {
      title,
      custom_title: title === 'other' ? customTitle : null,
      comment,
      type,
      recurrence_type: recurrence,
      is_saved: isSaved,
      ...(type === 'collective'
        ? {
            amount: amount.trim(),
            target,
            group: target === 'group' && groupId ? Number(groupId) : null,
            employees: target === 'selection' ? selection.map((e) => e.id) : null,
          }
        : { amounts: lines.map((l) => ({ employee: l.employee.id, amount: l.amount.trim() })) }),
    };
    create.mutate(body, { onSuccess: (bonus) => navigate(`/rh/bonuses/${bonus.id}`) });
  };

  const generalError = create.isError && Object.keys(errors).length === 0 ? errorMessage(create.error) : null;

  return (
    <div className="flex flex-col gap-4">
      <PageTitle title="Nouvelle prime" subtitle="Elle sera versée après la validation d’un DRH." />
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Nouvelle prime">
        {models.data && models.data.results.length > 0 ? (
          <section className="flex flex-col gap-2 rounded-2xl bg-white p-4 ring-1 ring-gray-200">
            <SelectField
              label="Partir d’un modèle"
              value={modelId}
              onChange={(e) => {
                setModelId(e.target.value);
                void applyModel(models.data.results.find((m) => String(m.id) === e.target.value));
              }}
              options={[
                { value: '', label: 'Aucun modèle' },
                ...models.data.results.map((m) => ({
                  value: String(m.id),
                  label: `${m.display_title} · ${formatMoney(m.total_amount)}`,
                })),
              ]}
            />
            {modelError ? <MessageBox severity="danger">{modelError}</MessageBox> : null}
          </section>
        ) : null}
        <section className="grid grid-cols-1 gap-4 rounded-2xl bg-white p-4 ring-1 ring-gray-200 sm:grid-cols-2">
          <SelectField
            label="Intitulé"
            value={title}
            onChange={(e) => setTitle(e.target.value as TBonusTitle)}
            options={BONUS_TITLES.map((value) => ({ value, label: BONUS_TITLE_LABELS_FR[value] }))}
            error={errors.title}
          />
          {title === 'other' ? (
            <FormField
              label="Intitulé libre"
              value={customTitle}
              onChange={(e) => setCustomTitle(e.target.value)}
              maxLength={100}
              required
              error={errors.custom_title}
            />
          ) : null}
          <SelectField
            label="Type"
            value={type}
            onChange={(e) => setType(e.target.value as TBonusType)}
            options={BONUS_TYPES.map((value) => ({ value, label: BONUS_TYPE_LABELS_FR[value] }))}
            hint={type === 'collective' ? 'Un même montant pour chaque salarié.' : 'Un montant par salarié.'}
          />
          <SelectField
            label="Récurrence"
            value={recurrence}
            onChange={(e) => setRecurrence(e.target.value as TBonusRecurrence)}
            options={BONUS_RECURRENCES.map((value) => ({ value, label: BONUS_RECURRENCE_LABELS_FR[value] }))}
            hint={
              recurrence === 'non_recurrent'
                ? undefined
                : 'Une nouvelle prime, à valider, est créée le même jour chaque mois ou chaque année.'
            }
          />
        </section>

        <section
          aria-labelledby="beneficiaries-title"
          className="flex flex-col gap-4 rounded-2xl bg-white p-4 ring-1 ring-gray-200"
        >
          <h2 id="beneficiaries-title" className="text-base font-semibold text-gray-900">
            Bénéficiaires
          </h2>
          {type === 'collective' ? (
            <>
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                <FormField
                  label="Montant par salarié (DH)"
                  inputMode="numeric"
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                  required
                  error={errors.amount}
                />
                <SelectField
                  label="Pour"
                  value={target}
                  onChange={(e) => setTarget(e.target.value as TBonusTarget)}
                  options={BONUS_TARGETS.map((value) => ({ value, label: BONUS_TARGET_LABELS_FR[value] }))}
                  error={errors.target}
                />
              </div>
              {target === 'group' ? (
                <SelectField
                  label="Groupe"
                  value={groupId}
                  onChange={(e) => setGroupId(e.target.value)}
                  options={[
                    { value: '', label: groups.isPending ? 'Chargement des groupes…' : 'Choisir un groupe' },
                    ...(groups.data?.results ?? []).map((g) => ({ value: String(g.id), label: g.name })),
                  ]}
                  error={errors.group}
                  required
                />
              ) : null}
              {target === 'selection' ? (
                <>
                  <EmployeeSearchPicker chosen={chosenIds} onAdd={(e) => setSelection((s) => [...s, e])} />
                  {errors.employees ? <p className="text-sm text-red-700">{errors.employees}</p> : null}
                  <ul aria-label="Salariés choisis" className="flex flex-wrap gap-2">
                    {selection.map((employee) => (
                      <li
                        key={employee.id}
                        className="inline-flex items-center gap-1 rounded-full bg-gray-100 py-1 pr-1 pl-3 text-sm"
                      >
                        {employeeLabel(employee)}
                        <Button
                          variant="tertiary"
                          size="sm"
                          icon={<IconX aria-hidden="true" />}
                          aria-label={`Retirer ${employeeLabel(employee)}`}
                          onClick={() => setSelection((s) => s.filter((e) => e.id !== employee.id))}
                        />
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
              {target === 'all' ? (
                <p className="text-sm text-gray-700">
                  Tous les salariés actifs de la société recevront ce montant.
                </p>
              ) : null}
            </>
          ) : (
            <>
              <div className="flex flex-col gap-2">
                <p className="text-sm text-gray-700">
                  Importez un fichier CSV ou Excel (.xlsx) de deux colonnes : CIN ou matricule, puis montant
                  en dirhams.
                </p>
                <FilePicker
                  label="Fichier des montants"
                  file={file}
                  onFileChange={readFile}
                  accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  what="votre fichier CSV ou Excel"
                  formats="CSV (séparateur ; ou ,) ou Excel .xlsx, 10 Mo au plus."
                  disabled={parse.isPending}
                />
                {parse.isPending ? <MessageBox>Lecture du fichier…</MessageBox> : null}
                {parse.isError ? (
                  <MessageBox severity="danger">{errorMessage(parse.error)}</MessageBox>
                ) : null}
                {parse.data ? <FileReport result={parse.data} /> : null}
              </div>
              <EmployeeSearchPicker chosen={chosenIds} onAdd={addLine} />
              {errors.amounts ? <p className="text-sm text-red-700">{errors.amounts}</p> : null}
              <AmountLines lines={lines} errors={errors} onChange={setLines} />
            </>
          )}
        </section>

        <section className="flex flex-col gap-4 rounded-2xl bg-white p-4 ring-1 ring-gray-200">
          <FormField label="Commentaire" error={errors.comment}>
            {(control) => (
              <textarea
                {...control}
                rows={3}
                maxLength={500}
                value={comment}
                onChange={(e) => setComment(e.target.value)}
                className={inputClassName}
              />
            )}
          </FormField>
          <label className="flex items-center gap-2 text-sm text-gray-900">
            <input
              type="checkbox"
              checked={isSaved}
              onChange={(e) => setIsSaved(e.target.checked)}
              className="size-4 rounded border-gray-300"
            />
            Enregistrer comme modèle
          </label>
        </section>

        <section
          aria-label="Récapitulatif"
          className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-gray-200 sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="text-gray-900" aria-live="polite">
            {total !== null && count !== null ? (
              <>
                Total : <strong className="tabular-nums">{formatMoney(total)}</strong> pour{' '}
                {formatCount(count, 'salarié', 'salariés')}
                {count > BONUS_CAP ? ` (au plus ${BONUS_CAP})` : ''}
              </>
            ) : (
              <>
                {formatMoney(dh(amount))} par salarié{' '}
                {target === 'group' && group ? `du groupe ${group.name}` : 'actif de la société'}
              </>
            )}
          </p>
          <div className="flex gap-2">
            <Button variant="secondary" to="/rh/bonuses" label="Annuler" />
            <Button type="submit" label="Envoyer pour validation" loading={create.isPending} />
          </div>
        </section>
        {generalError ? <MessageBox severity="danger">{generalError}</MessageBox> : null}
      </form>
    </div>
  );
}
