import { ZAnnouncement } from '@tasbiq/contracts/terms';
import { paginated } from '@tasbiq/contracts/wire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../src/modules/accounts/service.ts';
import { createAnnouncement } from '../src/modules/announcements/service.ts';
import { bearerFor } from './auth-helpers.ts';
import { createTestCompany, createTestEmployee } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let headersOfA: Record<string, string>;
const ZPage = paginated(ZAnnouncement);
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await createTestApp();
  const a = await createTestCompany(t.db);
  const b = await createTestCompany(t.db);
  headersOfA = await bearerFor(t, (await createTestEmployee(t.db, a.id)).user.id);
  const add = (companyId: number | null, title: string, publishedAt: string, isPublished = true) =>
    createAnnouncement(t.db, {
      companyId,
      title,
      content: `<p>${title}</p>`,
      publishedAt: at(publishedAt),
      isPublished,
    });
  await add(null, 'Pour tous', '2026-01-10T09:00:00Z');
  await add(a.id, 'Pour A', '2026-01-12T09:00:00Z');
  await add(b.id, 'Pour B', '2026-01-13T09:00:00Z');
  await add(a.id, 'Brouillon A', '2026-01-14T09:00:00Z', false);
  await add(null, 'Programmée', '2999-01-01T09:00:00Z');
  await add(null, 'Plus ancienne', '2025-12-01T09:00:00Z');
});
afterAll(() => t.close());

const published = (headers: Record<string, string>, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/announcements/published${query}`, headers });

describe('GET /announcements/published', () => {
  it("lists the platform's and the caller's company announcements, newest first", async () => {
    const res = await published(headersOfA);
    expect(res.statusCode).toBe(200);
    const page = ZPage.parse(res.json());
    expect(page.results.map((a) => a.title)).toEqual(['Pour A', 'Pour tous', 'Plus ancienne']);
    expect(page).toMatchObject({ count: 3, next: null, previous: null });
    expect(page.results[0]).toEqual({
      id: expect.any(Number),
      title: 'Pour A',
      content: '<p>Pour A</p>',
      published_at: '2026-01-12T10:00:00.000+01:00',
    });
  });

  it('paginates with limit and offset', async () => {
    const first = ZPage.parse((await published(headersOfA, '?limit=2')).json());
    expect(first.results.map((a) => a.title)).toEqual(['Pour A', 'Pour tous']);
    expect(new URL(first.next!).searchParams.get('offset')).toBe('2');
    const second = ZPage.parse((await published(headersOfA, '?limit=2&offset=2')).json());
    expect(second.results.map((a) => a.title)).toEqual(['Plus ancienne']);
    expect(second.next).toBeNull();
  });

  it('shows an account without a company only the platform-wide ones', async () => {
    const staff = await createAccount(t.db, {
      firstName: 'Support',
      lastName: 'Tasbiq',
      email: 'news@tasbiq.ma',
    });
    const page = ZPage.parse((await published(await bearerFor(t, staff.id))).json());
    expect(page.results.map((a) => a.title)).toEqual(['Pour tous', 'Plus ancienne']);
  });

  it('needs a token', async () => {
    expect((await published({})).statusCode).toBe(401);
  });
});
