import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MALFORMED_FORM_DETAIL } from '../src/lib/multipart-form.ts';
import { createTenant, type Tenant } from './advances-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Upload routes given a broken multipart body (no boundary, a body cut short) answered 500: busboy's
 * refusals reached the error handler as unknown errors. They are the client's fault: 400, in French.
 */
let t: TestApp;
let a: Tenant;
beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t);
});
afterAll(() => t.close());

const BROKEN: Array<[string, string]> = [
  ['multipart/form-data', 'garbage'],
  [
    'multipart/form-data; boundary=zz',
    '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4',
  ],
];

describe('a broken multipart body', () => {
  it.each(['/api/fiches/jobs/', '/api/bonuses/parse/', '/api/card/order/', '/api/onboarding/'])(
    '%s answers 400 with a French reason, never 500',
    async (url) => {
      const employee = await a.employee();
      for (const auth of [a.rh.auth, employee.auth])
        for (const [type, payload] of BROKEN) {
          const res = await t.app.inject({
            method: 'POST',
            url,
            headers: { ...auth, 'content-type': type },
            payload,
          });
          expect(res.statusCode, `${type}: ${res.body}`).toBeLessThan(500);
          if (res.statusCode === 400 && res.json().type === 'validation_error')
            expect(res.json().errors).toEqual([
              { code: 'invalid', detail: MALFORMED_FORM_DETAIL, attr: 'non_field_errors' },
            ]);
        }
    },
  );
});
