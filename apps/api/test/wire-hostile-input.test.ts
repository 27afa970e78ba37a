import { VALIDATION_DETAILS_FR } from '@tasbiq/contracts/error-codes';
import { ZErrorBody } from '@tasbiq/contracts/wire';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppModule } from '../src/context.ts';
import { createTenant, TEST_RIB } from './advances-helpers.ts';
import { bearerFor } from './auth-helpers.ts';
import { createTestEmployee, TEST_PASSWORD } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Issue 8 §4, "bad input never gives a 500": every route of the OpenAPI document, called as an
 * HR user and as an employee, with hostile values in each path parameter, each query parameter
 * and each field of its JSON body (one at a time, the rest plausible so the hostile value gets as
 * far as it can): a NUL byte (PostgreSQL refuses it in text), a lone surrogate, integers past
 * PostgreSQL's `integer`, and names inherited by every JavaScript object (`__proto__`,
 * `constructor`, `toString`) where a whitelist is looked up. No answer may be a 5xx, every 4xx is
 * in the wire format, and none may come from the error handler's safety net (PostgreSQL refusing
 * the value): the boundary refuses it first. Multipart fields, file names and CSV uploads too.
 */
let t: TestApp;
type Role = 'hr' | 'employee';
let auth: Record<Role, Record<string, string>>;
/** Real object ids by the path prefix of their detail route, so bodies reach the services. */
let realIds: Array<[prefix: string, id: number]>;
/** Plausible values by field name, for fields whose format the OpenAPI schema does not say. */
let examples: Record<string, unknown>;

/** A route with no validation at all, to see the error handler's last safety net on its own. */
const DATABASE_REFUSALS: Record<string, () => ReturnType<typeof sql>> = {
  nul: () => sql`select ${'a\u0000b'}::text`,
  integer: () => sql`select ${'99999999999'}::integer`,
  bigint: () => sql`select 1 offset ${'100000000000000000000'}`,
  syntax: () => sql`select ${'abc'}::integer`,
};
const unvalidatedRoute: AppModule = async (app, { db }) => {
  app.get<{ Params: { kind: string } }>(
    '/api/__test/database-refuses/:kind',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request) => {
      const { kind } = request.params;
      if (!Object.hasOwn(DATABASE_REFUSALS, kind)) return { ok: false };
      await db.execute(DATABASE_REFUSALS[kind]!());
      return { ok: true };
    },
  );
};

beforeAll(async () => {
  t = await createTestApp(
    {
      // The walk calls the login and OTP routes far more than 30 times a minute.
      AUTH_RATE_LIMIT_PER_MINUTE: 1_000_000,
      // RIB advances stay pending, so the cancel route has an advance to cancel.
      PAYOUT_RIB_DELAY_SECONDS: 3600,
    },
    { extraRoutes: unvalidatedRoute },
  );
  const tenant = await createTenant(t);
  const hr = await createTestEmployee(t.db, tenant.company.id, { roles: ['RH', 'DRH'], lastName: 'Rh' });
  const employee = await tenant.employee();
  auth = { hr: await bearerFor(t, hr.user.id), employee: employee.auth };

  const created = async (url: string, headers: Record<string, string>, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers, payload });
    expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
    return res.json() as { id: number };
  };
  const group = await created('/api/groups', auth.hr, { name: 'Équipe hostile' });
  const advance = await created('/api/advances', auth.employee, { amount: '100', payout_method: 'rib' });
  const changeRequest = await created(`/api/employees/${employee.employee.id}/change_request`, auth.hr, {
    field: 'first_name',
    new_value: 'Karim',
    description: 'Justificatif',
  });
  const walletExport = await created('/api/company/wallet/export', auth.hr, {});
  await created('/api/company/identities/bulk', auth.hr, {
    identities: [{ serial: 'HOST-1', birthday: '1990-01-01' }],
  });
  const identities = await t.app.inject({ method: 'GET', url: '/api/company/identities', headers: auth.hr });
  realIds = [
    ['/api/groups/', group.id],
    ['/api/advances/', advance.id],
    ['/api/employees/', employee.employee.id],
    ['/api/change_requests/', changeRequest.id],
    ['/api/company/wallet/export/', walletExport.id],
    ['/api/company/identities/', (identities.json() as { results: Array<{ id: number }> }).results[0]!.id],
  ];
  examples = {
    username: employee.user.email,
    email: 'hostile.input@test.ma',
    phone: '+212612345678',
    password: 'not-the-password',
    old_password: 'not-the-password',
    new_password: TEST_PASSWORD,
    confirm_password: TEST_PASSWORD,
    otp: '123456',
    birthday: '1990-01-01',
    cin: 'HX123456',
    rib: TEST_RIB,
    amount: '100',
    salary: '5000',
    reason: 'Plus besoin',
    comment: 'Commentaire',
    serial: 'HOST-2',
    text: 'a@test.ma, 0612345678',
    product: 'iam-100',
    group: group.id,
    // Nothing that would lock the walkers out halfway.
    is_active: true,
    is_restricted: false,
    send_sms: false,
    send_email: false,
  };
}, 120_000);
afterAll(() => t?.close());

const TEXT_ATTACKS = ['x\u0000y', 'x\ud800y', '\udc00'];
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
const NAME_ATTACKS = ['__proto__', 'constructor', 'toString'];
const INTEGER_ATTACKS = [99_999_999_999, 2_147_483_648, 1e20];
/** Raw (already percent-encoded) query and path values. */
const URL_ATTACKS = [
  'a%00b',
  '%ED%A0%80', // a lone surrogate in CESU-8: not UTF-8, so it stays as text
  '99999999999999999999',
  '99999999999',
  '2147483648',
  '2147483647', // the largest id: accepted, and must not overflow anything further on
  '-1',
  '__proto__',
  '-constructor',
  'toString',
];

type JsonSchema = {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: boolean;
  pattern?: string;
};
type Operation = {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  body?: JsonSchema;
};

/** JSON bodies the OpenAPI document does not describe (the routes also take multipart). */
const UNDESCRIBED_BODIES: Record<string, JsonSchema> = {
  'POST /api/groups': {
    type: 'object',
    properties: { name: { type: 'string' }, employees: { type: 'array', items: { type: 'integer' } } },
  },
  'POST /api/employees/{id}/change_request': {
    type: 'object',
    properties: {
      field: { type: 'string', enum: ['first_name'] },
      new_value: { type: 'string' },
      description: { type: 'string' },
    },
  },
};

async function operations(): Promise<Operation[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  const doc = res.json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Array<{ name: string; in: string }>;
          requestBody?: { content: Record<string, { schema: JsonSchema }> };
        }
      >
    >;
  };
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      const key = `${method.toUpperCase()} ${path}`;
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        body: op.requestBody?.content['application/json']?.schema ?? UNDESCRIBED_BODIES[key],
      });
    }
  }
  return ops;
}

/** A plausible value for a schema: the example of its name, else the first enum value, else minimal. */
function plausible(schema: JsonSchema, name: string): unknown {
  if (Object.hasOwn(examples, name)) return examples[name];
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  if (schema.anyOf) {
    const branch = schema.anyOf.find((b) => !b.enum) ?? schema.anyOf[0]!;
    return plausible(branch, name);
  }
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, sub]) => [key, plausible(sub, key)]),
      );
    case 'array':
      return [plausible(schema.items ?? {}, name)];
    case 'integer':
    case 'number':
      return schema.minimum === undefined ? 1 : schema.minimum + (schema.exclusiveMinimum ? 1 : 0);
    case 'boolean':
      return true;
    default:
      return schema.pattern === '^\\d{6}$' ? '123456' : 'abc'.padEnd(schema.minLength ?? 3, 'c');
  }
}

/** Paths of the string and number leaves of a value (`items.0.amount`). */
function leaves(value: unknown, path: string[] = []): Array<{ path: string[]; kind: 'text' | 'number' }> {
  if (typeof value === 'string') return [{ path, kind: 'text' }];
  if (typeof value === 'number') return [{ path, kind: 'number' }];
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, [...path, String(i)]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => leaves(item, [...path, key]));
  return [];
}

function withLeaf(value: unknown, path: string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string, ...string[]];
  if (Array.isArray(value))
    return value.map((item, i) => (String(i) === head ? withLeaf(item, rest, replacement) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [head]: withLeaf(record[head], rest, replacement) };
}

function realPath(op: Operation, replaced?: { name: string; raw: string }): string {
  let url = op.path;
  for (const name of op.pathParams) {
    const prefix = op.path.slice(0, op.path.indexOf(`{${name}}`));
    const real = realIds.find(([p]) => p === prefix)?.[1] ?? 1;
    url = url.replace(`{${name}}`, replaced?.name === name ? replaced.raw : String(real));
  }
  return url;
}

type Answer = { statusCode: number; body: string; headers: Record<string, unknown>; json(): unknown };

/**
 * What is wrong with an answer to hostile input, if anything: a 5xx; a 4xx outside the wire
 * format; or a 400 from the error handler's safety net, which means PostgreSQL saw the value
 * (the boundary should have refused it first).
 */
function problemOf(res: Answer): string | null {
  if (res.statusCode >= 500) return `${res.statusCode}`;
  if (res.statusCode < 400 || !String(res.headers['content-type']).startsWith('application/json'))
    return null;
  const parsed = ZErrorBody.safeParse(res.json());
  if (!parsed.success) return `not the wire format: ${res.body}`;
  if (parsed.data.errors.some((e) => e.detail === VALIDATION_DETAILS_FR.databaseRefused))
    return 'refused by PostgreSQL, not at the boundary';
  return null;
}

async function walk(role: Role): Promise<{ failures: string[]; calls: number }> {
  const failures: string[] = [];
  let calls = 0;
  const send = async (what: string, method: string, url: string, payload?: unknown) => {
    calls += 1;
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      headers: auth[role],
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const problem = problemOf(res);
    if (problem) failures.push(`${role} ${method} ${url} ${what} → ${problem}`);
  };

  for (const op of await operations()) {
    // DELETE is walked with hostile ids only, so the real objects stay for the other routes.
    const base = op.body ? plausible(op.body, '') : undefined;
    for (const name of op.pathParams)
      for (const raw of URL_ATTACKS)
        await send(`path ${name}=${raw}`, op.method, realPath(op, { name, raw }), base);
    if (op.method === 'DELETE') continue;
    const url = realPath(op);
    for (const name of op.queryParams)
      for (const raw of URL_ATTACKS)
        await send(`query ${name}=${raw}`, op.method, `${url}?${name}=${raw}`, base);
    for (const leaf of leaves(base)) {
      const attacks = leaf.kind === 'text' ? [...TEXT_ATTACKS, ...NAME_ATTACKS] : INTEGER_ATTACKS;
      for (const attack of attacks)
        await send(
          `body ${leaf.path.join('.')}=${JSON.stringify(attack)}`,
          op.method,
          url,
          withLeaf(base, leaf.path, attack),
        );
    }
  }
  return { failures, calls };
}

/** A form posted by the HR user, as a browser sends it (the lone surrogates become U+FFFD there). */
async function postForm(url: string, form: FormData) {
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...auth.hr, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

describe('hostile input on every route of the OpenAPI document', () => {
  // The employee first: some HR calls (reset_password…) change the employee's account.
  for (const role of ['employee', 'hr'] as const) {
    it(`never answers 5xx to ${role === 'hr' ? 'an HR user' : 'an employee'}`, async () => {
      const { failures, calls } = await walk(role);
      expect(calls).toBeGreaterThan(500);
      console.log('CALLS', role, calls);
      expect(failures).toEqual([]);
      // The walk did not lock the caller out halfway (every later answer would be a 401).
      const settings = await t.app.inject({ method: 'GET', url: '/api/settings', headers: auth[role] });
      expect(settings.statusCode).toBe(200);
    }, 120_000);
  }

  it('never answers 5xx to a NUL byte in a multipart field or file name', async () => {
    const employeeId = realIds.find(([p]) => p === '/api/employees/')![1];
    const send = async (url: string, fields: Record<string, string>, fileName?: string) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.append(key, value);
      if (fileName) form.append('attachments', new Blob([PDF], { type: 'application/pdf' }), fileName);
      const res = await postForm(url, form);
      expect(problemOf(res), `${url} ${JSON.stringify(fields)} ${fileName}`).toBeNull();
    };
    const url = `/api/employees/${employeeId}/change_request`;
    // One field per file-name attack: a second pending request on a field is refused before the file is read.
    const changes = [
      { field: 'last_name', new_value: 'Bennani', description: 'Justificatif' },
      { field: 'serial', new_value: 'M-42', description: 'Justificatif' },
      { field: 'cin', new_value: 'ZX123456', description: 'Justificatif' },
    ];
    for (const [i, value] of TEXT_ATTACKS.entries()) {
      await send('/api/groups', { name: value });
      for (const key of Object.keys(changes[0]!)) await send(url, { ...changes[0]!, [key]: value });
      await send(url, changes[i]!, `piece${value}.pdf`);
    }
  });

  it('never answers 5xx to a NUL inside an uploaded CSV, past the sniffed start or in UTF-16', async () => {
    const header = 'matricule;nom;prenom;cin;telephone;salaire';
    const row = (serial: string, padding = '') =>
      `${serial};Alaoui${padding};Sa\u0000ra;HX65432${serial.at(-1)};066123456${serial.at(-1)};8000`;
    const files = [
      Buffer.from(`${header}\r\n${row('HX-1', ' '.repeat(9000))}\r\n`, 'utf8'),
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${header}\r\n${row('HX-2')}\r\n`, 'utf16le')]),
    ];
    for (const data of files) {
      const form = new FormData();
      form.append('send_sms', 'false');
      form.append('csvfile', new Blob([new Uint8Array(data)], { type: 'text/csv' }), 'salaries.csv');
      const res = await postForm('/api/employees/import', form);
      expect(problemOf(res)).toBeNull();
      expect(res.json(), res.body).toMatchObject({ errors: [{ code: 'INVALID_FILE', attr: 'csvfile' }] });
    }
  });
});

describe('the 400 answers in the wire format', () => {
  const call = (url: string, payload?: object, method: 'GET' | 'POST' | 'PUT' = payload ? 'POST' : 'GET') =>
    t.app.inject({ method, url, headers: auth.hr, ...(payload ? { payload } : {}) });
  const expect400 = async (res: Awaited<ReturnType<typeof call>>, code: string, attr: string) => {
    expect(res.statusCode, res.body).toBe(400);
    const body = ZErrorBody.parse(res.json());
    expect(body.type).toBe('validation_error');
    expect(body.errors).toEqual([{ code, attr, detail: expect.any(String) }]);
    // French, not zod's English or PostgreSQL's.
    expect(body.errors[0]!.detail).not.toMatch(/\binvalid\b|expected|byte sequence|out of range/i);
  };

  it('refuses a NUL byte and a lone surrogate in text with `invalid`', async () => {
    await expect400(await call('/api/groups', { name: 'x\u0000y' }), 'invalid', 'name');
    await expect400(await call('/api/groups', { name: 'x\ud800y' }), 'invalid', 'name');
    const group = realIds.find(([p]) => p === '/api/groups/')![1];
    await expect400(await call(`/api/groups/${group}`, { name: 'x\u0000y' }, 'PUT'), 'invalid', 'name');
    await expect400(await call('/api/employees?search=a%00'), 'invalid', 'search');
    await expect400(await call('/api/company/wallet/export', { search: 'a\u0000' }), 'invalid', 'search');
    await expect400(
      await call('/api/signup/request_otp', { signup_token: 'x\u0000', phone: '+212612345678' }),
      'invalid',
      'signup_token',
    );
  });

  it('refuses integers past PostgreSQL integer with `max_value`', async () => {
    await expect400(await call('/api/groups?offset=99999999999999999999'), 'max_value', 'offset');
    await expect400(
      await call('/api/company/wallet/transactions?page=99999999999999999999'),
      'max_value',
      'page',
    );
    await expect400(await call('/api/employees?group=99999999999'), 'max_value', 'group');
    await expect400(await call('/api/change_requests?employee=99999999999'), 'max_value', 'employee');
    await expect400(await call('/api/groups?id_in=1,99999999999'), 'max_value', 'id_in.1');
    await expect400(await call('/api/terms', { terms: 99_999_999_999 }), 'max_value', 'terms');
  });

  it('answers 400, not 500, when PostgreSQL refuses a value that got past the boundary', async () => {
    for (const kind of Object.keys(DATABASE_REFUSALS))
      await expect400(await call(`/api/__test/database-refuses/${kind}`), 'invalid', 'non_field_errors');
  });

  it('refuses an ordering outside the whitelist, inherited names included, with `invalid_choice`', async () => {
    for (const name of NAME_ATTACKS) {
      await expect400(await call(`/api/groups?ordering=${name}`), 'invalid_choice', 'ordering');
      await expect400(await call(`/api/employees?ordering=-${name}`), 'invalid_choice', 'ordering');
    }
  });
});
