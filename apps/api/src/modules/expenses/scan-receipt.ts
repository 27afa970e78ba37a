import { OcrAbortedError, OcrImageError, OcrTimeoutError } from '../../lib/ocr/errors.ts';
import { recognize } from '../../lib/ocr/recognize.ts';
import { type ReceiptReading, readReceipt } from './read-receipt.ts';

export type ReceiptScan =
  | { ok: true; reading: ReceiptReading; confidence: number }
  /** Nothing could be read: the form stays empty and the person types the fields. */
  | { ok: false; reason: 'unreadable' | 'timeout' };

/** A photo can wait this long for the pre-fill; the receipt itself is kept whatever happens. */
const DEFAULT_TIMEOUT_MS = 20_000;

/**
 * Reads a receipt photo offline (tesseract.js, French then English, shipped models) for the form's
 * pre-fill (issue 15 ★). The image must already have passed the content checks. A ticket is
 * narrow and tall: 1400 px wide keeps its characters near the 30 px tesseract reads best.
 */
export async function scanReceipt(
  image: Buffer,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<ReceiptScan> {
  try {
    const result = await recognize(image, {
      langs: ['fra', 'eng'],
      layout: 'auto',
      preprocess: { width: 1400 },
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      signal: options.signal,
    });
    const reading = readReceipt(result.lines.map((line) => line.text));
    if (reading.amountCentimes === null && reading.date === null && reading.merchant === null)
      return { ok: false, reason: 'unreadable' };
    return { ok: true, reading, confidence: result.confidence };
  } catch (error) {
    if (error instanceof OcrImageError) return { ok: false, reason: 'unreadable' };
    if (error instanceof OcrTimeoutError || error instanceof OcrAbortedError)
      return { ok: false, reason: 'timeout' };
    throw error;
  }
}
