import { defaultOcrPoolSize } from '../src/lib/ocr/ocr-pool.ts';
import { shutdownOcr } from '../src/lib/ocr/recognize.ts';
import { scanReceipt } from '../src/modules/expenses/scan-receipt.ts';
import { drawReceipt, receiptSpec, receiptTotal } from '../test/support/receipt-images.ts';

/**
 * `npm run bench` (BENCH_ONLY=receipt-ocr): the receipt pre-fill of issue 15 ★ over
 * BENCH_RECEIPTS generated receipts (default 60; seeds 1…n, so a miss can be replayed with
 * `receiptSpec(seed)`): thermal tickets and invoices, monospace or proportional, rendered by Pango
 * or librsvg, five date styles, four total labels, tilted ±3°, noise, 30 % as blurred phone JPEGs.
 * Prints the OCR time (median, p95) and how often the pre-fill was exactly right (amount, date,
 * both), with the misses by layout so the next improvement knows where to look.
 */
const RECEIPTS = Number(process.env.BENCH_RECEIPTS ?? 60);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

console.log(`Receipt OCR: ${RECEIPTS} generated receipts, OCR pool of ${defaultOcrPoolSize()} worker(s)\n`);
await scanReceipt(await drawReceipt()); // starts the worker

const times: number[] = [];
let amountRight = 0;
let dateRight = 0;
let bothRight = 0;
const misses: Record<string, string>[] = [];
for (let seed = 1; seed <= RECEIPTS; seed += 1) {
  const spec = receiptSpec(seed);
  const image = await drawReceipt(spec, seed);
  const started = performance.now();
  const scan = await scanReceipt(image);
  times.push(performance.now() - started);
  const reading = scan.ok ? scan.reading : null;
  const amountOk = reading?.amountCentimes === BigInt(receiptTotal(spec));
  const dateOk = reading?.date === spec.date;
  amountRight += amountOk ? 1 : 0;
  dateRight += dateOk ? 1 : 0;
  bothRight += amountOk && dateOk ? 1 : 0;
  if (!amountOk || !dateOk)
    misses.push({
      seed: String(seed),
      layout: `${spec.renderer}/${spec.font}/${spec.dateStyle}/${spec.totalLabel}${spec.photo ? '/photo' : ''}`,
      amount: amountOk ? 'ok' : `${reading?.amountCentimes ?? '—'} ≠ ${receiptTotal(spec)}`,
      date: dateOk ? 'ok' : `${reading?.date ?? '—'} ≠ ${spec.date}`,
    });
}
await shutdownOcr();
times.sort((a, b) => a - b);
const pct = (n: number) => `${Math.round((1000 * n) / RECEIPTS) / 10} %`;

console.table([
  {
    receipts: RECEIPTS,
    'median ms': Math.round(percentile(times, 50)),
    'p95 ms': Math.round(percentile(times, 95)),
    'amount exact': pct(amountRight),
    'date exact': pct(dateRight),
    'both exact': pct(bothRight),
  },
]);
if (misses.length > 0) {
  console.log('\nMisses:');
  console.table(misses);
}
