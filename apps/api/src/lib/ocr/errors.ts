/**
 * The ways a recognition ends without text. Callers map them to their own codes (a CIN check says
 * FAILED_OCR, a pay-slip import marks the page unreadable): the OCR knows nothing of products.
 */
export class OcrError extends Error {
  override readonly name: string = 'OcrError';
}

/** The time limit passed (waiting for a worker included); the worker doing the job was stopped. */
export class OcrTimeoutError extends OcrError {
  override readonly name = 'OcrTimeoutError';
  readonly timeoutMs: number;
  constructor(timeoutMs: number) {
    super(`OCR did not finish within ${timeoutMs} ms`);
    this.timeoutMs = timeoutMs;
  }
}

/** The caller's AbortSignal fired (e.g. the request was closed); the worker doing the job was stopped. */
export class OcrAbortedError extends OcrError {
  override readonly name = 'OcrAbortedError';
  constructor() {
    super('OCR aborted by the caller');
  }
}

/** The bytes are not an image sharp can decode (truncated, another format, too many pixels). */
export class OcrImageError extends OcrError {
  override readonly name = 'OcrImageError';
}

/** The pool was shut down while the job waited or ran. */
export class OcrShutdownError extends OcrError {
  override readonly name = 'OcrShutdownError';
  constructor() {
    super('OCR pool shut down');
  }
}
