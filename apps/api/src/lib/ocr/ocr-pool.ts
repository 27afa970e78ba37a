import { availableParallelism } from 'node:os';
import Tesseract from 'tesseract.js';
import { OcrAbortedError, OcrError, OcrShutdownError, OcrTimeoutError } from './errors.ts';
import { languageDirectory, type OcrLanguage } from './languages.ts';
import { type ImageQuality, type PreprocessOptions, preprocessForOcr } from './preprocess.ts';

/** How the page is cut into lines: a whole document, one block, scattered fields, one line. */
export type OcrPageLayout = 'auto' | 'block' | 'sparse' | 'line';
const PAGE_SEG_MODE: Record<OcrPageLayout, string> = { auto: '3', block: '6', sparse: '11', line: '7' };

export type RecognizeOptions = {
  langs: readonly OcrLanguage[];
  /** Whole budget: waiting for a free worker, preprocessing and recognition. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** 0 → 1 as the recognition advances (tesseract's own progress). */
  onProgress?: (fraction: number) => void;
  layout?: OcrPageLayout;
  /** Only these characters may be read (e.g. an MRZ: A–Z, 0–9 and `<`). */
  charWhitelist?: string;
  preprocess?: PreprocessOptions;
};

export type OcrBox = { x0: number; y0: number; x1: number; y1: number };
export type OcrWord = { text: string; confidence: number; bbox: OcrBox };
export type OcrLine = { text: string; confidence: number; bbox: OcrBox; words: OcrWord[] };
export type OcrResult = {
  text: string;
  /** Tesseract's mean word confidence, 0–100. */
  confidence: number;
  lines: OcrLine[];
  words: OcrWord[];
  quality: ImageQuality;
  /** The skew tesseract corrected before reading. */
  rotateRadians: number;
};

/**
 * One worker per core left to the API, at most two: a recognition keeps a core busy for a second
 * or more, and on the 2-core servers the other core must keep answering requests.
 */
export function defaultOcrPoolSize(): number {
  return Math.max(1, Math.min(2, availableParallelism() - 1));
}

type Slot = {
  worker: Tesseract.Worker | null;
  langsKey: string;
  /** Bumped when the worker is discarded, so a worker still starting for an abandoned job is dropped. */
  generation: number;
  onProgress?: (fraction: number) => void;
};
type Waiter = { grant: (slot: Slot) => void };

/**
 * A small pool of tesseract.js workers (each a worker thread running the WebAssembly engine), so
 * recognition never runs on the request thread. Jobs queue for a free worker; a job that passes
 * its time limit or is aborted has its worker terminated (tesseract cannot stop a recognition
 * midway) and a fresh one is started for the next job.
 */
export class OcrPool {
  readonly size: number;
  readonly #slots: Slot[];
  readonly #idle: Slot[];
  readonly #waiters: Waiter[] = [];
  readonly #running = new Set<(error: OcrError) => void>();
  #closed = false;

  constructor(options: { size?: number } = {}) {
    this.size = options.size ?? defaultOcrPoolSize();
    this.#slots = Array.from({ length: this.size }, () => ({ worker: null, langsKey: '', generation: 0 }));
    this.#idle = [...this.#slots];
  }

  async recognize(image: Buffer, options: RecognizeOptions): Promise<OcrResult> {
    if (this.#closed) throw new OcrShutdownError();
    let cancel: (error: OcrError) => void = () => {};
    const cancelled = new Promise<never>((_, reject) => {
      cancel = reject;
    });
    cancelled.catch(() => {}); // observed through the races below
    let cancelReason: OcrError | null = null;
    const stop = (error: OcrError) => {
      cancelReason ??= error;
      cancel(cancelReason);
    };
    const timer = setTimeout(() => stop(new OcrTimeoutError(options.timeoutMs)), options.timeoutMs);
    const onAbort = () => stop(new OcrAbortedError());
    if (options.signal?.aborted) onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    this.#running.add(stop);

    let slot: Slot | null = null;
    try {
      const prepared = await Promise.race([preprocessForOcr(image, options.preprocess), cancelled]);
      const acquired = await Promise.race([this.#acquire(() => cancelReason !== null), cancelled]);
      slot = acquired;
      const page = await Promise.race([this.#run(acquired, prepared.png, options), cancelled]);
      return toResult(page, prepared.quality);
    } catch (error) {
      // The worker may still be busy with an abandoned job, or broken: start afresh next time.
      if (slot) await this.#discardWorker(slot);
      throw error instanceof OcrError ? error : new OcrError(String(error));
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      this.#running.delete(stop);
      if (slot) {
        slot.onProgress = undefined;
        this.#release(slot);
      }
    }
  }

  /** Rejects queued and running jobs, terminates the workers. Idempotent. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const stop of this.#running) stop(new OcrShutdownError());
    this.#waiters.length = 0;
    await Promise.all(this.#slots.map((slot) => this.#discardWorker(slot)));
  }

  #acquire(isCancelled: () => boolean): Promise<Slot> {
    const slot = this.#idle.pop();
    if (slot) return Promise.resolve(slot);
    return new Promise((resolve) => {
      this.#waiters.push({
        grant: (granted) => {
          // A job that gave up while queued hands the worker straight on.
          if (isCancelled()) this.#release(granted);
          else resolve(granted);
        },
      });
    });
  }

  #release(slot: Slot): void {
    if (this.#closed) return;
    const next = this.#waiters.shift();
    if (next) next.grant(slot);
    else this.#idle.push(slot);
  }

  async #discardWorker(slot: Slot): Promise<void> {
    const worker = slot.worker;
    slot.worker = null;
    slot.langsKey = '';
    slot.generation += 1;
    if (worker) await worker.terminate().catch(() => {});
  }

  async #run(slot: Slot, png: Buffer, options: RecognizeOptions): Promise<Tesseract.Page> {
    const generation = slot.generation;
    // A job given up (time limit, abort) goes on running here until its next await returns; by
    // then its worker is terminated and the slot may serve another job: it must touch neither.
    const ensureCurrent = () => {
      if (slot.generation !== generation) throw new OcrError('OCR job abandoned');
    };
    const worker = await this.#workerFor(slot, options.langs);
    ensureCurrent();
    slot.onProgress = options.onProgress;
    options.onProgress?.(0);
    ensureCurrent();
    await worker.setParameters({
      tessedit_pageseg_mode: PAGE_SEG_MODE[options.layout ?? 'auto'] as Tesseract.PSM,
      tessedit_char_whitelist: options.charWhitelist ?? '',
      // A card photo carries no DPI; 300 is what tesseract assumes for print and silences its warning.
      user_defined_dpi: '300',
      // Tesseract's notes ("Detected 7 diacritics") would land on the server's stdout.
      debug_file: '/dev/null',
    });
    ensureCurrent();
    // rotateAuto: tesseract measures the skew of the text lines and straightens the image first.
    const { data } = await worker.recognize(png, { rotateAuto: true }, { text: true, blocks: true });
    options.onProgress?.(1);
    return data;
  }

  async #workerFor(slot: Slot, langs: readonly OcrLanguage[]): Promise<Tesseract.Worker> {
    // In the caller's order: tesseract weighs the first language most (fra+eng keeps the accents).
    const langsKey = langs.join('+');
    if (slot.worker && slot.langsKey === langsKey) return slot.worker;
    if (slot.worker) {
      await slot.worker.reinitialize(langsKey, Tesseract.OEM.LSTM_ONLY);
      slot.langsKey = langsKey;
      return slot.worker;
    }
    const generation = slot.generation;
    const worker = await Tesseract.createWorker(langsKey, Tesseract.OEM.LSTM_ONLY, {
      // The shipped models only (languages.ts): nothing is fetched, no cache file is written.
      langPath: languageDirectory(),
      gzip: true,
      cacheMethod: 'none',
      logger: (message) => {
        if (message.status === 'recognizing text') slot.onProgress?.(message.progress);
      },
      errorHandler: () => {},
    });
    if (slot.generation !== generation) {
      await worker.terminate().catch(() => {});
      throw new OcrError('OCR job abandoned while its worker started');
    }
    slot.worker = worker;
    slot.langsKey = langsKey;
    return worker;
  }
}

function toResult(page: Tesseract.Page, quality: ImageQuality): OcrResult {
  const lines: OcrLine[] = [];
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        lines.push({
          text: line.text.trim(),
          confidence: line.confidence,
          bbox: line.bbox,
          words: line.words.map((w) => ({ text: w.text, confidence: w.confidence, bbox: w.bbox })),
        });
      }
    }
  }
  return {
    text: page.text,
    confidence: page.confidence,
    lines,
    words: lines.flatMap((line) => line.words),
    quality,
    rotateRadians: page.rotateRadians ?? 0,
  };
}
