import { type TImportReport, ZImportReport } from '@tasbiq/contracts/employee-imports';
import { isApiError } from '../../../lib/http/api-error.ts';

/** The row-by-row report a refused CSV file comes back with, if the failure carries one. */
export function uploadReportOf(error: unknown): TImportReport | null {
  if (!isApiError(error) || typeof error.data !== 'object' || error.data === null) return null;
  const parsed = ZImportReport.safeParse((error.data as { report?: unknown }).report);
  return parsed.success ? parsed.data : null;
}

/**
 * The lines of the file to fix, in a table the user can scroll. One convention for the count and
 * the pointer: the file's lines as Excel numbers them (the header, when there is one, is line 1),
 * so "1 ligne en erreur sur 3" and "Ligne 3" speak of the same line — as the employee import does.
 */
export function UploadReport({ report }: { report: TImportReport }) {
  const hidden = report.error_count - report.errors.length;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-gray-700">
        {report.error_rows === 1 ? '1 ligne' : `${report.error_rows} lignes`} en erreur sur{' '}
        {report.total_lines}. Aucun salarié n'a été déplacé.
      </p>
      <p className="text-xs text-gray-600">
        Les lignes sont numérotées comme dans Excel : l'en-tête, s'il y en a un, est la ligne 1.
      </p>
      <div className="max-h-64 overflow-auto rounded-xl ring-1 ring-gray-200">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Lignes en erreur du fichier</caption>
          <thead className="sticky top-0 bg-gray-50 text-gray-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Ligne
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Erreur
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {report.errors.map((error) => (
              <tr key={`${error.row}-${error.column}-${error.code}-${error.detail}`}>
                <td className="px-3 py-2 align-top tabular-nums text-gray-900">{error.row}</td>
                <td className="px-3 py-2 text-gray-800">{error.detail}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {hidden > 0 ? (
        <p className="text-xs text-gray-500">
          … et {hidden === 1 ? 'une autre erreur' : `${hidden} autres erreurs`}.
        </p>
      ) : null}
    </div>
  );
}
