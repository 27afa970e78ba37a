import { z } from 'zod';
import type { AppModule } from '../src/context.ts';
import { AppError } from '../src/lib/errors.ts';

/**
 * Test-only routes that exercise the wire contract itself (validation codes, throttling, a
 * crash, the feature gate) without depending on any feature module. Mounted by
 * createTestApp({}, { extraRoutes: wireProbeRoutes }).
 */
export const PROBE_SECRET = 'pg://admin:hunter2@db.internal:5432';

const ZProbeBody = z.object({
  name: z.string().min(1).max(5),
  age: z.number().int().min(18).max(99),
  kind: z.enum(['advance', 'recharge']),
  items: z.array(z.object({ amount: z.number().min(0) })).optional(),
});

const ZPasswordsBody = z
  .object({ password: z.string(), confirm: z.string() })
  .refine((b) => b.password === b.confirm, { message: 'PASSWORD_MISMATCH' });

export const wireProbeRoutes: AppModule = async (app) => {
  app.post(
    '/api/__test/echo',
    { config: { access: 'public' }, schema: { body: ZProbeBody } },
    async (request) => ({ received: request.body }),
  );
  app.post(
    '/api/__test/passwords',
    { config: { access: 'public' }, schema: { body: ZPasswordsBody } },
    async () => ({ ok: true }),
  );
  app.get(
    '/api/__test/query',
    {
      config: { access: 'public' },
      schema: { querystring: z.object({ size: z.coerce.number().int().min(1) }) },
    },
    async (request) => ({ size: request.query.size }),
  );
  app.get('/api/__test/boom', { config: { access: 'public' } }, async () => {
    throw new Error(`connection refused: ${PROBE_SECRET}`);
  });
  app.get('/api/__test/business', { config: { access: 'public' } }, async () => {
    throw new AppError('BALANCE_INSUFFICIENT');
  });
  app.get(
    '/api/__test/throttled',
    { config: { access: 'public', rateLimit: { max: 2, timeWindow: 60_000 } } },
    async () => ({ ok: true }),
  );
  app.get('/api/__test/private', {}, async () => ({ ok: true }));
  app.get('/api/__test/advances', { config: { feature: 'advances' } }, async () => ({ ok: true }));
  app.get('/api/__test/drh-only', { config: { roles: ['DRH'] } }, async () => ({ ok: true }));
};
