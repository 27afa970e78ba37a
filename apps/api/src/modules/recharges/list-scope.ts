/**
 * Who sees which rows in the money lists (GET /recharges/, GET /transactions/), with the same
 * conventions as GET /advances/: HR (RH or DRH) sees the company's rows and may narrow them with
 * `employee=<id>` or `employee=me` (the "mode Employé" screens); anyone else only ever sees their
 * own rows, and asking for another employee answers an empty page. The company always comes from
 * the token.
 */
import { isHr } from '@tasbiq/contracts/roles';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { companyIdOf, requireSession } from '../../lib/auth/access-control.ts';
import { permissionDenied } from '../../lib/errors.ts';
import { casablancaMonth } from '../../lib/time.ts';
import type { Period } from './queries.ts';

const zInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, { message: 'invalid' })
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .optional();

/** `month` (1–12) and `year`: the history screen's period (Casablanca calendar). */
export const zMonth = zInt(1, 12);
export const zYear = zInt(2000, 2100);

/** An employee id, or `me` for the caller's own rows. */
export const zEmployeeParam = z
  .union([
    z.literal('me'),
    z
      .string()
      .regex(/^\d{1,9}$/, { message: 'invalid' })
      .transform(Number),
  ])
  .optional();

/** `month` alone means this Casablanca year's month; `year` alone the whole year. */
export function periodOf(
  query: { month?: number; year?: number },
  now: Date = new Date(),
): Period | undefined {
  if (query.month === undefined && query.year === undefined) return undefined;
  return { year: query.year ?? casablancaMonth(now).year, month: query.month };
}

export type ListScope = {
  companyId: number;
  /** Only this employee's rows (set for non-HR callers, and for HR asking for one employee). */
  employeeId?: number;
  /** The caller asked for rows they may not see: answer an empty page. */
  empty: boolean;
};

export function listScopeOf(request: FastifyRequest, asked: number | 'me' | undefined): ListScope {
  const session = requireSession(request);
  const companyId = companyIdOf(request);
  const ownId = session.employee?.id;
  if (asked === 'me' && ownId === undefined) throw permissionDenied();
  const wanted = asked === 'me' ? ownId : asked;
  if (isHr(session.user.roles)) return { companyId, employeeId: wanted, empty: false };
  if (ownId === undefined) throw permissionDenied();
  return { companyId, employeeId: ownId, empty: wanted !== undefined && wanted !== ownId };
}

/** The scope of a detail route: HR any row of the company, anyone else only their own. */
export function detailScopeOf(request: FastifyRequest): { companyId: number; employeeId?: number } {
  const session = requireSession(request);
  const companyId = companyIdOf(request);
  if (isHr(session.user.roles)) return { companyId };
  if (!session.employee) throw permissionDenied();
  return { companyId, employeeId: session.employee.id };
}
