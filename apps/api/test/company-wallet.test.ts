import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions } from '../src/db/schema/ledger.ts';
import { getOrCreateAccount, postTransaction } from '../src/lib/ledger.ts';
import { exportFiltersOf, fundCompanyWallet } from '../src/modules/company-wallet/service.ts';
import { bearerFor } from './auth-helpers.ts';
import { createTestCompany, createTestEmployee } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
type Tenant = {
  companyId: number;
  rh: Record<string, string>;
  drh: Record<string, string>;
  employee: Record<string, string>;
};
let a: Tenant;
let b: Tenant;

async function tenant(): Promise<Tenant> {
  const company = await createTestCompany(t.db);
  const rh = await createTestEmployee(t.db, company.id, { roles: ['RH'] });
  const drh = await createTestEmployee(t.db, company.id, { roles: ['DRH'] });
  const employee = await createTestEmployee(t.db, company.id);
  return {
    companyId: company.id,
    rh: await bearerFor(t, rh.user.id),
    drh: await bearerFor(t, drh.user.id),
    employee: await bearerFor(t, employee.user.id),
  };
}

/** A movement out of the wallet (what an advance or a fee will post), dated `at`. */
async function spend(
  companyId: number,
  type: 'advance' | 'fee',
  centimes: bigint,
  title: string,
  at?: string,
) {
  const wallet = await getOrCreateAccount(t.db, { companyId, kind: 'company_wallet' });
  const other = await getOrCreateAccount(t.db, {
    companyId,
    kind: type === 'fee' ? 'fees_income' : 'payouts_clearing',
  });
  const posted = await postTransaction(t.db, {
    companyId,
    type,
    title,
    description: `${title} — détail`,
    entries: [
      { accountId: wallet.id, amountCentimes: -centimes },
      { accountId: other.id, amountCentimes: centimes },
    ],
  });
  if (at) await redate(posted.id, at);
  return posted;
}

async function redate(id: number, at: string) {
  await t.db
    .update(ledgerTransactions)
    .set({ createdAt: new Date(at) })
    .where(eq(ledgerTransactions.id, id));
}

beforeAll(async () => {
  t = await createTestApp();
  a = await tenant();
  b = await tenant();
  const f1 = await fundCompanyWallet(t.db, {
    companyId: a.companyId,
    amountCentimes: 150_000n,
    title: 'Virement initial',
  });
  await redate(f1.id, '2026-10-01T10:00:00+00:00');
  const f2 = await fundCompanyWallet(t.db, {
    companyId: a.companyId,
    amountCentimes: 50_000n,
    title: 'Complément',
  });
  await redate(f2.id, '2026-10-15T10:00:00+00:00');
  await spend(a.companyId, 'advance', 30_000n, 'Avance Yassine Alaoui', '2026-10-20T09:00:00+00:00');
  await spend(a.companyId, 'fee', 1_500n, 'Frais avance Yassine', '2026-10-20T09:00:01+00:00');
  // 23:30 on 31 Oct in Casablanca (22:30 UTC): still the 31st for the day filters.
  await spend(a.companyId, 'advance', 10_000n, 'Avance Salma Bennani', '2026-10-31T23:30:00+00:00');
  await fundCompanyWallet(t.db, { companyId: b.companyId, amountCentimes: 7_000n, title: 'Virement Rif' });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

describe('GET /company/wallet/balance', () => {
  it('answers the balance and totals from the ledger, as decimal strings', async () => {
    const res = await get('/api/company/wallet/balance', a.rh);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ balance: '1585.00', total_credit: '2000.00', total_debit: '415.00' });
    const drh = await get('/api/company/wallet/balance/', a.drh);
    expect(drh.json().balance).toBe('1585.00');
  });

  it('shows each company only its own wallet; a company never funded has zeros', async () => {
    expect((await get('/api/company/wallet/balance', b.rh)).json()).toEqual({
      balance: '70.00',
      total_credit: '70.00',
      total_debit: '0.00',
    });
    const c = await tenant();
    expect((await get('/api/company/wallet/balance', c.rh)).json()).toEqual({
      balance: '0.00',
      total_credit: '0.00',
      total_debit: '0.00',
    });
  });

  it('is refused to an employee without an HR role (403)', async () => {
    for (const url of ['balance', 'transactions', 'export']) {
      const res = await get(`/api/company/wallet/${url}`, a.employee);
      expect(res.statusCode, url).toBe(403);
    }
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/company/wallet/export/',
      headers: a.employee,
      payload: {},
    });
    expect(post.statusCode).toBe(403);
  });
});

describe('GET /company/wallet/transactions', () => {
  it('lists movements newest first, signed for the wallet (+ in, − out)', async () => {
    const res = await get('/api/company/wallet/transactions', a.rh);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(5);
    expect(body.results.map((r: { title: string; amount: string }) => [r.title, r.amount])).toEqual([
      ['Avance Salma Bennani', '-100.00'],
      ['Frais avance Yassine', '-15.00'],
      ['Avance Yassine Alaoui', '-300.00'],
      ['Complément', '500.00'],
      ['Virement initial', '1500.00'],
    ]);
    expect(body.results[0]).toEqual({
      id: expect.any(Number),
      type: 'advance',
      title: 'Avance Salma Bennani',
      amount: '-100.00',
      description: 'Avance Salma Bennani — détail',
      created: expect.any(String),
    });
  });

  it('pages with limit and page (DRF page-number envelope)', async () => {
    const first = (await get('/api/company/wallet/transactions?limit=2', a.rh)).json();
    expect(first.count).toBe(5);
    expect(first.results).toHaveLength(2);
    expect(first.previous).toBeNull();
    expect(first.next).toContain('page=2');
    const third = (await get('/api/company/wallet/transactions?limit=2&page=3', a.rh)).json();
    expect(third.results.map((r: { title: string }) => r.title)).toEqual(['Virement initial']);
    expect(third.next).toBeNull();
    expect(third.previous).toContain('page=2');
    const second = (await get('/api/company/wallet/transactions?limit=2&page=2', a.rh)).json();
    expect(second.previous).not.toContain('page=');
    const beyond = (await get('/api/company/wallet/transactions?limit=2&page=9', a.rh)).json();
    expect(beyond.results).toEqual([]);
  });

  it('filters by transaction_type and transaction_type_in', async () => {
    const advances = (await get('/api/company/wallet/transactions?transaction_type=advance', a.rh)).json();
    expect(advances.count).toBe(2);
    const some = (
      await get('/api/company/wallet/transactions?transaction_type_in=fee,wallet_funding', a.rh)
    ).json();
    expect(some.results.map((r: { type: string }) => r.type).sort()).toEqual([
      'fee',
      'wallet_funding',
      'wallet_funding',
    ]);
    const bad = await get('/api/company/wallet/transactions?transaction_type=cadeau', a.rh);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ attr: 'transaction_type', code: 'invalid_choice' });
  });

  it('searches title and description, every term must match', async () => {
    const yassine = (await get('/api/company/wallet/transactions?search=yassine', a.rh)).json();
    expect(yassine.count).toBe(2);
    const both = (
      await get(`/api/company/wallet/transactions?search=${encodeURIComponent('frais yassine')}`, a.rh)
    ).json();
    expect(both.results.map((r: { title: string }) => r.title)).toEqual(['Frais avance Yassine']);
    const detail = (await get('/api/company/wallet/transactions?search=d%C3%A9tail', a.rh)).json();
    expect(detail.count).toBe(3);
  });

  it('filters on inclusive Casablanca days', async () => {
    const october20 = (
      await get('/api/company/wallet/transactions?created_after=2026-10-20&created_before=2026-10-20', a.rh)
    ).json();
    expect(october20.count).toBe(2);
    // 31 Oct 23:30 Casablanca time belongs to the 31st.
    const last = (await get('/api/company/wallet/transactions?created_after=2026-10-31', a.rh)).json();
    expect(last.results.map((r: { title: string }) => r.title)).toEqual(['Avance Salma Bennani']);
    const upTo15 = (await get('/api/company/wallet/transactions?created_before=2026-10-15', a.rh)).json();
    expect(upTo15.count).toBe(2);
    const bad = await get('/api/company/wallet/transactions?created_after=2026-02-31', a.rh);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ attr: 'created_after', code: 'invalid' });
  });

  it("never shows another company's movements", async () => {
    const res = (await get('/api/company/wallet/transactions', b.rh)).json();
    expect(res.results.map((r: { title: string; amount: string }) => [r.title, r.amount])).toEqual([
      ['Virement Rif', '70.00'],
    ]);
  });
});

describe('wallet exports', () => {
  let exportId: number;

  it('creates a CSV export of the filtered movements for French Excel', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/company/wallet/export/',
      headers: a.rh,
      payload: { transaction_type_in: ['advance', 'fee'], created_after: '2026-10-20' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      status: 'finished',
      created: expect.any(String),
      rows: 3,
      download_url: `/api/company/wallet/export/${body.id}/download`,
      filters: { transaction_type_in: ['advance', 'fee'], created_after: '2026-10-20' },
    });
    exportId = body.id;

    const file = await get(body.download_url, a.rh);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="portefeuille-/);
    const bytes = file.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('Date;Type;Titre;Description;Montant (DH)');
    expect(lines[1]).toBe(
      '31/10/2026 23:30;Avance sur salaire;Avance Salma Bennani;Avance Salma Bennani — détail;-100,00',
    );
    expect(lines[2]).toContain(';Frais;Frais avance Yassine;');
    expect(lines[2]).toMatch(/;-15,00$/);
    expect(lines.filter(Boolean)).toHaveLength(4);
  });

  it('exports everything with an empty body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/company/wallet/export', headers: a.drh });
    expect(res.statusCode).toBe(201);
    expect(res.json().rows).toBe(5);
  });

  it('lists the export history, newest first, with status and download link', async () => {
    const res = await get('/api/company/wallet/export', a.rh);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(2);
    expect(body.results[1]).toMatchObject({ id: exportId, status: 'finished', rows: 3 });
    // Each export says which filters made it: the first its types and start day, the second none.
    expect(body.results[1].filters).toEqual({
      transaction_type_in: ['advance', 'fee'],
      created_after: '2026-10-20',
    });
    expect(body.results[0].filters).toEqual({});
    expect(body.results.every((r: { download_url: string }) => r.download_url.endsWith('/download'))).toBe(
      true,
    );
  });

  it("answers 404 for another company's export and hides it from their history", async () => {
    expect((await get(`/api/company/wallet/export/${exportId}/download`, b.rh)).statusCode).toBe(404);
    expect((await get('/api/company/wallet/export/999999/download', a.rh)).statusCode).toBe(404);
    expect((await get('/api/company/wallet/export/abc/download', a.rh)).statusCode).toBe(404);
    expect((await get('/api/company/wallet/export', b.rh)).json().count).toBe(0);
  });

  it('keeps the filters of an export with the search, and reads an old row key by key', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/company/wallet/export/',
      headers: a.rh,
      payload: { transaction_type: 'advance', search: 'Salma', created_before: '2026-10-31' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().filters).toEqual({
      transaction_type: 'advance',
      search: 'Salma',
      created_before: '2026-10-31',
    });
    // A row written before this field existed, or with a value no longer valid, still lists.
    expect(exportFiltersOf({ transaction_type: 'cadeau', search: 'x', created_after: null })).toEqual({
      search: 'x',
    });
    expect(exportFiltersOf(null)).toEqual({});
  });

  it('validates the export filters', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/company/wallet/export/',
      headers: a.rh,
      payload: { transaction_type: 'cadeau' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].attr).toBe('transaction_type');
  });
});

describe('fundCompanyWallet (the fund-wallet admin command)', () => {
  it('posts a wallet_funding transaction that the wallet shows', async () => {
    const c = await tenant();
    const posted = await fundCompanyWallet(t.db, {
      companyId: c.companyId,
      amountCentimes: 12_345_600n,
      reference: 'VIR-2026-11',
      title: 'Alimentation du portefeuille',
    });
    expect(posted).toMatchObject({
      type: 'wallet_funding',
      reference: 'VIR-2026-11',
      companyId: c.companyId,
    });
    expect((await get('/api/company/wallet/balance', c.rh)).json().balance).toBe('123456.00');
    const list = (await get('/api/company/wallet/transactions', c.rh)).json();
    expect(list.results[0]).toMatchObject({ type: 'wallet_funding', amount: '123456.00' });
    await expect(fundCompanyWallet(t.db, { companyId: c.companyId, amountCentimes: 0n })).rejects.toThrow();
  });

  it('leaves every ledger transaction summing to zero', async () => {
    const res = await t.db.execute(
      sql`select transaction_id from ledger_entries group by transaction_id having sum(amount_centimes) <> 0`,
    );
    expect(res.rows).toEqual([]);
  });
});
