import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, ledgerTransactions } from '../src/db/schema/ledger.ts';
import { AppError } from '../src/lib/errors.ts';
import {
  findAccount,
  getOrCreateAccount,
  LedgerError,
  postTransaction,
  requireBalance,
} from '../src/lib/ledger.ts';
import { fundCompanyWallet } from '../src/modules/company-wallet/service.ts';
import { createTestCompany } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function counts() {
  const [row] = await t.db
    .select({
      transactions: sql<number>`(select count(*) from ${ledgerTransactions})`.mapWith(Number),
      entries: sql<number>`(select count(*) from ${ledgerEntries})`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  return row!;
}

/** The invariants every test ends on: transactions sum to zero, balances equal their entries. */
async function expectLedgerConsistent() {
  const unbalanced = await t.db.execute(
    sql`select transaction_id from ledger_entries group by transaction_id having sum(amount_centimes) <> 0 or count(*) < 2`,
  );
  expect(unbalanced.rows).toEqual([]);
  const drift = await t.db.execute(sql`
    select a.id from ledger_accounts a
    left join (select account_id, sum(amount_centimes) as total from ledger_entries group by account_id) e
      on e.account_id = a.id
    where a.balance_centimes <> coalesce(e.total, 0)`);
  expect(drift.rows).toEqual([]);
}

describe('postTransaction', () => {
  it('refuses an unbalanced, one-entry or zero posting and writes nothing', async () => {
    const company = await createTestCompany(t.db);
    const wallet = await getOrCreateAccount(t.db, { companyId: company.id, kind: 'company_wallet' });
    const fees = await getOrCreateAccount(t.db, { companyId: company.id, kind: 'fees_income' });
    const before = await counts();
    const base = { companyId: company.id, type: 'fee' as const, title: 'Frais' };
    await expect(
      postTransaction(t.db, {
        ...base,
        entries: [
          { accountId: wallet.id, amountCentimes: -1500n },
          { accountId: fees.id, amountCentimes: 1000n },
        ],
      }),
    ).rejects.toBeInstanceOf(LedgerError);
    await expect(
      postTransaction(t.db, { ...base, entries: [{ accountId: wallet.id, amountCentimes: 100n }] }),
    ).rejects.toBeInstanceOf(LedgerError);
    await expect(
      postTransaction(t.db, {
        ...base,
        entries: [
          { accountId: wallet.id, amountCentimes: 0n },
          { accountId: fees.id, amountCentimes: 0n },
        ],
      }),
    ).rejects.toBeInstanceOf(LedgerError);
    await expect(
      postTransaction(t.db, {
        ...base,
        entries: [
          { accountId: wallet.id, amountCentimes: -100n },
          { accountId: 999_999, amountCentimes: 100n },
        ],
      }),
    ).rejects.toBeInstanceOf(LedgerError);
    expect(await counts()).toEqual(before);
    expect(
      (await findAccount(t.db, { companyId: company.id, kind: 'company_wallet' }))!.balanceCentimes,
    ).toBe(0n);
  });

  it('posts entries and moves balances in the same transaction', async () => {
    const company = await createTestCompany(t.db);
    await fundCompanyWallet(t.db, {
      companyId: company.id,
      amountCentimes: 100_000n,
      reference: 'virement 1',
    });
    const wallet = await getOrCreateAccount(t.db, { companyId: company.id, kind: 'company_wallet' });
    const fees = await getOrCreateAccount(t.db, { companyId: company.id, kind: 'fees_income' });
    const posted = await postTransaction(t.db, {
      companyId: company.id,
      type: 'fee',
      title: 'Frais de service',
      reference: 'advance:1',
      entries: [
        { accountId: wallet.id, amountCentimes: -1_500n },
        { accountId: fees.id, amountCentimes: 1_500n },
      ],
    });
    expect(posted).toMatchObject({ type: 'fee', reference: 'advance:1', companyId: company.id });
    expect(
      (await findAccount(t.db, { companyId: company.id, kind: 'company_wallet' }))!.balanceCentimes,
    ).toBe(98_500n);
    expect((await findAccount(t.db, { companyId: company.id, kind: 'fees_income' }))!.balanceCentimes).toBe(
      1_500n,
    );
    await expectLedgerConsistent();
  });

  it('runs the check under the lock and writes nothing when it refuses', async () => {
    const company = await createTestCompany(t.db);
    await fundCompanyWallet(t.db, { companyId: company.id, amountCentimes: 1_000n });
    const wallet = await getOrCreateAccount(t.db, { companyId: company.id, kind: 'company_wallet' });
    const fees = await getOrCreateAccount(t.db, { companyId: company.id, kind: 'fees_income' });
    const before = await counts();
    const error = await postTransaction(
      t.db,
      {
        companyId: company.id,
        type: 'fee',
        title: 'Frais',
        entries: [
          { accountId: wallet.id, amountCentimes: -2_000n },
          { accountId: fees.id, amountCentimes: 2_000n },
        ],
      },
      (accounts) => requireBalance(accounts.get(wallet.id)!, 2_000n),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('INSUFFICIENT_FUNDS');
    expect(await counts()).toEqual(before);
  });

  it('returns the first transaction for a repeated idempotency key', async () => {
    const company = await createTestCompany(t.db);
    const first = await fundCompanyWallet(t.db, {
      companyId: company.id,
      amountCentimes: 500n,
      idempotencyKey: `k-${company.id}`,
    });
    const again = await fundCompanyWallet(t.db, {
      companyId: company.id,
      amountCentimes: 500n,
      idempotencyKey: `k-${company.id}`,
    });
    expect(again.id).toBe(first.id);
    expect(
      (await findAccount(t.db, { companyId: company.id, kind: 'company_wallet' }))!.balanceCentimes,
    ).toBe(500n);
  });

  it('getOrCreateAccount opens one account per (kind, company, employee), platform accounts included', async () => {
    const company = await createTestCompany(t.db);
    const a = await getOrCreateAccount(t.db, { companyId: company.id, kind: 'company_wallet' });
    const b = await getOrCreateAccount(t.db, { companyId: company.id, kind: 'company_wallet' });
    const p1 = await getOrCreateAccount(t.db, { companyId: null, kind: 'platform_funding' });
    const p2 = await getOrCreateAccount(t.db, { companyId: null, kind: 'platform_funding' });
    expect(a.id).toBe(b.id);
    expect(p1.id).toBe(p2.id);
    const both = await Promise.all(
      Array.from({ length: 5 }, () =>
        getOrCreateAccount(t.db, { companyId: company.id, kind: 'fees_income' }),
      ),
    );
    expect(new Set(both.map((x) => x.id)).size).toBe(1);
  });

  it('requireBalance refuses a debit larger than the balance', () => {
    expect(() => requireBalance({ balanceCentimes: 100n }, 100n)).not.toThrow();
    expect(() => requireBalance({ balanceCentimes: 99n }, 100n)).toThrow(AppError);
  });

  it('keeps 20 parallel fundings exact (every posting locks the accounts)', async () => {
    const company = await createTestCompany(t.db);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fundCompanyWallet(t.db, {
          companyId: company.id,
          amountCentimes: BigInt(1_000 + i),
          reference: `p${i}`,
        }),
      ),
    );
    const expected = Array.from({ length: 20 }, (_, i) => BigInt(1_000 + i)).reduce((a, b) => a + b, 0n);
    expect(
      (await findAccount(t.db, { companyId: company.id, kind: 'company_wallet' }))!.balanceCentimes,
    ).toBe(expected);
    await expectLedgerConsistent();
  });
});
