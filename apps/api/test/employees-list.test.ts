import { EMPLOYEE_EXPORT_HEADER, ZEmployeeListItem, ZEmployeeStats } from '@tasbiq/contracts/employees';
import { paginated } from '@tasbiq/contracts/wire';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { casablancaDate } from '../src/lib/time.ts';
import { bearerFor } from './auth-helpers.ts';
import { addEmployee, addGroup, hrCompany } from './employees-helpers.ts';
import { createTestCompany } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** GET /employees/ (every §7 filter), GET /employees/export (CSV for French Excel), stats, tenancy. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ZPage = paginated(ZEmployeeListItem);

async function page(headers: Record<string, string>, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/employees/${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return ZPage.parse(res.json());
}
const lastNames = (p: { results: { last_name: string }[] }) => p.results.map((e) => e.last_name);

/**
 * One company with a known staff:
 * Alaoui (RH, Siège), Bennani (DRH, Siège), Chraibi (Usine, invited), Doukkali (no group,
 * deactivated), El Fassi (Usine, activated), plus the RH who calls (Rhita Zz…).
 */
describe('GET /employees/ filters', () => {
  let headers: Record<string, string>;
  let siege: number;
  let usine: number;
  let ids: Record<string, number>;
  beforeAll(async () => {
    const hr = await hrCompany(t);
    headers = hr.headers;
    siege = (await addGroup(t, hr.company.id, 'Siège')).id;
    usine = (await addGroup(t, hr.company.id, 'Usine')).id;
    const a = await addEmployee(t, hr.company.id, {
      firstName: 'Amine',
      lastName: 'Alaoui',
      roles: ['RH'],
      email: 'amine.alaoui@atlas.ma',
      phone: '+212611000001',
      cin: 'BE100001',
      employee: { groupId: siege, serial: 'M-001', salaryCentimes: 900_000n, status: 'activated' },
    });
    const b = await addEmployee(t, hr.company.id, {
      firstName: 'Badr',
      lastName: 'Bennani',
      roles: ['DRH'],
      phone: '+212611000002',
      cin: 'BE100002',
      employee: { groupId: siege, serial: 'M-002', salaryCentimes: 2_000_000n, status: 'activated' },
    });
    const c = await addEmployee(t, hr.company.id, {
      firstName: 'Chaimae',
      lastName: 'Chraibi',
      phone: '+212611000003',
      cin: 'K300003',
      employee: { groupId: usine, serial: 'U-003', salaryCentimes: 450_000n, status: 'invited' },
    });
    const d = await addEmployee(t, hr.company.id, {
      firstName: 'Driss',
      lastName: 'Doukkali',
      phone: '+212711000004',
      cin: 'K300004',
      isActive: false,
      employee: { serial: 'X-004', salaryCentimes: 300_000n, status: 'deactivated', isActive: false },
    });
    const e = await addEmployee(t, hr.company.id, {
      firstName: 'Fatima Zahra',
      lastName: 'El Fassi',
      roles: ['RH', 'DRH'],
      phone: '+212611000005',
      cin: 'K300005',
      employee: { groupId: usine, serial: 'U-005', salaryCentimes: 1_200_000n, status: 'activated' },
    });
    ids = { a: a.employee.id, b: b.employee.id, c: c.employee.id, d: d.employee.id, e: e.employee.id };
  });

  it('lists the company by last then first name, with the item shape', async () => {
    const p = await page(headers);
    expect(p.count).toBe(6);
    expect(lastNames(p)).toEqual(['Alaoui', 'Bennani', 'Chraibi', 'Doukkali', 'El Fassi', 'Zz Caller']);
    expect(p.results[0]).toEqual({
      id: ids.a,
      first_name: 'Amine',
      last_name: 'Alaoui',
      email: 'amine.alaoui@atlas.ma',
      phone: '+212611000001',
      cin: 'BE100001',
      serial: 'M-001',
      group: { id: siege, name: 'Siège' },
      status: 'activated',
      is_active: true,
      account_type: 'rh',
      salary: '9000.00',
      created: expect.any(String),
    });
    expect(p.results[3]).toMatchObject({ group: null, status: 'deactivated', is_active: false });
  });

  it.each([
    ['?search=alaoui', ['Alaoui']],
    ['?search=BE10000', ['Alaoui', 'Bennani']],
    ['?search=be100002', ['Bennani']],
    ['?search=amine.alaoui@', ['Alaoui']],
    ['?search=U-00', ['Chraibi', 'El Fassi']],
    ['?search=%2B212711', ['Doukkali']],
    ['?search=0711000004', ['Doukkali']],
    ['?search=06 11 00 00 03', ['Chraibi']],
    ['?search=fatima%20fassi', ['El Fassi']],
    ['?search=fatima%20alaoui', []],
    ['?search=100%25', []],
    ['?search=_', []],
  ])('search %s', async (query, expected) => {
    expect(lastNames(await page(headers, query))).toEqual(expected);
  });

  it('search matches a phone typed the local way, in one piece', async () => {
    expect(lastNames(await page(headers, '?search=0611000003'))).toEqual(['Chraibi']);
  });

  it.each([
    ['?is_active=false', ['Doukkali']],
    ['?is_active=0', ['Doukkali']],
    ['?is_active=true', ['Alaoui', 'Bennani', 'Chraibi', 'El Fassi', 'Zz Caller']],
    ['?grouped=false', ['Doukkali', 'Zz Caller']],
    ['?grouped=true', ['Alaoui', 'Bennani', 'Chraibi', 'El Fassi']],
    ['?status=invited', ['Chraibi', 'Zz Caller']],
    ['?status_in=invited,deactivated', ['Chraibi', 'Doukkali', 'Zz Caller']],
    ['?account_type=drh', ['Bennani', 'El Fassi']],
    ['?account_type=rh', ['Alaoui', 'Zz Caller']],
    ['?account_type=employee', ['Chraibi', 'Doukkali']],
    ['?account_type_in=rh,drh', ['Alaoui', 'Bennani', 'El Fassi', 'Zz Caller']],
    ['?account_type_in=employee&is_active=true', ['Chraibi']],
  ])('filter %s', async (query, expected) => {
    expect(lastNames(await page(headers, query))).toEqual(expected);
  });

  it('filters by group id; a group of nowhere gives an empty page', async () => {
    expect(lastNames(await page(headers, `?group=${usine}`))).toEqual(['Chraibi', 'El Fassi']);
    expect(lastNames(await page(headers, `?group=${siege}&account_type=drh`))).toEqual(['Bennani']);
    expect(await page(headers, '?group=999999')).toMatchObject({ count: 0, results: [] });
  });

  it.each([
    ['?ordering=-salary', ['Bennani', 'El Fassi', 'Alaoui', 'Chraibi', 'Doukkali', 'Zz Caller']],
    ['?ordering=first_name', ['Alaoui', 'Bennani', 'Chraibi', 'Doukkali', 'El Fassi', 'Zz Caller']],
    ['?ordering=-last_name', ['Zz Caller', 'El Fassi', 'Doukkali', 'Chraibi', 'Bennani', 'Alaoui']],
    ['?ordering=status,last_name', ['Alaoui', 'Bennani', 'El Fassi', 'Doukkali', 'Chraibi', 'Zz Caller']],
  ])('ordering %s', async (query, expected) => {
    expect(lastNames(await page(headers, query))).toEqual(expected);
  });

  it('orders by creation', async () => {
    const created = (await page(headers, '?ordering=created')).results.map((e) => e.created);
    expect([...created].sort()).toEqual(created);
  });

  it.each([
    ['?ordering=cin', 'ordering', 'invalid_choice'],
    ['?is_active=maybe', 'is_active', 'invalid'],
    ['?grouped=oui', 'grouped', 'invalid'],
    ['?account_type=boss', 'account_type', 'invalid_choice'],
    ['?account_type_in=rh,boss', 'account_type_in.1', 'invalid_choice'],
    ['?status=gone', 'status', 'invalid_choice'],
    ['?group=abc', 'group', 'invalid'],
  ])('refuses %s', async (query, attr, code) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/employees/${query}`, headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ attr, code });
  });

  it('paginates with the count in the same answer, and past the end', async () => {
    const first = await page(headers, '?limit=2');
    expect(first).toMatchObject({ count: 6, previous: null });
    expect(lastNames(first)).toEqual(['Alaoui', 'Bennani']);
    expect(Object.fromEntries(new URL(first.next!).searchParams)).toEqual({ limit: '2', offset: '2' });
    const last = await page(headers, '?limit=2&offset=4');
    expect(lastNames(last)).toEqual(['El Fassi', 'Zz Caller']);
    expect(last.next).toBeNull();
    const beyond = await page(headers, '?limit=2&offset=40');
    expect(beyond).toMatchObject({ count: 6, results: [], next: null });
    const filteredBeyond = await page(headers, '?limit=2&offset=40&is_active=false');
    expect(filteredBeyond.count).toBe(1);
  });

  it("uses the company's items_per_page", async () => {
    const small = await hrCompany(t, { itemsPerPage: 2 });
    for (let i = 0; i < 3; i++) await addEmployee(t, small.company.id);
    const p = await page(small.headers);
    expect(p.results).toHaveLength(2);
    expect(p.count).toBe(4);
  });
});

describe('GET /employees/export', () => {
  let headers: Record<string, string>;
  beforeAll(async () => {
    const hr = await hrCompany(t);
    headers = hr.headers;
    const group = await addGroup(t, hr.company.id, 'Siège; Casablanca');
    await addEmployee(t, hr.company.id, {
      firstName: 'Éloïse',
      lastName: 'Aït Oufella',
      email: 'eloise@atlas.ma',
      phone: '+212622000001',
      cin: 'BE200001',
      employee: { groupId: group.id, serial: 'A-01', salaryCentimes: 1_234_550n, status: 'activated' },
    });
    await addEmployee(t, hr.company.id, {
      firstName: '=HYPERLINK("http://evil")',
      lastName: 'Zed',
      email: null,
      phone: '+212622000002',
      cin: 'BE200002',
      isActive: false,
      employee: { serial: null, salaryCentimes: 300_000n, status: 'deactivated', isActive: false },
    });
  });

  async function exportCsv(query = '') {
    const res = await t.app.inject({ method: 'GET', url: `/api/employees/export${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  }

  it('answers a CSV French Excel opens: BOM, `;`, CRLF, French header, decimal comma', async () => {
    const res = await exportCsv('?export_format=csv');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="salaries-${casablancaDate(new Date())}.csv"`,
    );
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = raw.toString('utf8');
    expect(text).toContain('\r\n');
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
    const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
      delimiter: ';',
      skipEmptyLines: true,
    });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data[0]).toEqual([...EMPLOYEE_EXPORT_HEADER]);
    expect(parsed.data[0]!.join(';')).toBe('Matricule;Nom;Prénom;CIN;Téléphone;E-mail;Groupe;Statut;Salaire');
    const rows = parsed.data.slice(1);
    expect(rows[0]).toEqual([
      'A-01',
      'Aït Oufella',
      'Éloïse',
      'BE200001',
      '+212622000001',
      'eloise@atlas.ma',
      'Siège; Casablanca',
      'Activé',
      '12345,50',
    ]);
    // A cell that would run as a formula is defused with an apostrophe.
    expect(rows[1]).toEqual([
      '',
      'Zed',
      `'=HYPERLINK("http://evil")`,
      'BE200002',
      '+212622000002',
      '',
      '',
      'Désactivé',
      '3000,00',
    ]);
    expect(rows.at(-1)?.[1]).toBe('Zz Caller');
  });

  it('takes the list filters', async () => {
    const text = (await exportCsv('?is_active=false')).rawPayload.toString('utf8');
    const rows = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
      delimiter: ';',
      skipEmptyLines: true,
    }).data;
    expect(rows.map((r) => r[1])).toEqual(['Nom', 'Zed']);
    const searched = (await exportCsv('?search=eloise')).rawPayload.toString('utf8');
    expect(searched).toContain('Aït Oufella');
    expect(searched).not.toContain('Zed');
  });

  it('refuses another format', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/employees/export?export_format=xlsx',
      headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ attr: 'export_format', code: 'invalid_choice' });
  });
});

describe('GET /stats/rh/employees', () => {
  it('counts by status and by group (empty groups included), and the ungrouped', async () => {
    const hr = await hrCompany(t);
    const a = await addGroup(t, hr.company.id, 'A');
    await addGroup(t, hr.company.id, 'B');
    await addEmployee(t, hr.company.id, { employee: { groupId: a.id, status: 'activated' } });
    await addEmployee(t, hr.company.id, { employee: { groupId: a.id, status: 'invited' } });
    await addEmployee(t, hr.company.id, { employee: { status: 'deactivated', isActive: false } });
    const res = await t.app.inject({ method: 'GET', url: '/api/stats/rh/employees', headers: hr.headers });
    expect(res.statusCode).toBe(200);
    expect(ZEmployeeStats.parse(res.json())).toEqual({
      total: 4,
      by_status: { activated: 1, invited: 2, deactivated: 1 },
      by_group: [
        { group_id: a.id, name: 'A', count: 2 },
        { group_id: expect.any(Number), name: 'B', count: 0 },
      ],
      ungrouped: 2,
    });
  });
});

describe('tenancy and roles on the lists', () => {
  it("never shows another company's employees in the list, the export or the stats", async () => {
    const a = await hrCompany(t);
    const b = await hrCompany(t);
    await addEmployee(t, a.company.id, { lastName: 'Secret', cin: 'SE999999' });
    const listB = await page(b.headers, '?search=Secret');
    expect(listB.count).toBe(0);
    expect((await page(b.headers, '?search=SE999999')).count).toBe(0);
    const all = await page(b.headers, '?limit=100');
    expect(all.results.every((e) => e.last_name !== 'Secret')).toBe(true);
    const csv = await t.app.inject({ method: 'GET', url: '/api/employees/export', headers: b.headers });
    expect(csv.body).not.toContain('Secret');
    const stats = await t.app.inject({ method: 'GET', url: '/api/stats/rh/employees', headers: b.headers });
    expect(stats.json().total).toBe(1);
  });

  it('answers 403 to an employee without an HR role and 401 without a token', async () => {
    const company = await createTestCompany(t.db);
    const employee = await addEmployee(t, company.id);
    const headers = await bearerFor(t, employee.user.id);
    for (const url of ['/api/employees/', '/api/employees/export', '/api/stats/rh/employees']) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().errors[0].code).toBe('permission_denied');
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
