import { createGroup } from '../src/modules/groups/service.ts';
import { bearerFor } from './auth-helpers.ts';
import { createTestCompany, createTestEmployee } from './factories.ts';
import type { TestApp } from './test-app.ts';

/** Shared by the employees*.test.ts files. */
/** A company and its RH (named Rhita Zz Caller, so that she sorts last), with her bearer header. */
export async function hrCompany(
  t: TestApp,
  overrides: Parameters<typeof createTestCompany>[1] = {},
  rhOverrides: Parameters<typeof createTestEmployee>[2] = {},
) {
  const company = await createTestCompany(t.db, overrides);
  const rh = await createTestEmployee(t.db, company.id, {
    roles: ['RH'],
    password: null,
    firstName: 'Rhita',
    lastName: 'Zz Caller',
    ...rhOverrides,
  });
  return { company, rh, headers: await bearerFor(t, rh.user.id) };
}

/** An employee without a password (argon2 is slow on purpose; most tests do not log in). */
export function addEmployee(
  t: TestApp,
  companyId: number,
  overrides: Parameters<typeof createTestEmployee>[2] = {},
) {
  return createTestEmployee(t.db, companyId, { password: null, ...overrides });
}

export function addGroup(t: TestApp, companyId: number, name: string) {
  return createGroup(t.db, companyId, { name });
}

export async function call(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) {
  return t.app.inject({ method, url, headers, payload });
}

let cinSequence = 100_000;
/** A CIN nobody else in the test run has. */
export function uniqueCin(): string {
  cinSequence += 1;
  return `ZX${cinSequence}`;
}

/** The token of the first link in a message (`…/activate?token=…` or `…/reset?token=…`). */
export function linkTokenIn(body: string): string {
  const token = /[?&]token=([\w-]+)/.exec(body)?.[1];
  if (!token) throw new Error(`no link in: ${body}`);
  return token;
}
