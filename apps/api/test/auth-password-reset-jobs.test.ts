/**
 * Issue 8 §5, enumeration by timing: POST /auth/password-reset used to wait for the e-mail and the
 * SMS of a real account and answer at once for an unknown one. Now the request only queues a job,
 * the same for both, and the job sends. No durations are measured: the tests hold the gateways (or
 * the queue) and look at what happened by the time the answer came.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_JOB } from '../src/modules/auth/password-reset-jobs.ts';
import { messagesTo, newEmployee, post } from './auth-test-utils.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('POST /auth/password-reset does not wait for the gateways', () => {
  let t: TestApp;
  const restore: Array<() => void> = [];
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 100_000 });
  });
  afterEach(() => {
    for (const undo of restore.splice(0)) undo();
  });
  afterAll(() => t.close());

  /** Every SMS and e-mail waits for `gate` before reaching the sandbox; `started` lists the calls. */
  function holdGateways() {
    const gate = deferred();
    const started: string[] = [];
    const { sms, email } = t.ctx;
    const sendSms = sms.send;
    const sendEmail = email.send;
    sms.send = async (message) => {
      started.push(`sms:${message.to}`);
      await gate.promise;
      return sendSms(message);
    };
    email.send = async (message) => {
      started.push(`email:${message.to}`);
      await gate.promise;
      return sendEmail(message);
    };
    restore.push(() => {
      sms.send = sendSms;
      email.send = sendEmail;
    });
    return { gate, started };
  }

  /** Jobs are recorded instead of run until `release()` hands them to the real queue. */
  function holdJobs() {
    const jobs = t.ctx.jobs;
    const send = jobs.send.bind(jobs);
    const held: Array<{ name: string; data: object }> = [];
    jobs.send = async (name, data) => {
      held.push({ name, data });
    };
    restore.push(() => {
      jobs.send = send;
    });
    return {
      held,
      async release() {
        for (const job of held.splice(0)) await send(job.name, job.data);
        await jobs.drain();
      },
    };
  }

  it('answers while the link is still being sent; the job then sends it by e-mail and SMS', async () => {
    const { user } = await newEmployee(t);
    const { gate, started } = holdGateways();

    const res = await post(t, '/api/auth/password-reset', { username: user.email! });
    expect(res.statusCode).toBe(200);
    // Answered although no gateway has finished (they are held): nothing has reached the outbox.
    expect(await messagesTo(t, user.email!)).toHaveLength(0);
    expect(await messagesTo(t, user.phone!)).toHaveLength(0);

    gate.resolve();
    await t.ctx.jobs.drain();
    expect(started).toEqual([`email:${user.email}`, `sms:${user.phone}`]);
    const [mail] = await messagesTo(t, user.email!, 'email');
    const [sms] = await messagesTo(t, user.phone!, 'sms');
    expect(mail!.body).toMatch(/\/reset\?token=/);
    expect(sms!.body).toMatch(/\/reset\?token=/);
  });

  it('does the same work in the request for a known and an unknown account', async () => {
    const { user } = await newEmployee(t);
    const { started } = holdGateways();
    const queue = holdJobs();

    const known = await post(t, '/api/auth/password-reset', { username: user.email! });
    const unknown = await post(t, '/api/auth/password-reset', { username: 'personne@inconnu.ma' });
    const unknownPhone = await post(t, '/api/auth/password-reset', { username: '0699999999' });

    // Same answer; each request queued one job of the same kind and called no gateway.
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(unknownPhone.json()).toEqual(known.json());
    expect(queue.held).toEqual([
      { name: PASSWORD_RESET_JOB, data: { name: { email: user.email } } },
      { name: PASSWORD_RESET_JOB, data: { name: { email: 'personne@inconnu.ma' } } },
      { name: PASSWORD_RESET_JOB, data: { name: { phone: '+212699999999' } } },
    ]);
    expect(started).toEqual([]);

    // Run by the worker, only the real account gets a link.
    restore.shift()?.(); // gateways free again
    await queue.release();
    expect(await messagesTo(t, user.email!, 'email')).toHaveLength(1);
    expect(await messagesTo(t, 'personne@inconnu.ma')).toHaveLength(0);
    expect(await messagesTo(t, '+212699999999')).toHaveLength(0);
  });

  it('refuses a name that is neither an e-mail nor a phone with INVALID_USERNAME, and queues nothing', async () => {
    const queue = holdJobs();
    const res = await post(t, '/api/auth/password-reset', { username: 'pas-un-identifiant' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        code: 'INVALID_USERNAME',
        detail: "L'identifiant n'est pas valide (e-mail ou téléphone).",
        attr: 'username',
      },
    ]);
    expect(queue.held).toEqual([]);
  });

  it('logs a gateway failure in the job and still sends on the other channel', async () => {
    const { user } = await newEmployee(t);
    t.ctx.email.sandbox!.failNext();
    const res = await post(t, '/api/auth/password-reset', { username: user.email! });
    expect(res.statusCode).toBe(200);
    await t.ctx.jobs.drain();
    const [mail] = await messagesTo(t, user.email!, 'email');
    expect(mail!.status).toBe('failed');
    expect(await messagesTo(t, user.phone!, 'sms')).toHaveLength(1);
  });
});

describe.skipIf(!onPostgres)('password reset through pg-boss (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ JOBS_DRIVER: 'pg-boss', AUTH_RATE_LIMIT_PER_MINUTE: 100_000 });
  });
  afterAll(() => t?.close());

  it('sends the link from the pg-boss worker', async () => {
    expect(t.ctx.jobs.kind).toBe('pg-boss');
    const { user } = await newEmployee(t);
    const res = await post(t, '/api/auth/password-reset', { username: user.email! });
    expect(res.statusCode).toBe(200);
    const deadline = Date.now() + 15_000;
    while ((await messagesTo(t, user.email!, 'email')).length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await messagesTo(t, user.email!, 'email')).toHaveLength(1);
    expect(await messagesTo(t, user.phone!, 'sms')).toHaveLength(1);
  });
});
