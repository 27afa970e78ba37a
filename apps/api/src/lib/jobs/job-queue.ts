/**
 * Background jobs (ARCHITECTURE "Stack": pg-boss on PostgreSQL, an in-process runner with PGlite,
 * behind this one interface). Jobs carry ids, never amounts: the handler re-reads the row and its
 * status, so a job that runs twice (retry, duplicate send, sweeper) does nothing the second time.
 *
 * Send jobs AFTER the transaction that created the row has committed; a job lost between the
 * commit and the send (crash) is picked up again by the feature's sweeper (a periodic job that
 * re-sends what is due and still pending).
 */
export type JobHandler<T> = (data: T) => Promise<void>;

export type SendOptions = {
  /** Do not run before this many seconds from now. */
  startAfterSeconds?: number;
  /** At most one queued job per key (e.g. `advance:12`): later sends with the same key are dropped. */
  singletonKey?: string;
};

export type WorkOptions = {
  /** Attempts after the first failure (default 3), spaced by retryDelaySeconds × 2^attempt. */
  retryLimit?: number;
  retryDelaySeconds?: number;
};

export interface JobQueue {
  readonly kind: 'pg-boss' | 'in-process';
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<void>;
  work<T extends object>(name: string, handler: JobHandler<T>, options?: WorkOptions): Promise<void>;
  /** Runs `name` (no data) every `everySeconds` while the queue is started. */
  every(name: string, everySeconds: number, handler: () => Promise<void>): Promise<void>;
  start(): Promise<void>;
  /** Stops taking jobs and waits for the running ones. */
  stop(): Promise<void>;
  /** Resolves once nothing is queued (due now) or running. Meant for tests and scripts. */
  drain(): Promise<void>;
}
