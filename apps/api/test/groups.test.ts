import { MAX_PAGE_SIZE } from '@tasbiq/contracts/constants';
import { ZGroup } from '@tasbiq/contracts/groups';
import { paginated } from '@tasbiq/contracts/wire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { casablancaDate, toWireDateTime } from '../src/lib/time.ts';
import { createGroup } from '../src/modules/groups/service.ts';
import { bearerFor } from './auth-helpers.ts';
import { createTestCompany, createTestEmployee } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * GET /groups/ is the reference list: it shows every shared list behaviour of the wire
 * contract (pagination links, search, ordering, `_in`, booleans, date ranges) and tenancy.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ZGroupPage = paginated(ZGroup);

/** A company with an RH account; each test gets its own so counts do not leak between tests. */
async function hrCompany(overrides: Parameters<typeof createTestCompany>[1] = {}) {
  const company = await createTestCompany(t.db, overrides);
  const rh = await createTestEmployee(t.db, company.id, { roles: ['RH'] });
  return { company, headers: await bearerFor(t, rh.user.id) };
}

/** Members without a password: skips argon2, which is slow on purpose. */
async function addMembers(companyId: number, groupId: number, howMany: number) {
  for (let i = 0; i < howMany; i++) {
    await createTestEmployee(t.db, companyId, { password: null, employee: { groupId } });
  }
}

async function list(headers: Record<string, string>, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/groups/${query}`, headers });
  return res;
}

async function page(headers: Record<string, string>, query = '') {
  const res = await list(headers, query);
  expect(res.statusCode, res.body).toBe(200);
  return ZGroupPage.parse(res.json());
}

const names = (p: { results: { name: string }[] }) => p.results.map((g) => g.name);

describe('GET /groups/ pagination', () => {
  let headers: Record<string, string>;
  beforeAll(async () => {
    const hr = await hrCompany();
    headers = hr.headers;
    for (let i = 1; i <= 25; i++)
      await createGroup(t.db, hr.company.id, { name: `Équipe ${String(i).padStart(2, '0')}` });
  });

  it('answers the DRF envelope with absolute next and previous links', async () => {
    const first = await page(headers, '?limit=10');
    expect(first.count).toBe(25);
    expect(names(first)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Équipe ${String(i + 1).padStart(2, '0')}`),
    );
    expect(first.previous).toBeNull();
    const next = new URL(first.next!);
    expect(next.origin).toBe('http://localhost');
    expect(next.pathname).toBe('/api/groups/');
    expect(Object.fromEntries(next.searchParams)).toEqual({ limit: '10', offset: '10' });

    const second = await page(headers, '?limit=10&offset=10');
    expect(names(second)[0]).toBe('Équipe 11');
    expect(Object.fromEntries(new URL(second.previous!).searchParams)).toEqual({ limit: '10' });
    expect(Object.fromEntries(new URL(second.next!).searchParams)).toEqual({ limit: '10', offset: '20' });

    const last = await page(headers, '?limit=10&offset=20');
    expect(last.results).toHaveLength(5);
    expect(last.next).toBeNull();
    expect(Object.fromEntries(new URL(last.previous!).searchParams)).toEqual({ limit: '10', offset: '10' });
  });

  it('keeps the filters in the links', async () => {
    const filtered = await page(headers, '?search=quipe&limit=5');
    const next = new URL(filtered.next!);
    expect(next.searchParams.get('search')).toBe('quipe');
    expect(next.searchParams.get('offset')).toBe('5');
  });

  it.each(['abc', '0', '-5', '2.5', ''])(
    'falls back to the default page size for limit=%s',
    async (limit) => {
      const p = await page(headers, `?limit=${limit}`);
      expect(p.results).toHaveLength(20);
      expect(new URL(p.next!).searchParams.get('limit')).toBe('20');
    },
  );

  it('treats a bad offset as 0 and an offset past the end as an empty page', async () => {
    expect(names(await page(headers, '?offset=abc&limit=3'))).toEqual([
      'Équipe 01',
      'Équipe 02',
      'Équipe 03',
    ]);
    const beyond = await page(headers, '?offset=500&limit=10');
    expect(beyond).toMatchObject({ count: 25, next: null, results: [] });
    expect(beyond.previous).not.toBeNull();
  });

  it("uses the company's items_per_page when no limit is given", async () => {
    const small = await hrCompany({ itemsPerPage: 4 });
    for (const name of ['A', 'B', 'C', 'D', 'E']) await createGroup(t.db, small.company.id, { name });
    const p = await page(small.headers);
    expect(p.results).toHaveLength(4);
    expect(p.count).toBe(5);
  });

  it(`caps the limit at ${MAX_PAGE_SIZE}`, async () => {
    const big = await hrCompany();
    for (let i = 0; i < MAX_PAGE_SIZE + 5; i++) await createGroup(t.db, big.company.id, { name: `G${i}` });
    const p = await page(big.headers, '?limit=1000');
    expect(p.results).toHaveLength(MAX_PAGE_SIZE);
    expect(Object.fromEntries(new URL(p.next!).searchParams)).toEqual({
      limit: String(MAX_PAGE_SIZE),
      offset: String(MAX_PAGE_SIZE),
    });
  });
});

describe('GET /groups/ filters and ordering', () => {
  let headers: Record<string, string>;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    const hr = await hrCompany();
    headers = hr.headers;
    for (const [name, members] of [
      ['Siège Casablanca', 3],
      ['Commercial Casablanca', 1],
      ['Usine Tanger', 5],
      ['Logistique', 0],
      ['100% Télétravail', 0],
    ] as const) {
      const group = await createGroup(t.db, hr.company.id, { name });
      ids[name] = group.id;
      await addMembers(hr.company.id, group.id, members);
    }
  });

  it('returns each group with its employee count', async () => {
    const p = await page(headers, '?search=Tanger');
    expect(p.results).toEqual([
      { id: ids['Usine Tanger'], name: 'Usine Tanger', employee_count: 5, created: expect.any(String) },
    ]);
    expect(toWireDateTime(new Date(p.results[0]!.created))).toBe(p.results[0]!.created);
  });

  it('searches case-insensitively, every term having to match', async () => {
    expect(names(await page(headers, '?search=casa'))).toEqual(['Commercial Casablanca', 'Siège Casablanca']);
    expect(names(await page(headers, '?search=CASA%20si%C3%A8ge'))).toEqual(['Siège Casablanca']);
    expect(names(await page(headers, '?search=casa%20tanger'))).toEqual([]);
    expect(names(await page(headers, '?search=%20%20'))).toHaveLength(5);
  });

  it('treats LIKE wildcards in the search as plain characters', async () => {
    expect(names(await page(headers, '?search=%25'))).toEqual(['100% Télétravail']);
    expect(names(await page(headers, '?search=_'))).toEqual([]);
  });

  it('orders by name by default, and by any allowed field either way', async () => {
    expect(names(await page(headers))).toEqual([
      '100% Télétravail',
      'Commercial Casablanca',
      'Logistique',
      'Siège Casablanca',
      'Usine Tanger',
    ]);
    expect(names(await page(headers, '?ordering=-name'))[0]).toBe('Usine Tanger');
    expect(names(await page(headers, '?ordering=-employee_count'))).toEqual([
      'Usine Tanger',
      'Siège Casablanca',
      'Commercial Casablanca',
      '100% Télétravail',
      'Logistique',
    ]);
    expect(names(await page(headers, '?ordering=employee_count,-name')).slice(0, 2)).toEqual([
      'Logistique',
      '100% Télétravail',
    ]);
    expect(names(await page(headers, '?ordering=-created'))[0]).toBe('100% Télétravail');
    expect(names(await page(headers, '?ordering=created'))[0]).toBe('Siège Casablanca');
  });

  it('refuses an unknown ordering field', async () => {
    const res = await list(headers, '?ordering=-salary');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      type: 'validation_error',
      errors: [{ code: 'invalid_choice', detail: expect.stringContaining('salary'), attr: 'ordering' }],
    });
  });

  it('filters on a list of ids with id_in', async () => {
    const wanted = [ids.Logistique!, ids['Usine Tanger']!];
    const p = await page(headers, `?id_in=${wanted.join(',')}`);
    expect(p.results.map((g) => g.id).sort()).toEqual([...wanted].sort());
    expect((await page(headers, `?id_in=${ids.Logistique}, 999999`)).count).toBe(1);
  });

  it('refuses an id_in that is not a list of ids', async () => {
    const res = await list(headers, '?id_in=1,abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ code: 'invalid', detail: expect.any(String), attr: 'id_in.1' }]);
  });

  it.each([
    ['true', 3],
    ['1', 3],
    ['True', 3],
    ['false', 2],
    ['0', 2],
  ])('reads has_employees=%s as a boolean', async (value, expected) => {
    expect((await page(headers, `?has_employees=${value}`)).count).toBe(expected);
  });

  it.each(['yes', 'oui', '2', ''])('refuses has_employees=%s', async (value) => {
    const res = await list(headers, `?has_employees=${value}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { code: 'invalid', detail: expect.any(String), attr: 'has_employees' },
    ]);
  });
});

describe('GET /groups/ created_after / created_before', () => {
  let headers: Record<string, string>;
  // June: Casablanca is UTC+1, so a Casablanca day starts at 23:00 UTC the day before.
  const instants = {
    lateOn10th: '2026-06-10T22:59:59Z',
    midnightOn11th: '2026-06-10T23:00:00Z',
    lateOn11th: '2026-06-11T22:59:59Z',
    midnightOn12th: '2026-06-11T23:00:00Z',
  } as const;
  beforeAll(async () => {
    const hr = await hrCompany();
    headers = hr.headers;
    for (const [name, at] of Object.entries(instants)) {
      await createGroup(t.db, hr.company.id, { name, createdAt: new Date(at) });
    }
  });

  it('reads the instants in Casablanca time (precondition)', () => {
    expect(casablancaDate(new Date(instants.lateOn10th))).toBe('2026-06-10');
    expect(casablancaDate(new Date(instants.midnightOn11th))).toBe('2026-06-11');
    expect(casablancaDate(new Date(instants.midnightOn12th))).toBe('2026-06-12');
  });

  const sorted = async (query: string) => names(await page(headers, `${query}&ordering=created`));

  it('includes the whole day on both bounds', async () => {
    expect(await sorted('?created_after=2026-06-11')).toEqual([
      'midnightOn11th',
      'lateOn11th',
      'midnightOn12th',
    ]);
    expect(await sorted('?created_before=2026-06-11')).toEqual([
      'lateOn10th',
      'midnightOn11th',
      'lateOn11th',
    ]);
    expect(await sorted('?created_after=2026-06-11&created_before=2026-06-11')).toEqual([
      'midnightOn11th',
      'lateOn11th',
    ]);
    expect(await sorted('?created_after=2026-06-13')).toEqual([]);
  });

  it.each(['2026-13-01', '2026-02-31', '11/06/2026', 'hier'])('refuses created_after=%s', async (value) => {
    const res = await list(headers, `?created_after=${value}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { code: 'invalid', detail: expect.any(String), attr: 'created_after' },
    ]);
  });
});

describe('GET /groups/{id} and tenancy', () => {
  let a: Awaited<ReturnType<typeof hrCompany>>;
  let b: Awaited<ReturnType<typeof hrCompany>>;
  let groupOfA: number;
  let groupOfB: number;
  beforeAll(async () => {
    a = await hrCompany();
    b = await hrCompany();
    groupOfA = (await createGroup(t.db, a.company.id, { name: 'Atelier commun' })).id;
    groupOfB = (await createGroup(t.db, b.company.id, { name: 'Atelier commun' })).id;
    await createGroup(t.db, b.company.id, { name: 'Secret B' });
    await addMembers(a.company.id, groupOfA, 2);
  });

  it('answers one group of the caller’s company, with or without the trailing slash', async () => {
    for (const url of [`/api/groups/${groupOfA}`, `/api/groups/${groupOfA}/`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: a.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: groupOfA,
        name: 'Atelier commun',
        employee_count: 2,
        created: expect.any(String),
      });
    }
  });

  it("answers another company's group exactly like a missing one", async () => {
    const foreign = await t.app.inject({ method: 'GET', url: `/api/groups/${groupOfB}`, headers: a.headers });
    const missing = await t.app.inject({ method: 'GET', url: '/api/groups/999999', headers: a.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect(foreign.json().errors[0].code).toBe('not_found');
  });

  it.each(['abc', '0', '99999999999', '1.5'])('answers 404 for the malformed id %s', async (id) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/groups/${id}`, headers: a.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].code).toBe('not_found');
  });

  it("never lists another company's groups, even by id", async () => {
    const p = await page(a.headers);
    expect(names(p)).toEqual(['Atelier commun']);
    expect((await page(a.headers, '?search=Secret')).count).toBe(0);
    expect((await page(a.headers, `?id_in=${groupOfB}`)).count).toBe(0);
  });

  it('is for HR only: an employee gets permission_denied, a DRH gets the list', async () => {
    const employee = await createTestEmployee(t.db, a.company.id);
    const headers = await bearerFor(t, employee.user.id);
    for (const url of ['/api/groups/', `/api/groups/${groupOfA}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[0].code).toBe('permission_denied');
    }
    const drh = await createTestEmployee(t.db, a.company.id, { roles: ['DRH'] });
    expect((await list(await bearerFor(t, drh.user.id))).statusCode).toBe(200);
  });

  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/groups/' });
    expect(res.statusCode).toBe(401);
  });
});
