// `npm run bench` (alone: BENCH_ONLY=lighthouse npm run bench): Lighthouse 13, mobile with its
// default (simulated) throttling, in Debian's Chromium, on the first pages people see: /login, the
// employee home and the HR dashboard, the last two logged in with the demo logins. It measures
// what production serves: a fresh `vite build` (brotli and gzip copies included) served by the
// production start (`node apps/api/src/server.ts`, NODE_ENV=production) on a throw-away embedded
// database holding the demo data (seeded first with the `seed-demo` admin command, since a
// production start seeds nothing). Each page is measured LIGHTHOUSE_RUNS times (3 by default)
// from an empty HTTP cache; the run with the median performance score is printed.
// LIGHTHOUSE_JSON_DIR=dir also keeps every run's full report there (to see what a score is made of).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { assertPinnedNode, freePort, run } from './lib.mjs';

assertPinnedNode();

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const DEMO_PASSWORD = 'Tasbiq#2026';
/** Where the web app keeps its tokens (apps/web/src/lib/http/token-store.ts). */
const TOKEN_KEYS = { access: 'tasbiq.access', refresh: 'tasbiq.refresh' };
const PAGES = [
  { name: 'login', path: '/login' },
  { name: 'employee home', path: '/', username: 'salarie@demo.ma' },
  { name: 'HR dashboard', path: '/rh', username: 'rh@demo.ma' },
];

if (!existsSync(CHROMIUM)) {
  console.error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH).`);
  process.exit(1);
}

const workDir = mkdtempSync(path.join(tmpdir(), 'tasbiq-lighthouse-'));
const port = await freePort();
const origin = `http://localhost:${port}`;
const serverEnv = {
  ...process.env,
  NODE_ENV: 'production',
  JWT_SECRET: randomBytes(48).toString('base64'),
  PGLITE_DIR: path.join(workDir, 'db'),
  STORAGE_DIR: path.join(workDir, 'files'),
  WEB_DIST_DIR: path.join(workDir, 'web'),
  PORT: String(port),
  PUBLIC_URL: origin,
  LOG_LEVEL: 'warn',
};
delete serverEnv.DATABASE_URL;

let server = null;
let browser = null;
try {
  if (
    (await run('npm', ['run', 'build', '-w', '@tasbiq/web', '--', '--outDir', serverEnv.WEB_DIST_DIR])) !== 0
  )
    throw new Error('the web build failed');
  if ((await run(process.execPath, ['apps/api/src/admin.ts', 'seed-demo'], { env: serverEnv })) !== 0)
    throw new Error('seeding the demo data failed');
  server = spawn(process.execPath, ['apps/api/src/server.ts'], { env: serverEnv, stdio: 'inherit' });
  await waitForHealth(`${origin}/api/health`, server);

  browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-sync'],
  });
  const rows = [];
  for (const target of PAGES) {
    const results = [];
    for (let i = 0; i < RUNS; i += 1) results.push(await measureWithRetry(browser, target));
    results.sort((a, b) => a.performance - b.performance);
    rows.push({ page: target.name, path: target.path, ...results[Math.floor(results.length / 2)] });
  }
  printTable(rows);
} finally {
  await browser?.close();
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  rmSync(workDir, { recursive: true, force: true });
}

/**
 * Chromium sometimes loses the trace of a load on a busy machine (Lighthouse's `NO_NAVSTART`,
 * « Please run Lighthouse again »): that run is made again, once, instead of failing the bench.
 */
async function measureWithRetry(chromium, target) {
  try {
    return await measure(chromium, target);
  } catch (error) {
    if (!String(error?.message).includes('NO_NAVSTART')) throw error;
    console.warn(`${target.path}: the trace was lost (NO_NAVSTART), measuring again`);
    return measure(chromium, target);
  }
}

/** One Lighthouse run of `target` from an empty HTTP cache, logged in first when it needs to be. */
async function measure(chromium, target) {
  const page = await chromium.newPage();
  try {
    // Logged-in pages keep the tokens the login put in localStorage, so Lighthouse must not wipe
    // the origin's storage; the HTTP cache is emptied by hand instead, for every page alike.
    if (target.username) await storeTokens(page, await login(target.username));
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    const result = await lighthouse(
      `${origin}${target.path}`,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: Boolean(target.username),
      },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${target.path}`);
    const jsonDir = process.env.LIGHTHOUSE_JSON_DIR;
    if (jsonDir) {
      mkdirSync(jsonDir, { recursive: true });
      const name = `${target.name.replaceAll(' ', '-')}-${Date.now()}.json`;
      writeFileSync(path.join(jsonDir, name), JSON.stringify(result.lhr));
    }
    return summarise(result.lhr, target);
  } finally {
    await page.close();
  }
}

function summarise(lhr, target) {
  if (lhr.runtimeError) throw new Error(`${target.path}: ${lhr.runtimeError.message}`);
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== target.path) throw new Error(`${target.path} ended on ${landed}: was the login refused?`);
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const bytes = (type) =>
    requests
      .filter((r) => !type || r.resourceType === type)
      .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const failing = Object.values(lhr.audits)
    .filter((a) => lhr.categories.accessibility.auditRefs.some((ref) => ref.id === a.id && ref.weight > 0))
    .filter((a) => a.score !== null && a.score < 1)
    .map((a) => a.id);
  return {
    performance: lhr.categories.performance.score,
    accessibility: lhr.categories.accessibility.score,
    fcp: lhr.audits['first-contentful-paint'].numericValue,
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    transferred: bytes(),
    script: bytes('Script'),
    failing,
  };
}

async function login(username) {
  const res = await fetch(`${origin}/api/auth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  const tokens = await res.json();
  // The terms modal would cover the page otherwise (a person accepts them once).
  const headers = { Authorization: `Bearer ${tokens.access}`, 'Content-Type': 'application/json' };
  const latest = await (await fetch(`${origin}/api/terms/latest`, { headers })).json();
  if (!latest.accepted) {
    const accepted = await fetch(`${origin}/api/terms/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ terms: latest.id }),
    });
    if (accepted.status !== 200) throw new Error(`terms for ${username}: ${await accepted.text()}`);
  }
  return tokens;
}

async function storeTokens(page, tokens) {
  await page.goto(`${origin}/api/health`);
  await page.evaluate(
    (keys, pair) => {
      localStorage.setItem(keys.access, pair.access);
      localStorage.setItem(keys.refresh, pair.refresh);
    },
    TOKEN_KEYS,
    tokens,
  );
}

async function waitForHealth(url, child) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API stopped at start (exit ${child.exitCode})`);
    const ok = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within 2 minutes`);
}

function printTable(rows) {
  const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
  const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `\nLighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}mobile, simulated throttling, ${CHROMIUM}`,
  );
  console.log('| page | performance | accessibility | FCP | LCP | TBT | CLS | transferred | of which JS |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.page} (${r.path}) | ${r.performance.toFixed(2)} | ${r.accessibility.toFixed(2)} | ${s(r.fcp)} | ${s(r.lcp)} | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${kib(r.transferred)} | ${kib(r.script)} |`,
    );
  }
  for (const r of rows)
    if (r.failing.length > 0)
      console.log(`  ${r.page}: accessibility audits not passed: ${r.failing.join(', ')}`);
}
