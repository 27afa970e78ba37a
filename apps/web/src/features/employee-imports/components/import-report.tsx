import { type ImportColumn, type TImportReport, ZImportReport } from '@tasbiq/contracts/employee-imports';
import { isApiError } from '../../../lib/http/api-error.ts';

/** The row-by-row report a refused file comes back with (400 BULK_UPLOAD_FAILED / UPLOAD_WD_FAILED). */
export function importReportOf(error: unknown): TImportReport | null {
  if (!isApiError(error) || typeof error.data !== 'object' || error.data === null) return null;
  const parsed = ZImportReport.safeParse((error.data as { report?: unknown }).report);
  return parsed.success ? parsed.data : null;
}

type ImportReportTableProps = {
  report: TImportReport;
  /** The file's columns, to show "Téléphone" rather than "telephone". */
  columns: readonly ImportColumn[];
};

/**
 * What to fix: one line per error, with the line number as a text editor or Excel shows it (the
 * header is line 1), the column and the French explanation. Nothing was imported. The count says
 * "sur" the file's lines in the same numbering (`total_lines`), so "1 ligne en erreur sur 3" and
 * "Ligne 3" are the same line.
 */
export function ImportReportTable({ report, columns }: ImportReportTableProps) {
  const labelOf = (column: string | null) =>
    column === null ? '—' : (columns.find((c) => c.name === column)?.label.replace(/ \(.*\)$/, '') ?? column);
  const hidden = report.error_count - report.errors.length;
  const lines = report.error_rows === 1 ? '1 ligne en erreur' : `${report.error_rows} lignes en erreur`;
  return (
    <section aria-labelledby="import-report-title" className="flex flex-col gap-3">
      <div>
        <h3 id="import-report-title" className="text-base font-semibold text-gray-900">
          {lines} sur {report.total_lines}
        </h3>
        <p className="text-sm text-gray-700">
          Aucune ligne n'a été enregistrée. Corrigez le fichier puis envoyez-le à nouveau.
        </p>
        <p className="text-sm text-gray-600">
          Les lignes sont numérotées comme dans Excel : l'en-tête est la ligne 1.
        </p>
      </div>
      <div className="max-h-[28rem] overflow-auto rounded-xl ring-1 ring-gray-200">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Erreurs du fichier, ligne par ligne</caption>
          <thead className="sticky top-0 bg-gray-50 text-gray-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Ligne
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Colonne
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Erreur
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100 bg-white">
            {report.errors.map((error, index) => (
              // Several errors may share a line and a column; the position keeps keys unique.
              // biome-ignore lint/suspicious/noArrayIndexKey: the report never reorders
              <tr key={index}>
                <td className="px-3 py-2 align-top tabular-nums text-gray-900">{error.row}</td>
                <td className="px-3 py-2 align-top text-gray-800">{labelOf(error.column)}</td>
                <td className="px-3 py-2 align-top text-gray-800">{error.detail}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {hidden > 0 ? (
        <p className="text-sm text-gray-600">
          … et {hidden === 1 ? 'une autre erreur' : `${hidden} autres erreurs`}. Corrigez déjà celles-ci : les
          suivantes s'afficheront au prochain envoi.
        </p>
      ) : null}
    </section>
  );
}
