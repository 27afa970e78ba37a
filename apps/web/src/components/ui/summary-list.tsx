/** Terms and their values, one per line on a grey card: what an amount is made of before confirming. */
export function SummaryList({ rows }: { rows: ReadonlyArray<readonly [term: string, value: string]> }) {
  return (
    <dl className="divide-y divide-gray-100 rounded-xl bg-gray-50 px-4 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="flex items-center justify-between gap-3 py-2.5">
          <dt className="text-gray-600">{term}</dt>
          <dd className="font-semibold text-gray-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
