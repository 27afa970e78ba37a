import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** The languages shipped with the app (npm packages @tesseract.js-data/*), nothing else is loadable. */
export const OCR_LANGUAGES = ['fra', 'eng'] as const;
export type OcrLanguage = (typeof OCR_LANGUAGES)[number];

const require = createRequire(import.meta.url);
let languageDir: string | null = null;

/** The gzipped LSTM model ("best_int": integer weights, what tesseract.js itself picks for LSTM-only). */
function packagedModel(code: OcrLanguage): string {
  const packageDir = dirname(require.resolve(`@tesseract.js-data/${code}/package.json`));
  return join(packageDir, '4.0.0_best_int', `${code}.traineddata.gz`);
}

/**
 * A local directory holding every shipped model, to give tesseract.js as `langPath`: with a local
 * path it reads files and never fetches (its default is a CDN). Each language lives in its own npm
 * package while tesseract.js takes one directory, hence links to them in a private temporary
 * directory. (tesseract.js 7 also accepts the bytes themselves, `{ code, data }`, but then passes
 * the bytes instead of the code to tesseract's Init: a bug, so not used.)
 */
export function languageDirectory(): string {
  if (!languageDir) {
    const dir = mkdtempSync(join(tmpdir(), 'tasbiq-ocr-'));
    for (const code of OCR_LANGUAGES) symlinkSync(packagedModel(code), join(dir, `${code}.traineddata.gz`));
    languageDir = dir;
  }
  return languageDir;
}

/** Removes the links (server close); the next recognition makes them again. */
export function removeLanguageDirectory(): void {
  if (languageDir) rmSync(languageDir, { recursive: true, force: true });
  languageDir = null;
}
