/**
 * Issue 8 §6: an inverted date range (`created_after` after `created_before`, and the other
 * `_after` / `_before` pairs) answered 200 with an empty page. Every route now answers it as a
 * validation error on the `_before` field, with the spec's sentence; the check is written once
 * (list-params `dateRangeIssues`, run by the validator compiler).
 */
import { VALIDATION_MESSAGES_FR } from '@tasbiq/contracts/error-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateRangeIssues } from '../src/lib/list-params.ts';
import { isDateRangeInverted } from '../src/lib/list-sql.ts';
import { createTenant, type Person } from './advances-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const END_AFTER_START = 'La date de fin doit être après la date de début.';

describe('isDateRangeInverted and dateRangeIssues', () => {
  it('compares the bounds the lists filter with (inclusive Casablanca days, or instants)', () => {
    expect(isDateRangeInverted('2026-11-05', '2026-11-04')).toBe(true);
    expect(isDateRangeInverted('2026-11-05', '2026-11-05')).toBe(false); // one day
    expect(isDateRangeInverted('2026-11-04', '2026-11-05')).toBe(false);
    expect(isDateRangeInverted('2026-11-05T10:00:00+00:00', '2026-11-05')).toBe(false);
    expect(isDateRangeInverted('2026-11-05', '2026-11-04T23:59:59+00:00')).toBe(true);
    expect(isDateRangeInverted('2026-11-05T10:00:00Z', '2026-11-05T09:59:59Z')).toBe(true);
    expect(isDateRangeInverted('2026-11-05T10:00:00Z', '2026-11-05T10:00:00Z')).toBe(false);
  });

  it('reports each inverted pair on its _before field, and nothing for incomplete or bad pairs', () => {
    expect(
      dateRangeIssues({
        created_after: '2026-11-05',
        created_before: '2026-11-01',
        timestamp_after: '2026-11-01',
        timestamp_before: '2026-11-02',
        paid_after: '2026-11-05',
      }),
    ).toEqual([{ code: 'invalid', detail: VALIDATION_MESSAGES_FR.endAfterStart, attr: 'created_before' }]);
    expect(dateRangeIssues({ created_after: 'hier', created_before: '2026-11-01' })).toEqual([]);
    expect(dateRangeIssues(null)).toEqual([]);
    expect(dateRangeIssues(['created_after'])).toEqual([]);
  });
});

describe('list routes answer an inverted range with a validation error', () => {
  let t: TestApp;
  let hr: Person;
  let employee: Person;
  beforeAll(async () => {
    t = await createTestApp();
    const tenant = await createTenant(t);
    hr = tenant.rh;
    employee = await tenant.employee();
  });
  afterAll(() => t.close());

  const cases: Array<[url: string, pair: string, who: () => Person]> = [
    ['/api/advances', 'created', () => employee],
    ['/api/recharges', 'created', () => employee],
    ['/api/transactions', 'created', () => employee],
    ['/api/notifications', 'timestamp', () => employee],
    ['/api/change_requests', 'created', () => hr],
    ['/api/groups', 'created', () => hr],
    ['/api/company/wallet/transactions', 'created', () => hr],
  ];

  it.each(cases)('GET %s with %s_after after %s_before', async (url, pair, who) => {
    const inverted = await t.app.inject({
      method: 'GET',
      url: `${url}?${pair}_after=2026-11-05&${pair}_before=2026-11-04`,
      headers: who().auth,
    });
    expect(inverted.statusCode, inverted.body).toBe(400);
    expect(inverted.json()).toEqual({
      type: 'validation_error',
      errors: [{ code: 'invalid', detail: END_AFTER_START, attr: `${pair}_before` }],
    });

    const oneDay = await t.app.inject({
      method: 'GET',
      url: `${url}?${pair}_after=2026-11-05&${pair}_before=2026-11-05`,
      headers: who().auth,
    });
    expect(oneDay.statusCode, oneDay.body).toBe(200);
  });

  it('reports the range with the other problems of the request', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/advances?status=nope&created_after=2026-11-05&created_before=2026-11-04',
      headers: employee.auth,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { attr: string }) => e.attr)).toEqual(['status', 'created_before']);
  });

  it('refuses a wallet export of an inverted range (body)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/company/wallet/export',
      headers: hr.auth,
      payload: { created_after: '2026-11-05', created_before: '2026-10-31' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ code: 'invalid', detail: END_AFTER_START, attr: 'created_before' }]);
  });
});
