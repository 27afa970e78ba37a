import { RECHARGE_PRODUCTS } from '@tasbiq/contracts/money';
import type pg from 'pg';

/**
 * The set-based statements of `npm run bench:seed` (money-seed.ts runs them in order). Volume, not
 * the services' checks: each step is one `insert … select … from generate_series`, so a million
 * advances and their ledger postings take a minute or two instead of hours. Randomness comes from
 * `setseed`, so two seeds draw the same rows (their dates move with `now()`).
 *
 * The ledger follows decision 020 (sign: + debit, − credit; every transaction sums to 0):
 * - advance created (`advance`): wallet −(amount+fee); payouts_clearing +amount; fees_income +fee
 * - advance executed (`payout`): payouts_clearing −amount; employee_advances(employee) +amount
 * - advance canceled/failed (`reversal`): wallet +(amount+fee); payouts_clearing −amount; fees_income −fee
 * - top-up created (`recharge`): wallet −discounted; recharges_clearing +discounted
 * - top-up executed (`payout`): recharges_clearing −discounted; employee_advances(employee) +discounted
 * - top-up failed (`reversal`): wallet +discounted; recharges_clearing −discounted
 * - monthly `wallet_funding`: platform_funding −X; wallet +X (X covers the month's requests).
 * Account balances are then set to the sum of their entries, as postTransaction keeps them.
 */

const CASABLANCA = `'Africa/Casablanca'`;
const FIRST_NAMES = `array['Yassine','Salma','Karim','Nadia','Omar','Fatima Zahra','Hicham','Meryem','Youssef','Khadija']`;
const LAST_NAMES = `array['Alaoui','Bennani','Tazi','El Amrani','Idrissi','Chraibi','Berrada','Kettani','Fassi','Benjelloun',
  'Lahlou','Sqalli','Naciri','Ouazzani','Bouzid','Mansouri','Zniber','Guessous','Skalli','Amrani']`;

/**
 * Employees 1…n: user `salarie<i>@bench-money.ma`. One in twenty was invited and never logged in
 * (no password, no advances), one in a hundred has left; the rest are active. Salaries 3 000 to
 * 25 000 DH; the four balance methods are all present (mostly 1, "current day").
 */
export async function insertEmployees(
  client: pg.ClientBase,
  input: { companyId: number; count: number; passwordHash: string; groupIds: number[] },
): Promise<void> {
  await client.query(
    `with people as (
       insert into users (email, phone, password_hash, first_name, last_name, cin, company_id, is_active,
                          phone_confirmed_at, password_changed_at, date_joined)
       select 'salarie' || i || '@bench-money.ma',
              '+2126' || lpad(i::text, 8, '0'),
              case when i % 20 = 7 then null else $3 end,
              (${FIRST_NAMES})[1 + i % 10],
              (${LAST_NAMES})[1 + (i / 10) % 20],
              'M' || chr(65 + i % 26) || lpad(i::text, 6, '0'),
              $1, i % 100 <> 13,
              case when i % 20 = 7 then null else now() - interval '400 days' end,
              case when i % 20 = 7 then null else now() - interval '400 days' end,
              now() - interval '400 days'
       from generate_series(1, $2::int) as i
       returning id, substr(cin, 3)::int as i
     )
     insert into employees (company_id, user_id, group_id, serial, salary_centimes, hourly_rate_centimes,
                            net_payable_centimes, rib, advance_percentage, max_advances_per_month,
                            max_free_advances_per_month, total_max_advance_per_month_centimes, balance_method,
                            birthday, is_active, is_restricted, status, created_at, updated_at)
     select $1, p.id, ($4::int[])[1 + p.i % cardinality($4::int[])], 'BM-' || lpad(p.i::text, 6, '0'),
            s.salary, s.salary / 191, s.salary * 80 / 100 / 100 * 100,
            '0077800' || lpad(p.i::text, 15, '0') || lpad((p.i % 97)::text, 2, '0'),
            (array[30, 40, 50, 50, 60])[1 + p.i % 5],
            case when p.i % 5 = 4 then 12 else -1 end,
            1, least(s.salary / 2, 500000),
            case when p.i % 20 < 12 then 1 when p.i % 20 < 15 then 2 when p.i % 20 < 17 then 3 else 4 end,
            date '1970-01-01' + (p.i * 37 % 12000),
            p.i % 100 <> 13, p.i % 250 = 11,
            case when p.i % 20 = 7 then 'invited' when p.i % 100 = 13 then 'deactivated' else 'activated' end,
            now() - interval '400 days', now() - interval '400 days'
     from people p
     cross join lateral (select (300000 + (p.i * 7919 % 2200) * 1000)::bigint as salary) s`,
    [input.companyId, input.count, input.passwordHash, input.groupIds],
  );
}

/** Active prepaid cards for one employee in three (they may choose the card payout). */
export async function insertCards(client: pg.ClientBase, companyId: number): Promise<void> {
  await client.query(
    `insert into prepaid_cards (company_id, employee_id, status, last4, created_at, updated_at)
     select $1, e.id, 'active', lpad((e.id * 37 % 10000)::text, 4, '0'), e.created_at, e.created_at
     from employees e where e.company_id = $1 and e.status <> 'invited' and e.id % 3 = 0`,
    [companyId],
  );
}

/** Worked days and hours for the last 12 months and this one, for methods 2 and 4. */
export async function insertWorkedTime(client: pg.ClientBase, companyId: number, uploadedBy: number) {
  await client.query(
    `with bounds as (select date_trunc('month', now() at time zone ${CASABLANCA}) as this_month,
                            (now() at time zone ${CASABLANCA})::date as today)
     insert into employee_worked_time (company_id, employee_id, year, month, worked_days, worked_hours,
                                       uploaded_by, updated_at)
     select $1, e.id, extract(year from m)::int, extract(month from m)::int, d.days, d.days * 8, $2, now()
     from employees e
     cross join bounds b
     cross join generate_series(b.this_month - interval '12 months', b.this_month, interval '1 month') as m
     cross join lateral (
       select case when m = b.this_month
                   then least(26, round(22.0 * extract(day from b.today) / 30, 2))
                   else 20 + (e.id + extract(month from m)::int) % 7 end as days
     ) d
     where e.company_id = $1 and e.status <> 'invited' and e.balance_method in (2, 4)`,
    [companyId, uploadedBy],
  );
}

/**
 * `count` advances over the last 365 days, in time order (ids grow with created_at, as in
 * production), spread evenly over the active and departed employees. Statuses: card payouts 97 %
 * executed, 3 % failed; RIB 92 % executed, 5 % canceled by the employee, 3 % failed; RIB requests
 * of the last two hours still pending (a few hundred). The first advance of a Casablanca month is
 * free, the others pay the company fee. Pending ones wait a week (payout_after) so that the app's
 * payout sweeper leaves the benchmark's data alone.
 */
export async function insertAdvances(
  client: pg.ClientBase,
  input: { companyId: number; count: number; feeCentimes: bigint },
): Promise<void> {
  await client.query('select setseed(0.2026)');
  await client.query(
    `with eligible as (
       select array_agg(e.id order by e.id) as ids, count(*)::int as n
       from employees e where e.company_id = $1 and e.status <> 'invited'
     ),
     raw as (
       select el.ids[1 + floor(random() * el.n)::int] as employee_id,
              now() - random() * interval '365 days' as created_at,
              (1 + floor(random() * 8))::bigint * 5000 as amount,
              random() as r_method,
              random() as r_status
       from eligible el, generate_series(1, $2::int)
     ),
     shaped as (
       select r.*,
              case when r.employee_id % 3 = 0 and r.r_method < 0.6 then 'card' else 'rib' end as method,
              row_number() over (
                partition by r.employee_id, date_trunc('month', r.created_at at time zone ${CASABLANCA})
                order by r.created_at) as month_rank
       from raw r
     ),
     statused as (
       select s.*,
              case when s.method = 'rib' and s.created_at > now() - interval '2 hours' then 'pending'
                   when s.method = 'rib' and s.r_status < 0.05 then 'canceled'
                   when s.r_status >= 0.97 then 'failed'
                   else 'executed' end as status,
              s.created_at + case when s.method = 'rib' then interval '5 minutes' else interval '0' end as due
       from shaped s
     )
     insert into advances (company_id, employee_id, amount_centimes, fee_centimes, is_free, payout_method, status,
                           cancel_reason, failure_reason, provider_reference, payout_after, created_at,
                           processing_at, executed_at, failed_at, canceled_at)
     select $1, employee_id, amount,
            case when month_rank = 1 then 0 else $3::bigint end, month_rank = 1, method, status,
            case when status = 'canceled' then 'Je n''en ai plus besoin.' end,
            case when status = 'failed' then 'Le virement a été refusé par la banque.' end,
            case when status in ('executed', 'failed') then 'SBX-' || md5(created_at::text || employee_id) end,
            case when status = 'pending' then now() + interval '7 days' else due end,
            created_at,
            case when status in ('executed', 'failed') then due end,
            case when status = 'executed' then due + interval '2 seconds' end,
            case when status = 'failed' then due + interval '2 seconds' end,
            case when status = 'canceled' then created_at + interval '3 minutes' end
     from statused
     order by created_at`,
    [input.companyId, input.count, input.feeCentimes],
  );
}

/** `count` top-ups over the last 365 days on the employees' own phones: 97 % executed, 3 % failed. */
export async function insertRecharges(
  client: pg.ClientBase,
  input: { companyId: number; count: number },
): Promise<void> {
  await client.query('select setseed(0.0326)');
  await client.query(
    `with eligible as (
       select array_agg(e.id order by e.id) as ids, count(*)::int as n
       from employees e where e.company_id = $1 and e.status <> 'invited'
     ),
     raw as (
       select el.ids[1 + floor(random() * el.n)::int] as employee_id,
              now() - random() * interval '365 days' as created_at,
              1 + floor(random() * cardinality($3::text[]))::int as p,
              random() as r_status
       from eligible el, generate_series(1, $2::int)
     )
     insert into recharges (company_id, employee_id, phone, operator, product, amount_centimes,
                            discounted_amount_centimes, status, failure_reason, provider_reference,
                            created_at, processing_at, executed_at, failed_at)
     select $1, r.employee_id, u.phone, ($4::text[])[r.p], ($3::text[])[r.p], ($5::bigint[])[r.p],
            ($6::bigint[])[r.p],
            case when r.r_status >= 0.97 then 'failed' else 'executed' end,
            case when r.r_status >= 0.97 then 'L''opérateur a refusé la recharge.' end,
            'TEL-' || md5(r.created_at::text || r.employee_id),
            r.created_at, r.created_at,
            case when r.r_status < 0.97 then r.created_at + interval '2 seconds' end,
            case when r.r_status >= 0.97 then r.created_at + interval '2 seconds' end
     from raw r
     join employees e on e.id = r.employee_id
     join users u on u.id = e.user_id
     order by r.created_at`,
    [
      input.companyId,
      input.count,
      RECHARGE_PRODUCTS.map((p) => p.id),
      RECHARGE_PRODUCTS.map((p) => p.operator),
      RECHARGE_PRODUCTS.map((p) => Math.round(Number(p.amount) * 100)),
      RECHARGE_PRODUCTS.map((p) => Math.round(Number(p.discounted_amount) * 100)),
    ],
  );
}

export type BenchAccounts = {
  platform: number;
  wallet: number;
  payoutsClearing: number;
  feesIncome: number;
  rechargesClearing: number;
};

/**
 * The ledger accounts, opened as lib/ledger.ts getOrCreateAccount opens them (company accounts
 * carry the company id, platform_funding none), plus one employee_advances account per employee
 * who was ever paid.
 */
export async function insertAccounts(client: pg.ClientBase, companyId: number): Promise<BenchAccounts> {
  const { rows } = await client.query<{ id: number; kind: string }>(
    `insert into ledger_accounts (company_id, kind, employee_id, created_at)
     values (null, 'platform_funding', null, now() - interval '400 days'),
            ($1, 'company_wallet', null, now() - interval '400 days'),
            ($1, 'payouts_clearing', null, now() - interval '400 days'),
            ($1, 'fees_income', null, now() - interval '400 days'),
            ($1, 'recharges_clearing', null, now() - interval '400 days')
     returning id, kind`,
    [companyId],
  );
  const id = (kind: string) => rows.find((r) => r.kind === kind)!.id;
  await client.query(
    `insert into ledger_accounts (company_id, kind, employee_id, created_at)
     select $1, 'employee_advances', e.id, e.created_at from employees e
     where e.company_id = $1
       and e.id in (select employee_id from advances where status = 'executed'
                    union select employee_id from recharges where status = 'executed')
     order by e.id`,
    [companyId],
  );
  return {
    platform: id('platform_funding'),
    wallet: id('company_wallet'),
    payoutsClearing: id('payouts_clearing'),
    feesIncome: id('fees_income'),
    rechargesClearing: id('recharges_clearing'),
  };
}

/**
 * Transaction ids are assigned here (the database is fresh), so the entries can join their
 * transaction by arithmetic instead of a lookup: fundings 1…99, then one block per kind of event.
 */
function transactionIds(maxAdvanceId: number, maxRechargeId: number) {
  const advance = 100;
  const advanceSettle = advance + maxAdvanceId;
  const recharge = advanceSettle + maxAdvanceId;
  const rechargeSettle = recharge + maxRechargeId;
  return { advance, advanceSettle, recharge, rechargeSettle };
}

/** Every ledger transaction and entry of the seeded history, then the accounts' balances. */
export async function insertLedger(
  client: pg.ClientBase,
  input: { companyId: number; accounts: BenchAccounts; walletCushionCentimes: bigint },
): Promise<{ transactions: number; entries: number }> {
  const { companyId, accounts: acc } = input;
  const { rows: maxRows } = await client.query<{ a: number; r: number }>(
    `select coalesce((select max(id) from advances), 0) as a, coalesce((select max(id) from recharges), 0) as r`,
  );
  const off = transactionIds(maxRows[0]!.a, maxRows[0]!.r);

  // Monthly funding at the start of each Casablanca month: that month's requests rounded up to
  // 100 000 DH, plus a cushion on the current month so simulations are not all INSUFFICIENT_FUNDS.
  await client.query(
    `create temporary table bench_fundings as
     with draws as (
       select date_trunc('month', created_at at time zone ${CASABLANCA}) as m, amount_centimes + fee_centimes as x
       from advances
       union all
       select date_trunc('month', created_at at time zone ${CASABLANCA}), discounted_amount_centimes from recharges
     ),
     months as (
       select m, ceil(sum(x) / 10000000.0)::bigint * 10000000 as amount,
              row_number() over (order by m)::int as id, max(m) over () as last
       from draws group by m
     )
     select id, m at time zone ${CASABLANCA} as created_at, to_char(m, 'YYYY-MM') as month,
            amount + case when m = last then $1::bigint else 0 end as amount
     from months`,
    [input.walletCushionCentimes],
  );
  await client.query(
    `insert into ledger_transactions (id, company_id, type, title, description, reference, created_at)
     select id, $1, 'wallet_funding', 'Alimentation du portefeuille', 'Virement mensuel de l''entreprise',
            'bench-funding:' || month, created_at
     from bench_fundings`,
    [companyId],
  );
  // Titles, references and idempotency keys as modules/advances/postings.ts and
  // modules/recharges/ledger-postings.ts write them (descriptions shortened).
  await client.query(
    `insert into ledger_transactions (id, company_id, type, title, description, reference, idempotency_key,
                                      created_by, created_at)
     select t.id, $1, t.type, t.title || ' — ' || w.who, t.description, t.reference, t.idem, t.created_by, t.created_at
     from (
       select $2::int + a.id as id, 'advance' as type, 'Avance sur salaire' as title,
              'Avance n° ' || a.id || ' de ' || a.amount_centimes / 100 || ' DH' as description,
              'advance:' || a.id as reference, 'advance:' || a.id as idem, a.employee_id,
              e.user_id as created_by, a.created_at
       from advances a join employees e on e.id = a.employee_id
       union all
       select $3::int + a.id, 'payout', 'Avance versée', 'Avance n° ' || a.id || ' versée',
              'advance:' || a.id, 'advance:' || a.id || ':payout', a.employee_id, null, a.executed_at
       from advances a where a.status = 'executed'
       union all
       select $3::int + a.id, 'reversal',
              case when a.status = 'canceled' then 'Annulation de l’avance' else 'Échec de l’avance' end,
              'Avance n° ' || a.id || ' rendue au portefeuille',
              'advance:' || a.id, 'advance:' || a.id || ':reversal', a.employee_id, null,
              coalesce(a.canceled_at, a.failed_at)
       from advances a where a.status in ('canceled', 'failed')
       union all
       select $4::int + r.id, 'recharge', 'Recharge ' || r.product,
              'Recharge téléphonique du ' || r.phone, 'recharge:' || r.id, 'recharge:' || r.id, r.employee_id,
              e.user_id, r.created_at
       from recharges r join employees e on e.id = r.employee_id
       union all
       select $5::int + r.id, case when r.status = 'executed' then 'payout' else 'reversal' end,
              case when r.status = 'executed' then 'Recharge ' || r.product || ' effectuée'
                   else 'Remboursement recharge ' || r.product end,
              'Recharge téléphonique du ' || r.phone,
              'recharge:' || r.id,
              'recharge:' || r.id || case when r.status = 'executed' then ':payout' else ':reversal' end,
              r.employee_id, null, coalesce(r.executed_at, r.failed_at)
       from recharges r where r.status in ('executed', 'failed')
     ) t
     join employees e on e.id = t.employee_id
     join users u on u.id = e.user_id
     cross join lateral (select u.first_name || ' ' || u.last_name as who) w
     order by t.created_at`,
    [companyId, off.advance, off.advanceSettle, off.recharge, off.rechargeSettle],
  );
  await client.query(
    `insert into ledger_entries (transaction_id, account_id, amount_centimes, created_at)
     select transaction_id, account_id, amount, created_at from (
       select f.id as transaction_id, x.account_id, x.amount, f.created_at
       from bench_fundings f
       cross join lateral (values ($1::int, f.amount), ($2::int, -f.amount)) as x(account_id, amount)
       union all
       select $6::int + a.id, x.account_id, x.amount, a.created_at
       from advances a
       cross join lateral (values ($1::int, -(a.amount_centimes + a.fee_centimes)),
                                  ($3::int, a.amount_centimes), ($4::int, a.fee_centimes)) as x(account_id, amount)
       union all
       select $7::int + a.id, x.account_id, x.amount, a.executed_at
       from advances a
       join ledger_accounts ea on ea.kind = 'employee_advances' and ea.employee_id = a.employee_id
       cross join lateral (values ($3::int, -a.amount_centimes), (ea.id, a.amount_centimes)) as x(account_id, amount)
       where a.status = 'executed'
       union all
       select $7::int + a.id, x.account_id, x.amount, coalesce(a.canceled_at, a.failed_at)
       from advances a
       cross join lateral (values ($1::int, a.amount_centimes + a.fee_centimes),
                                  ($3::int, -a.amount_centimes), ($4::int, -a.fee_centimes)) as x(account_id, amount)
       where a.status in ('canceled', 'failed')
       union all
       select $8::int + r.id, x.account_id, x.amount, r.created_at
       from recharges r
       cross join lateral (values ($1::int, -r.discounted_amount_centimes),
                                  ($5::int, r.discounted_amount_centimes)) as x(account_id, amount)
       union all
       select $9::int + r.id, x.account_id, x.amount, r.executed_at
       from recharges r
       join ledger_accounts ea on ea.kind = 'employee_advances' and ea.employee_id = r.employee_id
       cross join lateral (values ($5::int, -r.discounted_amount_centimes),
                                  (ea.id, r.discounted_amount_centimes)) as x(account_id, amount)
       where r.status = 'executed'
       union all
       select $9::int + r.id, x.account_id, x.amount, r.failed_at
       from recharges r
       cross join lateral (values ($1::int, r.discounted_amount_centimes),
                                  ($5::int, -r.discounted_amount_centimes)) as x(account_id, amount)
       where r.status = 'failed'
     ) e
     where amount <> 0`,
    [
      acc.wallet,
      acc.platform,
      acc.payoutsClearing,
      acc.feesIncome,
      acc.rechargesClearing,
      off.advance,
      off.advanceSettle,
      off.recharge,
      off.rechargeSettle,
    ],
  );
  await client.query(
    `select setval('ledger_transactions_id_seq', (select max(id) from ledger_transactions))`,
  );
  await client.query(
    `update ledger_accounts la set balance_centimes = s.total
     from (select account_id, sum(amount_centimes) as total from ledger_entries group by account_id) s
     where la.id = s.account_id`,
  );
  const { rows } = await client.query<{ t: string; e: string }>(
    `select (select count(*) from ledger_transactions) as t, (select count(*) from ledger_entries) as e`,
  );
  return { transactions: Number(rows[0]!.t), entries: Number(rows[0]!.e) };
}

/** Decision 018's invariants, checked once on the whole seeded ledger. */
export async function checkLedger(client: pg.ClientBase): Promise<{ unbalanced: number; drift: number }> {
  const { rows } = await client.query<{ unbalanced: string; drift: string }>(
    `select
       (select count(*) from (select transaction_id from ledger_entries group by transaction_id
                              having sum(amount_centimes) <> 0) u) as unbalanced,
       (select count(*) from ledger_accounts la
        left join (select account_id, sum(amount_centimes) as total from ledger_entries group by account_id) s
          on s.account_id = la.id
        where la.balance_centimes <> coalesce(s.total, 0)) as drift`,
  );
  return { unbalanced: Number(rows[0]!.unbalanced), drift: Number(rows[0]!.drift) };
}

/**
 * Sets the tables' secondary indexes and foreign keys aside for a bulk load and returns what puts
 * them back exactly as the migrations defined them (their own definitions, read from the catalog):
 * building an index once and validating a foreign key with one join is many times faster than
 * maintaining them row by row over millions of rows. Primary keys and unique constraints stay.
 */
export async function setIndexesAndForeignKeysAside(
  client: pg.ClientBase,
  tables: string[],
): Promise<{ restore: () => Promise<void>; indexes: number; foreignKeys: number }> {
  const { rows: foreignKeys } = await client.query<{ tbl: string; name: string; def: string }>(
    `select conrelid::regclass::text as tbl, conname as name, pg_get_constraintdef(oid) as def
     from pg_constraint where contype = 'f' and conrelid::regclass::text = any($1)`,
    [tables],
  );
  const { rows: indexes } = await client.query<{ name: string; def: string }>(
    `select i.indexname as name, i.indexdef as def from pg_indexes i
     where i.schemaname = 'public' and i.tablename = any($1)
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [tables],
  );
  for (const fk of foreignKeys) await client.query(`alter table "${fk.tbl}" drop constraint "${fk.name}"`);
  for (const index of indexes) await client.query(`drop index "${index.name}"`);
  return {
    indexes: indexes.length,
    foreignKeys: foreignKeys.length,
    async restore() {
      for (const index of indexes) await client.query(index.def);
      for (const fk of foreignKeys)
        await client.query(`alter table "${fk.tbl}" add constraint "${fk.name}" ${fk.def}`);
    },
  };
}
