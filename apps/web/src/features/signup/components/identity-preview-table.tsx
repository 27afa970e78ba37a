import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import type { TIdentityPreviewRow } from '@tasbiq/contracts/signup';
import { useState } from 'react';
import { cx } from '../../../lib/cx.ts';
import { formatIsoDay } from '../format.ts';

/** Rows drawn at most: a 5000-line file stays responsive; the counts above say the rest. */
const MAX_SHOWN = 300;

type IdentityPreviewTableProps = { rows: TIdentityPreviewRow[] };

/** The file as the API understood it, row errors highlighted; "errors only" when there are some. */
export function IdentityPreviewTable({ rows }: IdentityPreviewTableProps) {
  const errorRows = rows.filter((row) => row.errors.length > 0);
  const [errorsOnly, setErrorsOnly] = useState(errorRows.length > 0);
  const listed = errorsOnly ? errorRows : rows;
  const shown = listed.slice(0, MAX_SHOWN);

  return (
    <div className="flex flex-col gap-2">
      {errorRows.length > 0 ? (
        <label className="inline-flex items-center gap-2 text-sm text-gray-700">
          <input
            type="checkbox"
            className="size-4 rounded border-gray-300 text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
            checked={errorsOnly}
            onChange={(event) => setErrorsOnly(event.target.checked)}
          />
          Afficher seulement les lignes en erreur
        </label>
      ) : null}
      <div className="overflow-x-auto rounded-xl ring-1 ring-gray-200">
        <table className="min-w-full divide-y divide-gray-200 bg-white text-sm">
          <caption className="sr-only">Aperçu du fichier</caption>
          <thead className="bg-gray-50 text-left text-xs font-semibold tracking-wide text-gray-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                Ligne
              </th>
              <th scope="col" className="px-3 py-2">
                Matricule
              </th>
              <th scope="col" className="px-3 py-2">
                Date de naissance
              </th>
              <th scope="col" className="px-3 py-2">
                État
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {shown.map((row) => {
              const hasErrors = row.errors.length > 0;
              return (
                <tr
                  key={row.row}
                  className={cx(hasErrors && 'bg-red-50')}
                  data-invalid={hasErrors || undefined}
                >
                  <td className="px-3 py-2 tabular-nums text-gray-600">{row.row}</td>
                  <td className="px-3 py-2 font-medium text-gray-900">{row.serial || '—'}</td>
                  <td className="px-3 py-2 tabular-nums">
                    {row.birthday ? formatIsoDay(row.birthday) : '—'}
                  </td>
                  <td className="px-3 py-2">
                    {hasErrors ? (
                      <ul className="flex flex-col gap-1 text-red-800">
                        {row.errors.map((error) => (
                          <li key={`${error.code}-${error.attr}`} className="flex items-start gap-1.5">
                            <IconAlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                            {error.detail}
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <span className="inline-flex items-center gap-1.5 text-emerald-700">
                        <IconCheck aria-hidden="true" className="size-4" />
                        Valide
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {listed.length > shown.length ? (
        <p className="text-sm text-gray-600">
          … et{' '}
          {listed.length - shown.length === 1
            ? 'une autre ligne non affichée'
            : `${listed.length - shown.length} autres lignes non affichées`}
          .
        </p>
      ) : null}
    </div>
  );
}
