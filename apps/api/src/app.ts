import { existsSync } from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { CASABLANCA_OFFSET_HEADER } from '@tasbiq/contracts/constants';
import Fastify, { type FastifyReply } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AppConfig, type Config, sessionCacheEnabled } from './config.ts';
import type { App, AppContext } from './context.ts';
import type { Database } from './db/client.ts';
import { installAccessControl } from './lib/auth/access-control.ts';
import { resolveJwtSecret } from './lib/auth/jwt-secret.ts';
import { createSessionCache } from './lib/auth/session-cache.ts';
import { createSessionInvalidation } from './lib/auth/session-invalidation.ts';
import { createTokenService } from './lib/auth/tokens.ts';
import { errorBody, installErrorHandling } from './lib/error-handler.ts';
import { createJobQueue } from './lib/jobs/create-job-queue.ts';
import { shutdownOcr } from './lib/ocr/recognize.ts';
import { rateLimitStorage } from './lib/rate-limit-store.ts';
import {
  API_SECURITY_HEADERS,
  installSecurityHeaders,
  isApiAnswer,
  isApiPath,
} from './lib/security-headers.ts';
import { createDatabaseStorage, createLocalStorage } from './lib/storage.ts';
import { casablancaOffsetHeader } from './lib/time.ts';
import { zodValidatorCompiler } from './lib/validation.ts';
import { API_MODULES, DEV_MODULES } from './modules/registry.ts';
import { createSandboxBankTransfer } from './providers/bank-transfer/sandbox-bank-transfer.ts';
import { createSandboxBillPayment } from './providers/bill-payment/sandbox-bill-payment.ts';
import { createSandboxCardIssuer } from './providers/card-issuer/sandbox-card-issuer.ts';
import { createSandboxMoneyTransfer } from './providers/money-transfer/sandbox-money-transfer.ts';
import { createSandboxEmail, createSandboxSms } from './providers/sandbox-outbox.ts';
import { createSandboxTelecom } from './providers/telecom/sandbox-telecom.ts';

export type BuildAppOptions = { config: Config; database: Database; logger?: boolean };

/** Builds the whole server without listening: server.ts listens, tests call `inject()`. */
export async function buildApp({
  config: given,
  database,
  logger,
}: BuildAppOptions): Promise<{ app: App; ctx: AppContext }> {
  const jwtSecret = resolveJwtSecret(given);
  const config: AppConfig = { ...given, JWT_SECRET: jwtSecret.secret };
  const app = Fastify({
    logger: logger === false || config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: (_address: string, hop: number) => hop < config.TRUST_PROXY_HOPS,
    bodyLimit: 12 * 1024 * 1024,
    // A path that is not valid UTF-8 once decoded (`/groups/%ED%A0%80`) is refused by the router
    // before any route runs: answer it in the wire format too, as a 404 like any unknown path.
    frameworkErrors: (error, request, reply) => {
      const status = error.code === 'FST_ERR_BAD_URL' ? 404 : (error.statusCode ?? 400);
      const code = status === 404 ? 'not_found' : 'invalid';
      // The generic reply type cannot know this router-level answer's shape.
      const plain = reply as unknown as FastifyReply;
      // No onRequest hook runs for it, so it gets the API's security headers here.
      if (isApiAnswer(request.url)) plain.headers(API_SECURITY_HEADERS);
      void plain.status(status).header('Cache-Control', 'no-store').send(errorBody('client_error', code));
    },
  }).withTypeProvider<ZodTypeProvider>();

  if (jwtSecret.created) app.log.info({ file: jwtSecret.file }, 'JWT secret generated');
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    tokens: createTokenService(config.JWT_SECRET, { db: database.db }),
    storage:
      config.STORAGE_DRIVER === 'database'
        ? createDatabaseStorage(database.db)
        : createLocalStorage(config.STORAGE_DIR),
    sms: createSandboxSms(database.db, config.NODE_ENV === 'test' ? 0 : 150),
    email: createSandboxEmail(database.db, config.NODE_ENV === 'test' ? 0 : 150),
    telecom: createSandboxTelecom(
      database.db,
      config.NODE_ENV === 'test' ? 0 : config.TELECOM_SANDBOX_LATENCY_MS,
    ),
    moneyTransfer: createSandboxMoneyTransfer(
      database.db,
      config.NODE_ENV === 'test' ? 0 : config.MONEY_TRANSFER_SANDBOX_LATENCY_MS,
    ),
    billPayment: createSandboxBillPayment(
      database.db,
      config.NODE_ENV === 'test' ? 0 : config.BILL_PAYMENT_SANDBOX_LATENCY_MS,
    ),
    payouts: {
      bank: createSandboxBankTransfer(
        database.db,
        config.BANK_TRANSFER_SANDBOX_LATENCY_MS ?? (config.NODE_ENV === 'test' ? 0 : 800),
      ),
      card: createSandboxCardIssuer(database.db, {
        latencyMs: config.CARD_ISSUER_SANDBOX_LATENCY_MS ?? (config.NODE_ENV === 'test' ? 0 : 300),
        assignDelaySeconds: config.CARD_ISSUER_SANDBOX_ASSIGN_SECONDS,
        deliverDelaySeconds: config.CARD_ISSUER_SANDBOX_DELIVER_SECONDS,
        failure: config.CARD_ISSUER_SANDBOX_FAILURE,
      }),
    },
    // pg-boss on PostgreSQL, in-process on PGlite and in tests (JOBS_DRIVER, create-job-queue.ts).
    jobs: createJobQueue(config, app.log),
    // Sessions cached in process, invalidated by PostgreSQL NOTIFY (decision 028): PostgreSQL only.
    sessions:
      database.driver === 'pg' && sessionCacheEnabled(config)
        ? { cache: createSessionCache(), synced: async () => {} }
        : null,
  };
  // The sandbox card issuer moves its cards along with jobs of its own (a real issuer has its own).
  await ctx.payouts.card.sandbox?.attach(ctx.jobs);
  // Modules register their workers while the app is built; jobs start once every route exists.
  app.addHook('onReady', () => ctx.jobs.start());

  installErrorHandling(app);
  // ASVS 8.2.1: no API answer is kept by the browser or a proxy (tokens, personal data, exports),
  // errors and 404s included. The web app's files, outside /api, keep their own caching.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiPath(request.url)) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
  installSecurityHeaders(app);
  // Per-IP limits count in Redis or PostgreSQL, shared by every API process (issue 9 §5).
  const rateLimits = rateLimitStorage(config, database, app.log);
  app.addHook('onClose', () => rateLimits.close());
  await app.register(rateLimit, { global: false, ...rateLimits.options });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 10 } });
  await app.register(swagger, {
    openapi: { info: { title: 'Tasbiq API', version: '1.0.0' }, servers: [{ url: '/' }] },
    transform: jsonSchemaTransform,
  });
  await app.register(async (docs) => {
    // The docs describe the API to whoever builds a client; without this they would fall under
    // the default 'private' access and answer 401 to a browser.
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
    });
    await docs.register(swaggerUi, { routePrefix: '/api/docs' });
  });
  if (ctx.sessions && config.DATABASE_URL) {
    const invalidation = createSessionInvalidation({
      connectionString: config.DATABASE_URL,
      cache: ctx.sessions.cache,
      log: app.log,
      syncTimeoutMs: config.SESSION_SYNC_TIMEOUT_MS,
    });
    ctx.sessions.synced = () => invalidation.synced();
    // A write that ended or changed sessions (logout, a deactivation, a role…) answers only once
    // every API process has applied its notifications, so the caller's next call is refused
    // wherever the load balancer sends it (decision 028).
    app.addHook('onSend', async (request) => {
      const method = request.method;
      if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return;
      if (request.routeOptions.config?.readOnly) return;
      await invalidation.synced();
    });
    app.addHook('onReady', () => invalidation.start());
    app.addHook('onClose', () => invalidation.stop());
  }
  installAccessControl(app, {
    db: database.db,
    tokens: ctx.tokens,
    sessionCache: ctx.sessions?.cache ?? null,
  });

  await app.register(
    async (api) => {
      api.addHook('onRequest', (_request, reply, done) => {
        reply.header(CASABLANCA_OFFSET_HEADER, casablancaOffsetHeader());
        done();
      });
      for (const module of API_MODULES) await module(api as App, ctx);
      if (config.NODE_ENV !== 'production') for (const module of DEV_MODULES) await module(api as App, ctx);
    },
    { prefix: '/api' },
  );

  const webDist = config.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../../web/dist');
  if (existsSync(path.join(webDist, 'index.html'))) {
    // preCompressed: the build wrote .br and .gz beside each file (apps/web/vite.config.ts).
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, preCompressed: true });
    app.addHook('onRequest', async (request, reply) => {
      // Client-side routes (/, /rh/…, /login) all answer the SPA shell, to GET and HEAD alike; /api
      // and files do not: a missing file (/favicon.ico, /robots.txt) is a 404, never the HTML page.
      const url = request.url.split('?')[0] ?? '/';
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      if (!isRead || url.startsWith('/api') || request.routeOptions.url) return;
      if (path.extname(url)) return;
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    });
  }
  // Added last because Fastify runs onClose hooks last in, first out: the job queue stops first,
  // letting each running step finish and save, and only then do the modules close what the steps
  // use (a payroll PDF being read, the OCR threads). Torn down under a running step, pdf.js never
  // answered and the close hung; the OCR shut down mid-page made a scanned slip look unreadable.
  app.addHook('onClose', async () => {
    await ctx.jobs.stop();
    // The OCR workers are threads: left running they would keep the process (or a test file) alive.
    await shutdownOcr();
  });
  return { app, ctx };
}
