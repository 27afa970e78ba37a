import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { SessionCache } from './lib/auth/session-cache.ts';
import type { TokenService } from './lib/auth/tokens.ts';
import type { JobQueue } from './lib/jobs/job-queue.ts';
import type { FileStorage } from './lib/storage.ts';
import type { BankTransferProvider } from './providers/bank-transfer/bank-transfer-provider.ts';
import type { BillPaymentProvider } from './providers/bill-payment/bill-payment-provider.ts';
import type { BillPaymentSandboxControl } from './providers/bill-payment/sandbox-bill-payment.ts';
import type { CardIssuerProvider } from './providers/card-issuer/card-issuer-provider.ts';
import type { CardIssuerSandboxControl } from './providers/card-issuer/sandbox-card-issuer.ts';
import type { EmailProvider } from './providers/email/email-provider.ts';
import type { MoneyTransferProvider } from './providers/money-transfer/money-transfer-provider.ts';
import type { MoneyTransferSandboxControl } from './providers/money-transfer/sandbox-money-transfer.ts';
import type { SandboxControl } from './providers/sandbox-outbox.ts';
import type { PayoutSandboxControl } from './providers/sandbox-payout-operations.ts';
import type { SmsProvider } from './providers/sms/sms-provider.ts';
import type { TelecomSandboxControl } from './providers/telecom/sandbox-telecom.ts';
import type { TelecomProvider } from './providers/telecom/telecom-provider.ts';

/** Everything a feature module needs, built once in app.ts and handed to each module. */
export type AppContext = {
  config: AppConfig;
  database: Database;
  db: Db;
  tokens: TokenService;
  storage: FileStorage;
  sms: SmsProvider & { sandbox?: SandboxControl };
  email: EmailProvider & { sandbox?: SandboxControl };
  /** Phone top-ups (Maroc Telecom, Orange, inwi), idempotent by our reference. */
  telecom: TelecomProvider & { sandbox?: TelecomSandboxControl };
  /** Transfers for cash pick-up (issue 16), idempotent by our reference; calls back on collection. */
  moneyTransfer: MoneyTransferProvider & { sandbox?: MoneyTransferSandboxControl };
  /** Bills (electricity, water, internet, landline): lookup and payment, idempotent by our reference. */
  billPayment: BillPaymentProvider & { sandbox?: BillPaymentSandboxControl };
  /** Advance payouts: bank transfer to the RIB, load onto the prepaid card; idempotent by our reference. */
  payouts: {
    bank: BankTransferProvider & { sandbox?: PayoutSandboxControl };
    card: CardIssuerProvider & { sandbox?: CardIssuerSandboxControl };
  };
  /** Background jobs (payouts, top-ups); started when the app is ready, stopped on close. */
  jobs: JobQueue;
  /**
   * The in-process session cache and its invalidation channel (decision 028); null when sessions
   * are read on every call (PGlite, tests, SESSION_CACHE=off).
   */
  sessions: { cache: SessionCache; synced(): Promise<void> } | null;
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
