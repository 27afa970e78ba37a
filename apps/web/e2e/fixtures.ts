import { type APIRequestContext, test as base, expect, type Locator, type Page } from '@playwright/test';

/** The demo seed's logins (apps/api/src/db/seed/demo.ts), all with DEMO_PASSWORD. */
export const DEMO_PASSWORD = 'Tasbiq#2026';
export const ACCOUNTS = {
  employee: { username: 'salarie@demo.ma', firstName: 'Karim' },
  rh: { username: 'rh@demo.ma', firstName: 'Nadia' },
  drh: { username: 'drh@demo.ma', firstName: 'Hicham' },
  rifRh: { username: 'rh@rif.ma', firstName: 'Mohamed' },
  /** Phone not confirmed: the first login asks for the SMS code. Only the OTP journey uses it. */
  firstLogin: { username: 'nouveau@demo.ma', firstName: 'Salma', phone: '+212663456789' },
  /*
   * Activated employees of Atlas drawn by the seed's deterministic generator. Each belongs to ONE
   * journey that changes it for good (terms accepted, password, phone), so the others never depend on
   * the order the journeys run in. If the seed changes, pick others from a fresh database.
   */
  termsReader: { username: 'brahim.chakir@demo.ma', firstName: 'Brahim' },
  passwordResetter: { username: 'mohamed.ouchen@demo.ma', firstName: 'Mohamed' },
  passwordChanger: { username: 'salma.benkirane@demo.ma', firstName: 'Salma' },
  phoneChanger: { username: 'driss.ouchen@demo.ma', firstName: 'Driss' },
  /** Never accepts the terms: the modal is always there to look at. */
  neverAccepts: { username: 'mehdi.ziani@demo.ma', firstName: 'Mehdi' },
} as const;
export type Role = 'employee' | 'rh' | 'drh' | 'rifRh';
export type AccountName = keyof typeof ACCOUNTS;

export const ACCESS_KEY = 'tasbiq.access';
export const REFRESH_KEY = 'tasbiq.refresh';

export type TokenPair = { access: string; refresh: string };

/** POST /api/auth/token; fails the test on anything but a full-scope pair. */
export async function apiLogin(
  request: APIRequestContext,
  username: string,
  password = DEMO_PASSWORD,
): Promise<TokenPair> {
  const res = await request.post('/api/auth/token', { data: { username, password } });
  expect(res.status(), `login ${username}: ${await res.text()}`).toBe(200);
  const pair = (await res.json()) as TokenPair & { otp_required?: boolean };
  expect(pair.otp_required ?? false, `${username} needs an OTP`).toBe(false);
  return { access: pair.access, refresh: pair.refresh };
}

/** Accepts the latest terms of use for the account behind `access` (idempotent). */
export async function acceptTerms(request: APIRequestContext, access: string): Promise<void> {
  const headers = { Authorization: `Bearer ${access}` };
  const latest = await request.get('/api/terms/latest', { headers });
  expect(latest.status()).toBe(200);
  const { id, accepted } = (await latest.json()) as { id: number; accepted: boolean };
  if (accepted) return;
  const res = await request.post('/api/terms/', { headers, data: { terms: id } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Puts a token pair in the app's storage, as a login would. Needs a page on the app's origin. */
export async function storeTokens(page: Page, tokens: TokenPair): Promise<void> {
  // Any same-origin document will do; the API's health check is the cheapest one.
  if (!page.url().startsWith('http')) await page.goto('/api/health');
  await page.evaluate(
    ([accessKey, refreshKey, pair]) => {
      localStorage.setItem(accessKey, pair.access);
      localStorage.setItem(refreshKey, pair.refresh);
    },
    [ACCESS_KEY, REFRESH_KEY, tokens] as const,
  );
}

export async function readTokens(page: Page): Promise<{ access: string | null; refresh: string | null }> {
  return page.evaluate(
    ([accessKey, refreshKey]) => ({
      access: localStorage.getItem(accessKey),
      refresh: localStorage.getItem(refreshKey),
    }),
    [ACCESS_KEY, REFRESH_KEY] as const,
  );
}

/**
 * The input whose accessible name is exactly `name`. (getByLabel with `exact` would compare the
 * label's text, which includes the required-field asterisk.)
 */
export function field(scope: Page | Locator, name: string): Locator {
  return scope.getByRole('textbox', { name, exact: true });
}

/**
 * Sets the password of `username` back to the demo one (the policy does not forbid reuse), so a
 * journey that changed it can run again on the same server (--repeat-each, a retry).
 */
export async function restoreDemoPassword(
  request: APIRequestContext,
  username: string,
  currentPassword: string,
): Promise<void> {
  const { access } = await apiLogin(request, username, currentPassword);
  const res = await request.post('/api/auth/change-password', {
    headers: { Authorization: `Bearer ${access}` },
    data: { old_password: currentPassword, new_password: DEMO_PASSWORD, confirm_password: DEMO_PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Fills and submits the login form (the page must show it). */
export async function submitLogin(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await field(page, 'E-mail ou téléphone').fill(username);
  await field(page, 'Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

export type LoginOptions = {
  /** A demo role, or (as `account`) one of the single-journey accounts above. */
  role?: Role;
  account?: AccountName;
  /** 'api' (default) gets tokens by API and stores them; 'ui' types the credentials into /login. */
  via?: 'api' | 'ui';
  /** Accept the terms by API first (default true), so the modal does not cover the page. */
  acceptTerms?: boolean;
  /** Where to land after login (default '/'). */
  path?: string;
};

export type Session = TokenPair & { username: string; firstName: string };

type Fixtures = {
  /** Logs `role` in and opens `path` (default '/'); answers the tokens obtained. */
  login: (options: LoginOptions) => Promise<Session>;
};

export const test = base.extend<Fixtures>({
  login: async ({ page, request }, use) => {
    await use(async ({ role, account, via = 'api', acceptTerms: accept = true, path = '/' }) => {
      const name = account ?? role;
      if (!name) throw new Error('login() needs a role or an account');
      const { username, firstName } = ACCOUNTS[name];
      const tokens = await apiLogin(request, username);
      if (accept) await acceptTerms(request, tokens.access);
      if (via === 'api') {
        await storeTokens(page, tokens);
        await page.goto(path);
        return { ...tokens, username, firstName };
      }
      await page.goto('/login');
      await submitLogin(page, username);
      await expect(page).not.toHaveURL(/\/login/);
      const stored = await readTokens(page);
      if (path !== '/') await page.goto(path);
      return { access: stored.access ?? '', refresh: stored.refresh ?? '', username, firstName };
    });
  },
});

export { expect };

/** The employee home for `firstName` has rendered (heading and services). */
export async function expectHome(page: Page, firstName: string): Promise<void> {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: `Bonjour ${firstName}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Mes services' })).toBeVisible();
}

/**
 * The page's width and the phone's. The phone's is the viewport set for the test, not
 * `innerWidth`: a mobile browser widens `innerWidth` (zooming out) to fit a page that overflows,
 * which would hide the very overflow looked for.
 */
export async function pageWidths(page: Page): Promise<{ page: number; screen: number }> {
  return {
    page: await page.evaluate(() =>
      Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
    ),
    screen: page.viewportSize()?.width ?? 0,
  };
}

/** Nothing sticks out sideways: the page is no wider than the screen. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const widths = await pageWidths(page);
  expect(widths.page, JSON.stringify(widths)).toBeLessThanOrEqual(widths.screen);
}
