import { removeLanguageDirectory } from './languages.ts';
import { OcrPool, type OcrResult, type RecognizeOptions } from './ocr-pool.ts';

/** The process-wide pool, started on first use so an API that never reads an image pays nothing. */
let shared: OcrPool | null = null;

/** Reads the text of an image (PNG, JPEG, WebP…) off the request thread; see OcrPool. */
export function recognize(image: Buffer, options: RecognizeOptions): Promise<OcrResult> {
  shared ??= new OcrPool();
  return shared.recognize(image, options);
}

/** Whether the shared workers are started (a close must leave none behind). */
export function ocrStarted(): boolean {
  return shared !== null;
}

/** Stops the shared workers (server close, end of a test file). The next recognize starts anew. */
export async function shutdownOcr(): Promise<void> {
  const pool = shared;
  shared = null;
  await pool?.close();
  removeLanguageDirectory();
}
