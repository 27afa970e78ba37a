import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@tasbiq/contracts/constants';
import { desc, sql } from 'drizzle-orm';
import { integer, PgDialect, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../src/lib/errors.ts';
import {
  pageSize,
  zBool,
  zCsvOf,
  zDateParam,
  zIdParam,
  zLimit,
  zOffset,
  zPage,
  zSearch,
} from '../src/lib/list-params.ts';
import { dateRangeCondition, orderingClause, searchCondition } from '../src/lib/list-sql.ts';
import { objectIdOrNotFound } from '../src/lib/path-id.ts';

/** The query-string building blocks and SQL helpers every list route shares, without HTTP. */
const dialect = new PgDialect();
const render = (fragment: ReturnType<typeof sql>) => dialect.sqlToQuery(fragment);
/** Bound instants, whether drizzle passes them as Date or as the column's ISO text. */
const instant = (param: unknown) => new Date(param as string | Date).toISOString();

const things = pgTable('things', {
  id: integer('id'),
  name: text('name'),
  city: text('city'),
  createdAt: timestamp('created_at', { withTimezone: true }),
});

describe('list-params', () => {
  it.each([
    ['10', 10],
    ['100', 100],
    ['1000', MAX_PAGE_SIZE],
    ['abc', undefined],
    ['0', undefined],
    ['-3', undefined],
    ['2.5', undefined],
    [undefined, undefined],
  ])('zLimit reads %s as %s', (input, expected) => {
    expect(zLimit.parse(input)).toBe(expected);
  });

  it('zOffset and zPage fall back instead of failing', () => {
    expect(zOffset.parse('30')).toBe(30);
    expect(zOffset.parse('-1')).toBe(0);
    expect(zOffset.parse('x')).toBe(0);
    expect(zPage.parse('3')).toBe(3);
    expect(zPage.parse('0')).toBe(1);
    expect(zPage.parse('deux')).toBe(1);
  });

  it('zOffset, zPage and zIdParam refuse a number past PostgreSQL integer as max_value', () => {
    for (const schema of [zOffset, zPage, zIdParam]) {
      expect(schema.parse('2147483647')).toBe(2_147_483_647);
      for (const input of ['2147483648', '99999999999999999999', '9'.repeat(400)]) {
        const result = schema.safeParse(input);
        expect(result.success, input).toBe(false);
        expect(result.error?.issues).toMatchObject([{ code: 'too_big', maximum: 2_147_483_647 }]);
      }
    }
  });

  it('pageSize prefers the limit, then the company setting, then the default, never past the cap', () => {
    expect(pageSize(30, 5)).toBe(30);
    expect(pageSize(undefined, 5)).toBe(5);
    expect(pageSize(undefined)).toBe(DEFAULT_PAGE_SIZE);
    expect(pageSize(undefined, 500)).toBe(MAX_PAGE_SIZE);
  });

  it.each([
    ['true', true],
    ['True', true],
    ['1', true],
    ['false', false],
    ['False', false],
    ['0', false],
  ])('zBool reads %s as %s', (input, expected) => {
    expect(zBool.parse(input)).toBe(expected);
  });

  it.each(['yes', 'no', '2', '', 'TRUE '])('zBool refuses %j', (input) => {
    expect(zBool.safeParse(input).success).toBe(false);
  });

  it('zCsvOf splits, trims, drops empty items and validates each one', () => {
    const zStatuses = zCsvOf(z.enum(['pending', 'executed']));
    expect(zStatuses.parse('pending, executed ,')).toEqual(['pending', 'executed']);
    const failure = zStatuses.safeParse('pending,lost');
    expect(failure.success).toBe(false);
    expect(failure.error?.issues.map((i) => i.path)).toEqual([[1]]);
  });

  it.each(['2026-06-11', '2024-02-29', '2026-06-11T10:00:00+01:00', '2026-06-11T09:00:00Z'])(
    'zDateParam accepts %s',
    (input) => {
      expect(zDateParam.parse(input)).toBe(input);
    },
  );

  it.each(['2026-13-01', '2026-02-29', '2026-02-31', '11/06/2026', '2026-6-1', 'hier', '2026-06-11Tnope'])(
    'zDateParam refuses %s with a single issue',
    (input) => {
      const result = zDateParam.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues).toHaveLength(1);
    },
  );

  it('zSearch splits on any whitespace and refuses very long input', () => {
    expect(zSearch.parse('  siège\tcasa  nova ')).toEqual(['siège', 'casa', 'nova']);
    expect(zSearch.parse('   ')).toEqual([]);
    expect(zSearch.safeParse('x'.repeat(201)).success).toBe(false);
  });
});

describe('list-sql', () => {
  it('searchCondition needs every term in at least one column, with wildcards escaped', () => {
    expect(searchCondition(undefined, [things.name])).toBeUndefined();
    expect(searchCondition([], [things.name])).toBeUndefined();
    const query = render(sql`${searchCondition(['casa', '50%_'], [things.name, things.city])}`);
    expect(query.sql).toBe(
      '(("things"."name" ilike $1 or "things"."city" ilike $2) and ("things"."name" ilike $3 or "things"."city" ilike $4))',
    );
    expect(query.params).toEqual(['%casa%', '%casa%', '%50\\%\\_%', '%50\\%\\_%']);
  });

  it('orderingClause maps public names, in order, before the fallback', () => {
    const allowed = { name: things.name, created: things.createdAt };
    const fallback = [desc(things.id)];
    expect(orderingClause(undefined, allowed, fallback)).toBe(fallback);
    expect(orderingClause(' , ', allowed, fallback)).toBe(fallback);
    const clauses = orderingClause('-created, name', allowed, fallback);
    expect(render(sql.join(clauses, sql`, `)).sql).toBe(
      '"things"."created_at" desc, "things"."name" asc, "things"."id" desc',
    );
  });

  it('orderingClause refuses a field that is not allowed, as a field error on ordering', () => {
    const attempt = () => orderingClause('-password', { name: things.name }, []);
    expect(attempt).toThrow(AppError);
    try {
      attempt();
    } catch (error) {
      expect(error).toMatchObject({
        code: 'invalid_choice',
        attr: 'ordering',
        status: 400,
        type: 'validation_error',
      });
    }
  });

  it('orderingClause finds only names of the whitelist itself, not those every object inherits', () => {
    for (const name of ['__proto__', 'constructor', 'toString', '-hasOwnProperty', 'valueOf'])
      expect(() => orderingClause(name, { name: things.name }, []), name).toThrow(
        expect.objectContaining({ code: 'invalid_choice', attr: 'ordering' }),
      );
  });

  it('dateRangeCondition makes both days inclusive in Casablanca time', () => {
    expect(dateRangeCondition(things.createdAt)).toBeUndefined();
    const june = render(sql`${dateRangeCondition(things.createdAt, '2026-06-11', '2026-06-11')}`);
    expect(june.sql).toBe('("things"."created_at" >= $1 and "things"."created_at" < $2)');
    // Casablanca is UTC+1 in June: the 11th runs from 23:00 UTC on the 10th to 23:00 UTC on the 11th.
    expect(june.params.map(instant)).toEqual(['2026-06-10T23:00:00.000Z', '2026-06-11T23:00:00.000Z']);
  });

  it('dateRangeCondition takes a full datetime as an exact bound', () => {
    const exact = render(sql`${dateRangeCondition(things.createdAt, undefined, '2026-06-11T12:00:00Z')}`);
    expect(exact.sql).toBe('"things"."created_at" <= $1');
    expect(instant(exact.params[0])).toBe('2026-06-11T12:00:00.000Z');
  });
});

describe('path ids', () => {
  it('reads a positive integer id', () => {
    expect(objectIdOrNotFound('42')).toBe(42);
  });

  it.each(['0', 'abc', '-1', '1.5', '2147483648', '99999999999', ''])('answers not_found for %j', (raw) => {
    expect(() => objectIdOrNotFound(raw)).toThrow(
      expect.objectContaining({ code: 'not_found', status: 404 }),
    );
  });
});
