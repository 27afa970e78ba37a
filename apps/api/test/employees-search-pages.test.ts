import { ZEmployeeListItem } from '@tasbiq/contracts/employees';
import { paginated } from '@tasbiq/contracts/wire';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { employees } from '../src/db/schema/employees.ts';
import {
  type EmployeeFilters,
  employeePageQuery,
  listEmployees,
  SEARCH_EXACT_COUNT_LIMIT,
} from '../src/modules/employees/queries.ts';
import { estimateSearchMatches } from '../src/modules/employees/search-estimate.ts';
import { hrCompany } from './employees-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * A search's page in name order (decision 050): first looked for among the company's first
 * employees in name order, else read from every match. Both ways give the same page; a broad
 * search's total is the planner's estimate and says so; the name order follows the accounts.
 * Runs on PGlite and on PostgreSQL.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ZPage = paginated(ZEmployeeListItem);
const LAST_NAMES = ['Alaoui', 'Bennani', 'Tazi', 'Zniber'];
const FIRST_NAMES = ['Yassine', 'Salma', 'Karim', 'Omar', 'Meryem'];

/**
 * `count` people of a company, numbered from `first`, named in turn from the lists above, e-mails
 * at `domain`.
 */
async function seedPeople(companyId: number, count: number, prefix: string, domain: string, first = 1) {
  await t.db.execute(sql`
    with people as (
      insert into users (email, phone, first_name, last_name, cin, company_id)
      select ${prefix} || i || '@' || ${domain},
             '+2126' || ${String(companyId).padStart(2, '0')} || lpad(i::text, 6, '0'),
             (array[${sql.join(
               FIRST_NAMES.map((n) => sql`${n}`),
               sql`, `,
             )}])[1 + i % 5],
             (array[${sql.join(
               LAST_NAMES.map((n) => sql`${n}`),
               sql`, `,
             )}])[1 + (i / 5) % 4],
             upper(${prefix}) || ${String(companyId)} || lpad(i::text, 5, '0'), ${companyId}
      from generate_series(${first}::int, ${first + count - 1}::int) as i
      returning id, cin
    )
    insert into employees (company_id, user_id, serial, status)
    select ${companyId}, id, 'P-' || cin, 'activated' from people`);
}

describe('a search in name order', () => {
  let headers: Record<string, string>;
  let companyId: number;
  beforeAll(async () => {
    const hr = await hrCompany(t);
    headers = hr.headers;
    companyId = hr.company.id;
    await seedPeople(companyId, 160, 'pages', 'pages.ma');
    // Another company whose people sort first and match the same terms: never in this one's pages.
    const other = await hrCompany(t);
    await seedPeople(other.company.id, 40, 'aaa', 'pages.ma');
    await t.db.update(users).set({ lastName: 'Aaa Alaoui' }).where(eq(users.companyId, other.company.id));
    await t.db.execute(sql`analyze employees`);
  });

  /** The page read from every match, sorted and counted: what the probe must agree with. */
  async function everyMatch(filters: EmployeeFilters & { limit: number; offset: number }) {
    const rows = await employeePageQuery(t.db, companyId, filters);
    return { ids: rows.map((row) => row.id), count: rows[0]?.total ?? 0 };
  }

  it.each([['alaoui'], ['zniber'], ['yassine'], ['pages'], ['karim tazi'], ['0600'], ['nobody']])(
    'finds the same page of « %s » either way, at every offset and probe size',
    async (term) => {
      const search = term.split(' ');
      for (const offset of [0, 20, 40, 140]) {
        const expected = await everyMatch({ search, limit: 20, offset });
        for (const probeRows of [5, 30, 1000]) {
          const page = await listEmployees(t.db, companyId, { search, limit: 20, offset }, probeRows);
          const label = `${term} offset ${offset} probe ${probeRows}`;
          expect(
            page.rows.map((row) => row.id),
            label,
          ).toEqual(expected.ids);
          if (page.countIsEstimate) {
            expect(page.count, label).toBeGreaterThan(Math.max(SEARCH_EXACT_COUNT_LIMIT, offset + 20));
          } else if (page.rows.length > 0) {
            expect(page.count, label).toBe(expected.count);
          }
        }
      }
    },
  );

  /** GET /api/employees/?<query>, answered 200 with a page. */
  async function listPage(query: string) {
    const res = await t.app.inject({ method: 'GET', url: `/api/employees/?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return ZPage.parse(res.json());
  }

  it('says a broad search’s total is an estimate, links on, and counts a narrow one exactly', async () => {
    const page = await listPage('search=pages&limit=20');
    expect(page.count_is_estimate).toBe(true);
    expect(page.count).toBeGreaterThan(SEARCH_EXACT_COUNT_LIMIT);
    expect(page.results).toHaveLength(20);
    expect(page.next).toContain('offset=20');

    // 40 people named Zniber, last in name order: found by the probe, counted exactly.
    const exact = await listPage('search=zniber&limit=20');
    expect(exact.count).toBe(40);
    expect(exact.count_is_estimate).toBeUndefined();
    expect(exact.results.every((e) => e.last_name === 'Zniber')).toBe(true);

    // The last page of the broad search is read from every match: exact again.
    const end = await listPage('search=pages&limit=20&offset=160');
    expect(end.count).toBe(160);
    expect(end.count_is_estimate).toBeUndefined();
    expect(end.next).toBeNull();
  });

  it('never shows another company’s people, though they sort first and match', async () => {
    for (const probeRows of [5, 1000]) {
      const page = await listEmployees(
        t.db,
        companyId,
        { search: ['alaoui'], limit: 20, offset: 0 },
        probeRows,
      );
      expect(page.rows.length).toBe(20);
      expect(page.rows.every((row) => row.lastName === 'Alaoui')).toBe(true);
    }
  });

  it('keeps the name order of the accounts: the copies follow every change and cannot be forged', async () => {
    const [someone] = await t.db
      .select({ id: employees.id, userId: employees.userId })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(eq(users.email, 'pages7@pages.ma'));
    await t.db
      .update(users)
      .set({ lastName: 'Aabbou', firstName: 'Zineb' })
      .where(eq(users.id, someone!.userId));
    const first = await listPage('limit=1');
    expect(first.results[0]).toMatchObject({ id: someone!.id, last_name: 'Aabbou' });

    await t.db
      .update(employees)
      .set({ sortLastName: 'zzz', sortFirstName: 'zzz' })
      .where(eq(employees.id, someone!.id));
    const [row] = await t.db
      .select({ last: employees.sortLastName, first: employees.sortFirstName })
      .from(employees)
      .where(eq(employees.id, someone!.id));
    expect(row).toEqual({ last: 'Aabbou', first: 'Zineb' });
  });
});

describe('the estimate of a broad search (decision 051)', () => {
  // Runs after the block above (same database): its 2 companies, 200 people, analysed.
  it('is the company’s size times the share of the analysed sample that matches, the size read again a minute later', async () => {
    const [company] = await t.db
      .select({ id: employees.companyId })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(eq(users.email, 'pages1@pages.ma'));
    const companyId = company!.id;
    // Times of our own, far from the clock, so that no earlier request's reading counts.
    const at = 4_000_000_000_000;

    // 160 people (and the RH) in this company; every « pages » address is at pages.ma (200 of 202
    // employees in all); 40 of them and none of the other company's are named Zniber.
    const broad = await estimateSearchMatches(t.db, companyId, '%pages%', at);
    expect(broad).toBeGreaterThanOrEqual(140);
    expect(broad).toBeLessThanOrEqual(161);
    const zniber = await estimateSearchMatches(t.db, companyId, '%zniber%', at);
    expect(zniber).toBeGreaterThanOrEqual(20);
    expect(zniber).toBeLessThanOrEqual(50);

    // 60 more people: within the minute the size read stands; a minute later it is read again.
    await seedPeople(companyId, 60, 'later', 'pages.ma', 1000);
    expect(await estimateSearchMatches(t.db, companyId, '%pages%', at + 59_000)).toBe(broad);
    const later = await estimateSearchMatches(t.db, companyId, '%pages%', at + 60_000);
    expect(later).toBeGreaterThanOrEqual(broad! + 50);
  });
});
