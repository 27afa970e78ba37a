import { z } from 'zod';

/**
 * Every knob comes from the environment, parsed once at start. Defaults are safe for a
 * developer's machine; production refuses to start without a real secret.
 */
const ZConfig = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** PostgreSQL when set; otherwise the embedded PGlite in PGLITE_DIR ("memory://" in tests). */
    DATABASE_URL: z.string().url().optional(),
    /**
     * Connections each API process keeps to PostgreSQL for requests (pg-boss and the session
     * listener open their own): size N processes × this against the server's `max_connections`.
     */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
    PGLITE_DIR: z.string().default('./data/db'),
    /**
     * Where uploaded and generated files live: `disk` (STORAGE_DIR; several API processes must
     * mount the same directory) or `database` (the stored_files table: nothing to share but
     * PostgreSQL). lib/storage.ts.
     */
    STORAGE_DRIVER: z.enum(['disk', 'database']).default('disk'),
    /** The directory of STORAGE_DRIVER=disk. */
    STORAGE_DIR: z.string().default('./data/files'),
    /**
     * Redis for the per-IP rate limits (`redis://host:6379`). Unset: PostgreSQL counts them when
     * DATABASE_URL is set (shared by every process), PGlite's one process counts in memory.
     */
    REDIS_URL: z.string().url().optional(),
    /** Prefix of our keys in Redis (several deployments may share one server). */
    REDIS_KEY_PREFIX: z.string().min(1).default('tasbiq:'),
    /**
     * Signs the tokens (and keys the OTP hashes). Required in production. Unset elsewhere: a random
     * secret is generated on the first start and kept in JWT_SECRET_FILE (lib/auth/jwt-secret.ts).
     */
    JWT_SECRET: z.string().min(32).optional(),
    /** Where the generated secret is kept; default `jwt-secret` beside the PGlite data directory. */
    JWT_SECRET_FILE: z.string().optional(),
    /** Public origin used to build links sent by SMS/e-mail and pagination URLs. */
    PUBLIC_URL: z.string().url().default('http://localhost:3000'),
    /** Seed the demo companies when the database is empty (never in production). */
    SEED_DEMO: z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((v) => v === 'true' || v === '1'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Directory of the built web app served at "/"; skipped when it does not exist. */
    WEB_DIST_DIR: z.string().optional(),
    /**
     * How many reverse proxies sit in front of the API (X-Forwarded-For hops to trust). 0 by
     * default: trusting the header blindly would let any client pick its IP and dodge per-IP limits.
     */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    /** Per-IP limit on login and OTP calls per minute (the per-account limit is in the database). */
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
    SMS_PROVIDER: z.enum(['sandbox']).default('sandbox'),
    EMAIL_PROVIDER: z.enum(['sandbox']).default('sandbox'),
    TELECOM_PROVIDER: z.enum(['sandbox']).default('sandbox'),
    /** How long the sandbox telecom aggregator takes to answer a top-up (0 in tests). */
    TELECOM_SANDBOX_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(1200),
    /** How long the sandbox transfer network takes to answer (0 in tests). */
    MONEY_TRANSFER_SANDBOX_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    /** How long the sandbox bill-payment platform takes to answer a lookup or a payment (0 in tests). */
    BILL_PAYMENT_SANDBOX_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(700),
    /**
     * Background jobs: `pg-boss` (needs DATABASE_URL), `in-process` (one process, jobs in memory),
     * or `auto`: pg-boss on PostgreSQL, in-process on PGlite and when NODE_ENV=test (fast; the
     * pg-boss adapter has its own test). See lib/jobs/create-job-queue.ts.
     */
    JOBS_DRIVER: z.enum(['auto', 'pg-boss', 'in-process']).default('auto'),
    /**
     * The in-process session cache (decision 028): `on` needs DATABASE_URL (PostgreSQL LISTEN/NOTIFY
     * tells every process what changed); `auto` is on with PostgreSQL outside tests (a test that
     * writes rows and calls the API in the same tick must not depend on a notification's timing).
     */
    SESSION_CACHE: z.enum(['auto', 'on', 'off']).default('auto'),
    /** How long a write waits for the other API processes to apply its session changes (decision 028). */
    SESSION_SYNC_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(2_000),
    /**
     * How long a RIB payout waits before the transfer leaves (bank batches; the employee may cancel
     * meanwhile). Unset: 300 s, 0 when NODE_ENV=test. Card payouts leave at once.
     */
    PAYOUT_RIB_DELAY_SECONDS: z.coerce.number().int().min(0).optional(),
    /** How often the payout sweeper re-sends due pending advances and resumes stale ones. */
    PAYOUT_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(30),
    /** How often the recurrent bonuses due today (Casablanca) get their next occurrence. */
    BONUS_RECURRENCE_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(300),
    /** Pages a pay-slip extraction job reads per step; progress and the resume point move per step. */
    PAYSLIP_CHUNK_PAGES: z.coerce.number().int().min(1).max(1000).default(50),
    /** Lists count their rows exactly up to this many; past it `count` is an estimate (decision 027). */
    LIST_EXACT_COUNT_LIMIT: z.coerce.number().int().min(1).default(10_000),
    /** Latency of the sandbox bank-transfer and card-issuer calls. Unset: 800 / 300 ms, 0 in tests. */
    BANK_TRANSFER_SANDBOX_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
    CARD_ISSUER_SANDBOX_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
    /**
     * The sandbox card issuer's delivery schedule (issue 11): seconds from the order to the card
     * number's assignment, then to the delivery. Seconds in the demo; a real courier takes days.
     */
    CARD_ISSUER_SANDBOX_ASSIGN_SECONDS: z.coerce.number().int().min(0).max(86_400).default(15),
    CARD_ISSUER_SANDBOX_DELIVER_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
    /** Make every sandbox card order fail at that stage (to see a refused order in the demo). */
    CARD_ISSUER_SANDBOX_FAILURE: z.enum(['none', 'assign', 'deliver']).default('none'),
    /** A CIN must still be valid this many days to order a card (CIN_EXPIRED_SOON). */
    CIN_EXPIRY_MARGIN_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
    /** The OCR check of one order gives up after this long (FAILED_OCR). */
    CIN_CHECK_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
    /** CIN images are deleted this many days after the card became active (decision 033). */
    CIN_IMAGE_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
    /** How often the retention job looks for CIN images to delete. */
    CIN_RETENTION_SWEEP_SECONDS: z.coerce.number().int().min(1).default(3600),
    /** How long an onboarding link HR sends stays valid. */
    ONBOARDING_TOKEN_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(72),
  })
  .superRefine((c, ctx) => {
    // The former public development default must never sign production tokens either.
    if (c.SESSION_CACHE === 'on' && !c.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_CACHE'],
        message: 'SESSION_CACHE=on needs DATABASE_URL',
      });
    }
    if (c.NODE_ENV === 'production' && (!c.JWT_SECRET || c.JWT_SECRET.startsWith('dev-only-'))) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'JWT_SECRET must be set in production' });
    }
  });

export type Config = z.infer<typeof ZConfig>;
/** The configuration the running app sees: the signing secret is always known (app.ts resolves it). */
export type AppConfig = Config & { JWT_SECRET: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = ZConfig.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  return { ...parsed.data, ...overrides };
}

/** Whether this configuration caches sessions in process (SESSION_CACHE, decision 028). */
export function sessionCacheEnabled(config: Pick<Config, 'SESSION_CACHE' | 'DATABASE_URL' | 'NODE_ENV'>) {
  if (!config.DATABASE_URL || config.SESSION_CACHE === 'off') return false;
  return config.SESSION_CACHE === 'on' || config.NODE_ENV !== 'test';
}
