import { readdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { drawPage } from '../../../test/support/text-image.ts';
import { OcrAbortedError, OcrImageError, OcrTimeoutError } from './errors.ts';
import { languageDirectory } from './languages.ts';
import { OcrPool } from './ocr-pool.ts';

// One worker for the whole file: starting one costs a second, CI has two cores.
const pool = new OcrPool({ size: 1 });
afterAll(() => pool.close());

const PAGE = ['Bulletin de paie du mois de mars', 'Salaire net à payer 8 450,00 DH', 'Fait à Casablanca'];

describe('OcrPool.recognize', () => {
  it('reads French text with its accents, line by line, and reports progress up to 1', async () => {
    const progress: number[] = [];
    const result = await pool.recognize(await drawPage(PAGE, { size: 34 }), {
      langs: ['fra'],
      timeoutMs: 20_000,
      onProgress: (fraction) => progress.push(fraction),
    });
    expect(result.lines.map((line) => line.text)).toEqual(PAGE);
    expect(result.confidence).toBeGreaterThan(80);
    expect(result.words.map((w) => w.text)).toContain('Casablanca');
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('reads a slightly rotated JPEG (deskewed by tesseract) with two languages', async () => {
    const rotated = await sharp(await drawPage(PAGE, { size: 34 }))
      .rotate(2.5, { background: '#ffffff' })
      .jpeg({ quality: 70 })
      .toBuffer();
    const result = await pool.recognize(rotated, { langs: ['fra', 'eng'], timeoutMs: 20_000 });
    expect(result.text).toContain('Salaire net à payer 8 450,00 DH');
    expect(Math.abs(result.rotateRadians)).toBeGreaterThan(0.02);
  });

  it('reads only the allowed characters when given a whitelist', async () => {
    const result = await pool.recognize(await drawPage(['IDMAR1234<<<<<<'], { size: 40, font: 'mono' }), {
      langs: ['eng'],
      timeoutMs: 20_000,
      layout: 'line',
      charWhitelist: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<',
    });
    expect(result.text.trim()).toBe('IDMAR1234<<<<<<');
  });

  it('measures a blank image as having no contrast and reads nothing from it', async () => {
    const blank = await sharp({ create: { width: 1000, height: 630, channels: 3, background: '#f4f4f4' } })
      .png()
      .toBuffer();
    const result = await pool.recognize(blank, { langs: ['fra'], timeoutMs: 20_000 });
    expect(result.text.trim()).toBe('');
    expect(result.quality.contrast).toBeLessThan(1);
  });

  it('refuses bytes that are not an image with a typed error', async () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
    await expect(pool.recognize(pdf, { langs: ['fra'], timeoutMs: 20_000 })).rejects.toBeInstanceOf(
      OcrImageError,
    );
  });

  it('stops at the time limit with a typed error, and the next job gets a fresh worker', async () => {
    const page = await drawPage(PAGE, { size: 34 });
    await expect(pool.recognize(page, { langs: ['fra'], timeoutMs: 1 })).rejects.toBeInstanceOf(
      OcrTimeoutError,
    );
    const after = await pool.recognize(page, { langs: ['fra'], timeoutMs: 20_000 });
    expect(after.lines[0]?.text).toBe(PAGE[0]);
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const job = pool.recognize(await drawPage(PAGE, { size: 34 }), {
      langs: ['fra'],
      timeoutMs: 20_000,
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    await expect(job).rejects.toBeInstanceOf(OcrAbortedError);
  });

  it('queues jobs beyond the pool size and answers each with its own text', async () => {
    const [first, second] = await Promise.all([
      pool.recognize(await drawPage(['Premier document'], { size: 36 }), {
        langs: ['fra'],
        timeoutMs: 30_000,
      }),
      pool.recognize(await drawPage(['Second document'], { size: 36 }), {
        langs: ['fra'],
        timeoutMs: 30_000,
      }),
    ]);
    expect(first.text.trim()).toBe('Premier document');
    expect(second.text.trim()).toBe('Second document');
  });
});

describe('languageDirectory', () => {
  it('holds the models of the npm packages and nothing else (tesseract.js reads there, never fetches)', () => {
    const dir = languageDirectory();
    expect(readdirSync(dir).sort()).toEqual(['eng.traineddata.gz', 'fra.traineddata.gz']);
    for (const file of readdirSync(dir)) {
      expect(realpathSync(join(dir, file))).toMatch(
        /node_modules\/@tesseract\.js-data\/(eng|fra)\/4\.0\.0_best_int\//,
      );
    }
  });
});
