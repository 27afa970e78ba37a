import type { APIRequestContext, Page } from '@playwright/test';
import { cancelPendingAdvances, loginMoneyEmployee, requestAdvance } from './employee-money-helpers.ts';
import { expect, test } from './fixtures.ts';

/**
 * Morocco has been on UTC+00 for good since 20 September 2026 (tzdata 2026c; decision 023). Debian's
 * Chromium and the pinned Node must agree on it, and a phone that still has the old rules (UTC+01)
 * must show the hour the API wrote, not its own idea of it.
 */
const CASABLANCA_DIGITS = {
  timeZone: 'Africa/Casablanca',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
} as const;
const MONTHS_SHORT_FR = [
  'janv.',
  'févr.',
  'mars',
  'avr.',
  'mai',
  'juin',
  'juil.',
  'août',
  'sept.',
  'oct.',
  'nov.',
  'déc.',
];

test.describe('Moroccan time', () => {
  test('Chromium, Node and the API agree: 23:30 UTC on 31 October 2026 is 23:30 in Casablanca', async ({
    page,
  }) => {
    const instants = ['2026-10-31T23:30:00Z', '2025-12-01T12:00:00Z', '2026-03-01T12:00:00Z'];
    const inNode = instants.map((at) =>
      new Intl.DateTimeFormat('fr-FR', CASABLANCA_DIGITS).format(new Date(at)),
    );
    expect(inNode).toEqual(['31/10/2026 23:30', '01/12/2025 13:00', '01/03/2026 12:00']);
    await page.goto('/api/health');
    const inChromium = await page.evaluate(
      ([list, options]) => list.map((at) => new Intl.DateTimeFormat('fr-FR', options).format(new Date(at))),
      [instants, CASABLANCA_DIGITS] as const,
    );
    expect(inChromium).toEqual(inNode);
    const health = await page.request.get('/api/health');
    expect(health.headers()['casablanca-offset']).toBe('+00:00');
  });

  test('a phone with the old rules (UTC+01) still shows the hour the API wrote', async ({
    page,
    request,
  }) => {
    // What an outdated phone does: Africa/Casablanca computed as UTC+01.
    await page.addInitScript(() => {
      const Original = Intl.DateTimeFormat;
      const outdated = function (
        this: unknown,
        locales?: string | string[],
        options?: Intl.DateTimeFormatOptions,
      ) {
        const swapped =
          options?.timeZone === 'Africa/Casablanca' ? { ...options, timeZone: 'Etc/GMT-1' } : options;
        return new Original(locales, swapped);
      } as unknown as typeof Intl.DateTimeFormat;
      Object.assign(outdated, Original);
      (outdated as { prototype: unknown }).prototype = Original.prototype;
      Intl.DateTimeFormat = outdated;
    });
    const tokens = await loginMoneyEmployee(page, request, '/historique');
    const advance = await requestAdvance(request, tokens.access, 100);
    try {
      await expectApiWallTime(page, request, tokens.access, advance.id);
    } finally {
      await cancelPendingAdvances(request);
    }
  });
});

/** The history shows the advance at the wall time the API wrote, not one hour later. */
async function expectApiWallTime(page: Page, request: APIRequestContext, access: string, advanceId: number) {
  const list = await request.get('/api/advances/?limit=1', {
    headers: { Authorization: `Bearer ${access}` },
  });
  const newestAdvance = ((await list.json()) as { results: Array<{ id: number; created: string }> })
    .results[0];
  expect(newestAdvance?.id).toBe(advanceId);
  const created = newestAdvance?.created ?? '';
  // The wall time written by the API, with Casablanca's offset.
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}).*\+00:00$/.exec(created);
  expect(match, created).not.toBeNull();
  const [, year, month, day, hour, minute] = match!;
  // "23 nov. 2026, 22:55" (ICU versions write "," or " à" between date and time).
  const dateText = `${Number(day)} ${MONTHS_SHORT_FR[Number(month) - 1]} ${year}`.replace('.', '\\.');
  const at = (hh: string) => new RegExp(`${dateText}(,| à) ${hh}:${minute}`);

  await page.reload();
  const newest = page.getByRole('list', { name: 'Avances' }).getByRole('listitem').first();
  await expect(newest).toContainText(/100\sDH/);
  await expect(newest).toContainText(at(hour!));
  // The phone's own rules would have said one hour later.
  await expect(newest).not.toContainText(at(String((Number(hour) + 1) % 24).padStart(2, '0')));
}
