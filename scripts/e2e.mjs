// Builds the web app, then runs the Playwright journeys; Playwright starts the app itself
// (apps/web/e2e/playwright.config.ts `webServer`) on a fresh embedded database with demo data.
import { existsSync } from 'node:fs';
import { run } from './lib.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Chromium not found at ${chromium}: install it with 'apt-get install -y chromium' (see README).`,
  );
  process.exit(1);
}
let code = await run('npm', ['run', 'build', '-w', '@tasbiq/web']);
if (code !== 0) process.exit(code);
code = await run('npx', [
  'playwright',
  'test',
  '-c',
  'apps/web/e2e/playwright.config.ts',
  ...process.argv.slice(2),
]);
process.exit(code);
