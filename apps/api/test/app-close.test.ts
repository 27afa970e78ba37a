import { describe, expect, it } from 'vitest';
import { ocrStarted, recognize } from '../src/lib/ocr/recognize.ts';
import { drawPage } from './support/text-image.ts';
import { createTestApp } from './test-app.ts';

/**
 * Closing the server while a job is running: the queue stops first and waits for the job, then
 * what jobs use is closed (the OCR threads, a payroll PDF being read). Fastify runs onClose hooks
 * last in, first out; with the queue's hook added first it ran last, so the OCR was shut down
 * under a running job (a scanned slip was read as nothing, a new pool was left running) and a
 * PDF was destroyed under a running step (pdf.js never answered: the close hung).
 */
describe('a server closed while a job runs', () => {
  it('lets the job finish with the OCR still there, then stops the OCR', async () => {
    const t = await createTestApp();
    const image = await drawPage(['BULLETIN DE PAIE', 'Net à payer 7 205,36'], { size: 30 });
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const read: string[] = [];
    await t.ctx.jobs.work('test.read-after-close', async () => {
      started();
      await gate;
      const result = await recognize(image, { langs: ['fra'], timeoutMs: 30_000 });
      read.push(...result.lines.map((line) => line.text));
    });
    try {
      // Started before the close, as a worker would be.
      await recognize(image, { langs: ['fra'], timeoutMs: 30_000 });
      await t.ctx.jobs.send('test.read-after-close', {});
      await running;
      const closed = t.app.close();
      // Let the close run its first hooks, then let the job go on.
      await new Promise((resolve) => setTimeout(resolve, 50));
      release();
      await closed;
      expect(read.join(' ')).toContain('7 205,36');
      expect(ocrStarted()).toBe(false);
    } finally {
      release();
      await t.close();
    }
  }, 60_000);
});
