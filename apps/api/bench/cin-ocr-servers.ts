import { buildApp } from '../src/app.ts';
import { seedDemoIfEmpty } from '../src/db/seed/demo.ts';
import { checkCinImages } from '../src/modules/cards/cin-check/check-cin-images.ts';
import { CIN_PERSON, drawCinBack, drawCinFront, photoLike } from '../test/support/cin-images.ts';
import { freshBenchDatabase } from './fresh-database.ts';

/**
 * Child process of bench/cin-ocr.bench.ts: the real app on PostgreSQL, and on request a loop of
 * CIN checks in the same process (what POST /card/order/ runs), so the parent can load the hot
 * reads with and without OCR running beside them.
 */
const name = 'tasbiq_bench_cin';
const { url, config, database } = await freshBenchDatabase(name, { poolSize: 20 });
await seedDemoIfEmpty(database.db);
const { app } = await buildApp({
  config: { ...config, DATABASE_URL: url.toString(), WEB_DIST_DIR: '/nonexistent' },
  database,
  logger: false,
});
await app.listen({ host: '127.0.0.1', port: 0 });

// One order's photos as a phone sends them: sheared, slightly blurred JPEGs.
const front = await photoLike(await drawCinFront());
const back = await photoLike(await drawCinBack());
const now = new Date('2026-11-24T10:00:00Z');
const checkOne = () =>
  checkCinImages({ front, back, expectedCin: CIN_PERSON.cin, now, expiryMarginDays: 30 });
// The first check starts the worker: not part of what is measured.
const warm = await checkOne();
if (!warm.ok) throw new Error(`the bench order is refused: ${JSON.stringify(warm)}`);

let running = false;
let done = 0;
/** `parallel` orders at a time, as many employees ordering at once would. */
async function ocrLoop(parallel: number) {
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (running) {
        await checkOne();
        done += 1;
      }
    }),
  );
}
let loop: Promise<void> = Promise.resolve();

const port = (s: { server: { address(): unknown } }) => (s.server.address() as { port: number }).port;
process.send?.({ app: port(app) });
process.on('message', async (message: { type: string; parallel?: number }) => {
  if (message.type === 'ocr-start') {
    running = true;
    done = 0;
    loop = ocrLoop(message.parallel ?? 2);
  } else if (message.type === 'ocr-stop') {
    running = false;
    await loop;
    process.send?.({ done });
  } else if (message.type === 'stop') {
    await app.close();
    await database.close();
    process.exit(0);
  }
});
