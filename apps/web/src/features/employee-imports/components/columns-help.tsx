import type { ImportColumn } from '@tasbiq/contracts/employee-imports';

/** The file's columns, folded by default: what each holds and which are required. */
export function ColumnsHelp({ columns, note }: { columns: readonly ImportColumn[]; note?: string }) {
  return (
    <details className="rounded-xl bg-gray-50 p-3 text-sm text-gray-800">
      <summary className="cursor-pointer font-medium text-gray-900">Colonnes du fichier</summary>
      <ul className="mt-2 grid gap-1 sm:grid-cols-2">
        {columns.map((column) => (
          <li key={column.name}>
            <code className="rounded bg-white px-1 py-0.5 text-xs text-gray-700 ring-1 ring-gray-200">
              {column.name}
            </code>{' '}
            {column.label}
            {column.required ? <span className="font-medium text-red-700"> (obligatoire)</span> : null}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-gray-600">
        Les noms de colonnes peuvent être écrits en majuscules ou avec des accents ; les autres colonnes du
        fichier sont ignorées. Dates au format jj/mm/aaaa, montants en dirhams (« 1 500,50 »).
        {note ? ` ${note}` : null}
      </p>
    </details>
  );
}
