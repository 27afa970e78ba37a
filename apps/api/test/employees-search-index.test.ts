import { ZEmployeeListItem } from '@tasbiq/contracts/employees';
import { paginated } from '@tasbiq/contracts/wire';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { employees } from '../src/db/schema/employees.ts';
import { employeePageQuery } from '../src/modules/employees/queries.ts';
import { addEmployee, hrCompany } from './employees-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * GET /employees/?search= on the indexed search column (migration 0013, decision 027): accents
 * and case ignored both ways, every term must match, the column follows edits of the account and
 * the employee, and the trigram index answers the search. Runs on PGlite and on PostgreSQL.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ZPage = paginated(ZEmployeeListItem);

describe('employee search on the normalised, indexed column', () => {
  let headers: Record<string, string>;
  let companyId: number;
  let ids: Record<string, { employee: number; user: number }>;
  beforeAll(async () => {
    const hr = await hrCompany(t);
    headers = hr.headers;
    companyId = hr.company.id;
    const eloise = await addEmployee(t, companyId, {
      firstName: 'Éloïse',
      lastName: 'Aït Oufella',
      email: 'e.oufella@atlas.ma',
      phone: '+212622100001',
      cin: 'BK410001',
      employee: { serial: 'MAT-ÉTÉ-01' },
    });
    const coeur = await addEmployee(t, companyId, {
      firstName: 'Noël',
      lastName: 'Cœurdelion',
      phone: '+212622100002',
      cin: 'BK410002',
      employee: { serial: 'MAT-002' },
    });
    const plain = await addEmployee(t, companyId, {
      firstName: 'eloise',
      lastName: 'Benali',
      phone: '+212722100003',
      cin: 'BK410003',
      employee: { serial: 'MAT-003' },
    });
    const apostrophe = await addEmployee(t, companyId, {
      firstName: 'Ahmed',
      lastName: 'N’Diaye',
      phone: '+212622100004',
      cin: 'BK410004',
      employee: { serial: 'MAT-004' },
    });
    ids = Object.fromEntries(
      Object.entries({ eloise, coeur, plain, apostrophe }).map(([k, v]) => [
        k,
        { employee: v.employee.id, user: v.user.id },
      ]),
    );
  });

  async function found(search: string): Promise<number[]> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/employees/?search=${encodeURIComponent(search)}`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return ZPage.parse(res.json())
      .results.map((e) => e.id)
      .sort((a, b) => a - b);
  }
  const idsOf = (...names: string[]) => names.map((n) => ids[n]!.employee).sort((a, b) => a - b);

  it.each([
    // accents and case, both ways
    ['eloise', ['eloise', 'plain']],
    ['ÉLOÏSE', ['eloise', 'plain']],
    ['Eloïse', ['eloise', 'plain']],
    ['ait oufella', ['eloise']],
    ['AÏT', ['eloise']],
    ['noel coeurdelion', ['coeur']],
    ['Cœur', ['coeur']],
    ["n'diaye", ['apostrophe']],
    ['N’DIAYE', ['apostrophe']],
    // matricule (accented), CIN, e-mail, phone in every written form
    ['mat-ete', ['eloise']],
    ['MAT-00', ['coeur', 'plain', 'apostrophe']],
    ['bk410003', ['plain']],
    ['E.OUFELLA@', ['eloise']],
    ['+212722', ['plain']],
    ['0722100003', ['plain']],
    ['00212722100003', ['plain']],
    ['07 22 10 00 03', ['plain']],
    ['07.22.10.00.03', ['plain']],
    // every term must match one field; a term never straddles two fields
    ['eloise benali', ['plain']],
    ['eloise oufella', ['eloise']],
    ['eloise diaye', []],
    ['oufella bk41', ['eloise']],
    ['ella e.ouf', ['eloise']],
    ['%', []],
  ])('search %s', async (search, expected) => {
    expect(await found(search)).toEqual(idsOf(...expected));
  });

  it('a local phone term only matches the phone, not the same digits in an e-mail', async () => {
    await t.db.update(users).set({ email: 'x+212622100001@atlas.ma' }).where(eq(users.id, ids.coeur!.user));
    expect(await found('0622100001')).toEqual(idsOf('eloise'));
    expect(await found('+212622100001')).toEqual(idsOf('eloise', 'coeur'));
  });

  it('follows edits of the account (name, phone) and of the employee (matricule)', async () => {
    await t.db
      .update(users)
      .set({ lastName: 'Élbaz', phone: '+212633999999' })
      .where(eq(users.id, ids.apostrophe!.user));
    expect(await found('diaye')).toEqual([]);
    expect(await found('elbaz')).toEqual(idsOf('apostrophe'));
    expect(await found('0633999999')).toEqual(idsOf('apostrophe'));
    await t.db.update(employees).set({ serial: 'ZZ-Ü9' }).where(eq(employees.id, ids.apostrophe!.employee));
    expect(await found('zz-u9')).toEqual(idsOf('apostrophe'));
    expect(await found('MAT-004')).toEqual([]);
  });

  it('nobody writes the column by hand: the trigger recomputes it', async () => {
    await t.db.update(employees).set({ searchText: 'forged' }).where(eq(employees.id, ids.plain!.employee));
    const [row] = await t.db
      .select({ searchText: employees.searchText })
      .from(employees)
      .where(eq(employees.id, ids.plain!.employee));
    expect(row!.searchText).toMatch(/^eloise benali bk410003 \+212722100003 salarie\.\S+@test\.ma mat-003$/);
  });

  it('has the trigram index on the column, without a pending list', async () => {
    const { rows } = await t.db.execute(
      sql`select indexdef from pg_indexes where indexname = 'employees_search_trgm_idx'`,
    );
    expect((rows as { indexdef: string }[])[0]?.indexdef).toMatch(
      /USING gin \(search_text gin_trgm_ops\) WITH \(fastupdate='?off'?\)/,
    );
  });

  // 10,000 people, as in the benchmark: on PostgreSQL only (PGlite takes half a minute to write
  // them). No planner switch: at this size the index must win on cost by itself.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'at 10,000 people, PostgreSQL answers every kind of search with the trigram index',
    async () => {
      await t.db.execute(sql`
        with people as (
          insert into users (email, phone, first_name, last_name, cin, company_id)
          select 'index.' || i || '@test.ma', '+2125' || lpad(i::text, 8, '0'),
                 (array['Yassine','Salma','Karim','Omar','Meryem'])[1 + i % 5],
                 (array['Alaoui','Bennani','Tazi','Idrissi','Chraibi','Berrada','Kettani','Fassi'])[1 + (i / 5) % 8],
                 'IX' || lpad(i::text, 6, '0'), ${companyId}
          from generate_series(1, 10000) as i
          returning id, cin
        )
        insert into employees (company_id, user_id, serial, status)
        select ${companyId}, id, 'IX-' || substr(cin, 3), 'activated' from people`);
      await t.db.execute(sql`analyze`);
      expect(await found('karim kettani')).toHaveLength(20);
      for (const search of [
        ['alaoui'],
        ['eloise', 'oufella'],
        ['0622100001'],
        ['BK41'],
        ['00212622100001'],
      ]) {
        const query = employeePageQuery(t.db, companyId, { search, limit: 20, offset: 0 });
        const { rows } = await t.db.execute(sql`explain ${query}`);
        const plan = (rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n');
        expect(plan, plan).toMatch(/Bitmap Index Scan on employees_search_trgm_idx/);
        expect(plan, plan).not.toMatch(/Seq Scan on employees/);
      }
    },
  );
});
