// Fails when the JavaScript that /login downloads before it shows grows past its budget (issue 9
// §4), gzip level 9 as the build's own .gz copies. Run by `npm test`. It builds the web app with a
// manifest into a temporary directory, then adds up the entry chunk (index.html's module script)
// and the login screen's chunk, each with every chunk they import statically, transitively (the
// browser fetches them at once, from index.html's modulepreload links or the dynamic import). What a
// screen loads later on demand (dynamic imports: the form's validation schema on first input, zod
// when an error answer needs parsing…) is not part of the first page and is listed apart.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { assertPinnedNode, run } from './lib.mjs';

assertPinnedNode();

/**
 * The budget in KiB of gzip: issue 9's 100. Reached by rendering with Preact's React layer
 * (decision 049: 39 KiB for Preact and react-router where React DOM, React and the router took 95),
 * after the lazy loading of decisions 030 and 048.
 */
const BUDGET_KIB = Number(process.env.LOGIN_JS_BUDGET_KIB ?? 100);
const LOGIN_SCREEN = 'src/features/auth/login-screen.tsx';

const outDir = mkdtempSync(path.join(tmpdir(), 'tasbiq-login-budget-'));
try {
  const built = await run('npm', [
    'run',
    'build',
    '-w',
    '@tasbiq/web',
    '--',
    '--outDir',
    outDir,
    '--manifest',
  ]);
  if (built !== 0) process.exit(built);
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry || !manifest[LOGIN_SCREEN]) {
    console.error(`The manifest has no entry or no ${LOGIN_SCREEN} chunk: did the routes change?`);
    process.exit(1);
  }

  const firstPage = new Set();
  const addWithImports = (key) => {
    if (firstPage.has(key)) return;
    firstPage.add(key);
    for (const imported of manifest[key].imports ?? []) addWithImports(imported);
  };
  addWithImports(entry);
  addWithImports(LOGIN_SCREEN);

  const gzipKib = (file) => gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length / 1024;
  const rows = [...firstPage].map((key) => ({ file: manifest[key].file, kib: gzipKib(manifest[key].file) }));
  rows.sort((a, b) => b.kib - a.kib);
  const total = rows.reduce((sum, row) => sum + row.kib, 0);

  const later = new Set();
  for (const key of firstPage)
    for (const dynamic of manifest[key].dynamicImports ?? [])
      if (!firstPage.has(dynamic) && !manifest[dynamic].file.includes('-screen-'))
        later.add(manifest[dynamic].file);

  console.log(`JavaScript of /login before it shows (gzip):`);
  for (const row of rows) console.log(`  ${row.kib.toFixed(1).padStart(6)} KiB  ${row.file}`);
  console.log(`  ${total.toFixed(1).padStart(6)} KiB  total (budget ${BUDGET_KIB} KiB)`);
  if (later.size > 0) console.log(`Loaded later, on demand: ${[...later].join(', ')}`);
  if (total > BUDGET_KIB) {
    console.error(
      `\n✗ /login's JavaScript is ${total.toFixed(1)} KiB gzip, over its ${BUDGET_KIB} KiB budget: ` +
        'keep what the first page does not need out of the entry and login chunks (lazy imports).',
    );
    process.exit(1);
  }
  console.log(`✓ within budget`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
