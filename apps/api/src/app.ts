import { existsSync } from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { App, AppContext } from './context.ts';
import type { Database } from './db/client.ts';
import { installAccessControl } from './lib/auth/access-control.ts';
import { createTokenService } from './lib/auth/tokens.ts';
import { installErrorHandling } from './lib/error-handler.ts';
import { createJobQueue } from './lib/jobs/create-job-queue.ts';
import { createLocalStorage } from './lib/storage.ts';
import { zodValidatorCompiler } from './lib/validation.ts';
import { API_MODULES, DEV_MODULES } from './modules/registry.ts';
import { createSandboxBankTransfer } from './providers/bank-transfer/sandbox-bank-transfer.ts';
import { createSandboxCardIssuer } from './providers/card-issuer/sandbox-card-issuer.ts';
import { createSandboxEmail, createSandboxSms } from './providers/sandbox-outbox.ts';
import { createSandboxTelecom } from './providers/telecom/sandbox-telecom.ts';

export type BuildAppOptions = { config: Config; database: Database; logger?: boolean };

/** Builds the whole server without listening: server.ts listens, tests call `inject()`. */
export async function buildApp({
  config,
  database,
  logger,
}: BuildAppOptions): Promise<{ app: App; ctx: AppContext }> {
  const app = Fastify({
    logger: logger === false || config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: (_address: string, hop: number) => hop < config.TRUST_PROXY_HOPS,
    bodyLimit: 12 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    tokens: createTokenService(config.JWT_SECRET),
    storage: createLocalStorage(config.STORAGE_DIR),
    sms: createSandboxSms(database.db, config.NODE_ENV === 'test' ? 0 : 150),
    email: createSandboxEmail(database.db, config.NODE_ENV === 'test' ? 0 : 150),
    telecom: createSandboxTelecom(
      database.db,
      config.NODE_ENV === 'test' ? 0 : config.TELECOM_SANDBOX_LATENCY_MS,
    ),
    payouts: {
      bank: createSandboxBankTransfer(
        database.db,
        config.BANK_TRANSFER_SANDBOX_LATENCY_MS ?? (config.NODE_ENV === 'test' ? 0 : 800),
      ),
      card: createSandboxCardIssuer(
        database.db,
        config.CARD_ISSUER_SANDBOX_LATENCY_MS ?? (config.NODE_ENV === 'test' ? 0 : 300),
      ),
    },
    // pg-boss on PostgreSQL, in-process on PGlite and in tests (JOBS_DRIVER, create-job-queue.ts).
    jobs: createJobQueue(config, app.log),
  };
  // Modules register their workers while the app is built; jobs start once every route exists.
  app.addHook('onReady', () => ctx.jobs.start());
  app.addHook('onClose', () => ctx.jobs.stop());

  installErrorHandling(app);
  await app.register(helmet, {
    // The SPA loads only from our own origin; lottie renders SVG inline.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
      },
    },
  });
  await app.register(rateLimit, { global: false });
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
  installAccessControl(app, { db: database.db, tokens: ctx.tokens });

  await app.register(
    async (api) => {
      for (const module of API_MODULES) await module(api as App, ctx);
      if (config.NODE_ENV !== 'production') for (const module of DEV_MODULES) await module(api as App, ctx);
    },
    { prefix: '/api' },
  );

  const webDist = config.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../../web/dist');
  if (existsSync(path.join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
    app.addHook('onRequest', async (request, reply) => {
      // Client-side routes (/, /rh/…, /login) all answer the SPA shell; /api and files do not.
      const url = request.url.split('?')[0] ?? '/';
      if (request.method !== 'GET' || url.startsWith('/api') || request.routeOptions.url) return;
      if (path.extname(url) && existsSync(path.join(webDist, url))) return;
      if (path.extname(url) && url.startsWith('/assets/')) return;
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    });
  }
  return { app, ctx };
}
