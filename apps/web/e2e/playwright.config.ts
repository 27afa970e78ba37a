import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_JWT_SECRET } from './jwt.ts';

/**
 * Journeys run in Debian's Chromium (no browser download is possible here) against the built
 * app served by the API on a throw-away embedded database seeded with the demo data.
 * scripts/e2e.mjs gives every run its own free port (E2E_PORT) and build output (E2E_WEB_DIST).
 */
const PORT = Number(process.env.E2E_PORT ?? 3101);
// Per port, not per process: workers load this file again (with another pid) but the same env.
const runDir = path.join(tmpdir(), `tasbiq-e2e-${PORT}`);
const webDist = process.env.E2E_WEB_DIST;

export default defineConfig({
  testDir: '.',
  // Playwright empties its output directory when it starts: concurrent runs each need their own.
  outputDir: process.env.E2E_PORT ? `../test-results/run-${PORT}` : '../test-results',
  testMatch: '**/*.spec.ts',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'fr-FR',
    timezoneId: 'Africa/Casablanca',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: `rm -rf ${runDir} && npm run start -w @tasbiq/api`,
    cwd: '../../..',
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      PGLITE_DIR: `${runDir}/db`,
      STORAGE_DIR: `${runDir}/files`,
      ...(webDist ? { WEB_DIST_DIR: webDist } : {}),
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      PUBLIC_URL: `http://localhost:${PORT}`,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      JWT_SECRET: E2E_JWT_SECRET,
    },
  },
});
