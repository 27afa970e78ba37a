// Builds the web app, then runs the Playwright journeys; Playwright starts the app itself
// (apps/web/e2e/playwright.config.ts `webServer`) on a fresh embedded database with demo data.
//
// Each run is isolated, so two runs at once (two people, two CI jobs on one machine) do not meet:
// its own free port (E2E_PORT), its own build output (E2E_WEB_DIST, served through WEB_DIST_DIR,
// so a concurrent `vite build` cannot empty the directory being served), its own database and files.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { assertPinnedNode, freePort, run } from './lib.mjs';

assertPinnedNode();

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Chromium not found at ${chromium}: install it with 'apt-get install -y chromium' (see README).`,
  );
  process.exit(1);
}

const webDist = mkdtempSync(path.join(tmpdir(), 'tasbiq-e2e-web-'));
const env = {
  ...process.env,
  E2E_PORT: process.env.E2E_PORT ?? String(await freePort()),
  E2E_WEB_DIST: webDist,
};
let code = await run('npm', [
  'run',
  'build',
  '-w',
  '@tasbiq/web',
  '--',
  '--outDir',
  webDist,
  '--emptyOutDir',
]);
if (code === 0) {
  code = await run(
    'npx',
    ['playwright', 'test', '-c', 'apps/web/e2e/playwright.config.ts', ...process.argv.slice(2)],
    { env },
  );
}
rmSync(webDist, { recursive: true, force: true });
// The database and files of the run (see playwright.config.ts `runDir`).
rmSync(path.join(tmpdir(), `tasbiq-e2e-${env.E2E_PORT}`), { recursive: true, force: true });
// Traces of failed journeys stay in apps/web/test-results/run-<port>; a green run leaves nothing.
if (code === 0)
  rmSync(path.join(import.meta.dirname, `../apps/web/test-results/run-${env.E2E_PORT}`), {
    recursive: true,
    force: true,
  });
process.exit(code);
