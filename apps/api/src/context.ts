import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { TokenService } from './lib/auth/tokens.ts';
import type { JobQueue } from './lib/jobs/job-queue.ts';
import type { FileStorage } from './lib/storage.ts';
import type { EmailProvider } from './providers/email/email-provider.ts';
import type { SandboxControl } from './providers/sandbox-outbox.ts';
import type { SmsProvider } from './providers/sms/sms-provider.ts';
import type { TelecomSandboxControl } from './providers/telecom/sandbox-telecom.ts';
import type { TelecomProvider } from './providers/telecom/telecom-provider.ts';

/** Everything a feature module needs, built once in app.ts and handed to each module. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  tokens: TokenService;
  storage: FileStorage;
  sms: SmsProvider & { sandbox?: SandboxControl };
  email: EmailProvider & { sandbox?: SandboxControl };
  /** Phone top-ups (Maroc Telecom, Orange, inwi), idempotent by our reference. */
  telecom: TelecomProvider & { sandbox?: TelecomSandboxControl };
  /** Background jobs (payouts, top-ups); started when the app is ready, stopped on close. */
  jobs: JobQueue;
};

/** The Fastify instance with zod schemas as the type provider: typed `request.body` from contracts. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export type AppModule = (app: App, ctx: AppContext) => Promise<void>;
