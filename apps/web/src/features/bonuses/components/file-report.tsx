import type { TBonusFileParse } from '@tasbiq/contracts/bonuses';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { formatCount } from '../../../lib/format/count.ts';
import { formatMoney } from '../../../lib/format/money.ts';

/** What POST /bonuses/parse/ found: the lines taken, and line by line the ones left out and why. */
export function FileReport({ result }: { result: TBonusFileParse }) {
  const taken = result.matched.length;
  return (
    <div className="flex flex-col gap-3">
      <MessageBox severity={result.report.length === 0 ? 'success' : 'warning'} title="Fichier lu">
        {formatCount(taken, 'ligne retenue', 'lignes retenues', 'Aucune ligne retenue')} sur {result.rows}{' '}
        pour un total de {formatMoney(result.total_amount)}.
        {result.report.length > 0
          ? ` ${formatCount(result.report.length, 'ligne écartée', 'lignes écartées')} : corrigez le fichier ou ajoutez ces salariés à la main.`
          : ''}
      </MessageBox>
      {result.report.length > 0 ? (
        <div className="overflow-x-auto rounded-xl ring-1 ring-gray-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Lignes écartées du fichier</caption>
            <thead className="bg-gray-50 text-gray-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Ligne
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  CIN ou matricule
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Montant
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Problème
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {result.report.map((row) => (
                <tr key={`${row.line}-${row.code}`}>
                  <td className="px-3 py-2 tabular-nums">{row.line}</td>
                  <td className="px-3 py-2">{row.identifier || '—'}</td>
                  <td className="px-3 py-2">{row.amount || '—'}</td>
                  <td className="px-3 py-2 text-gray-800">{row.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
