import type { TCinCheckErrorCode, TCinPhotoHint, TCinReading, TCinSide } from '@tasbiq/contracts/cards';
import { normalizeCin } from '@tasbiq/contracts/validators';
import { OcrAbortedError, OcrImageError, OcrTimeoutError } from '../../../lib/ocr/errors.ts';
import type { OcrResult } from '../../../lib/ocr/ocr-pool.ts';
import { recognize } from '../../../lib/ocr/recognize.ts';
import { casablancaDate, startOfDayInCasablanca } from '../../../lib/time.ts';
import { isAcceptableCinImage } from './image-files.ts';
import { photoHint, photoProblem } from './photo-hints.ts';
import { type FrontReading, readFront } from './read-front.ts';
import { looksLikeMrz, readTd1Mrz } from './read-mrz.ts';

export type CinReading = TCinReading;
export type CinCheckCode = TCinCheckErrorCode;
export type CinCheckStep = 'front' | 'back' | 'checks';

export type CinCheckInput = {
  front: Buffer;
  back: Buffer;
  /** The employee's CIN on file. */
  expectedCin: string;
  /** The order's moment (never the clock, so a test is the same any day). */
  now: Date;
  /** CIN_EXPIRED_SOON when the expiry falls before now + this many days (30 by default, a setting). */
  expiryMarginDays: number;
  /** Both sides together; 60 s by default. */
  timeoutMs?: number;
  /** Also stops the reading, e.g. when the request is closed. */
  signal?: AbortSignal;
  onProgress?: (progress: { step: CinCheckStep; fraction: number }) => void;
};

export type CinCheckResult =
  | { ok: true; reading: CinReading }
  | { ok: false; code: CinCheckCode /** French: what to change in the photo. */; hint?: string };

const DEFAULT_TIMEOUT_MS = 60_000;
/** The back is read for its machine-readable zone only: these characters and nothing else. */
const MRZ_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

function refuse(code: CinCheckCode, hint?: TCinPhotoHint, side?: TCinSide): CinCheckResult {
  return hint ? { ok: false, code, hint: photoHint(hint, side) } : { ok: false, code };
}

/** The front is read in French first (accents of "Né le"), English second. */
function readSide(
  image: Buffer,
  side: TCinSide,
  input: CinCheckInput,
  signal: AbortSignal,
): Promise<OcrResult> {
  return recognize(image, {
    langs: side === 'front' ? ['fra', 'eng'] : ['eng'],
    charWhitelist: side === 'back' ? MRZ_CHARACTERS : undefined,
    // Measured on the drawn cards: the MRZ reads best with the card ~1200 px wide (characters
    // ~30 px high), the front as well at 1400 as at 2000, for half the time.
    preprocess: { width: side === 'front' ? 1400 : 1200 },
    timeoutMs: input.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    signal,
    onProgress: (fraction) => input.onProgress?.({ step: side, fraction }),
  });
}

/**
 * Reads both sides of a Moroccan electronic CIN (CNIE) offline and checks that it is the
 * employee's own, valid card (spec §8 Card order; decision 031). The front gives the reading
 * (CIN, names, birth date, expiry); the back's ICAO TD1 zone, its check digits verified, proves
 * both photos are of one card.
 */
export async function checkCinImages(input: CinCheckInput): Promise<CinCheckResult> {
  if (input.front.length === 0) return refuse('MISSING_FRONT');
  if (input.back.length === 0) return refuse('MISSING_BACK');
  const [frontOk, backOk] = await Promise.all([
    isAcceptableCinImage(input.front),
    isAcceptableCinImage(input.back),
  ]);
  if (!frontOk || !backOk) return refuse('INVALID_FILES', 'notImage', frontOk ? 'back' : 'front');

  // One budget for both sides: the order waits for the whole check, not for each half.
  const budget = AbortSignal.timeout(input.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = input.signal ? AbortSignal.any([budget, input.signal]) : budget;
  try {
    const front = await readSide(input.front, 'front', input, signal);
    const frontReading = readFront(front.lines.map((line) => line.text));
    // Refusals the front alone decides come before the back is read: a second OCR saved.
    if (!frontReading.looksLikeFront && looksLikeMrz(front.text))
      return refuse('MISSING_FRONT', 'wrongSideFront');
    const frontEmpty = !frontReading.looksLikeFront && !frontReading.cin && !frontReading.birthday;
    if (frontEmpty) return refuse('FAILED_OCR', photoProblem(front.quality), 'front');

    const back = await readSide(input.back, 'back', input, signal);
    input.onProgress?.({ step: 'checks', fraction: 0 });
    const result = checkSides(frontReading, back, input);
    input.onProgress?.({ step: 'checks', fraction: 1 });
    return result;
  } catch (error) {
    if (error instanceof OcrImageError) return refuse('INVALID_FILES', 'notImage');
    if (error instanceof OcrTimeoutError || error instanceof OcrAbortedError)
      return refuse('FAILED_OCR', 'tooSlow');
    throw error;
  }
}

function checkSides(frontReading: FrontReading, back: OcrResult, input: CinCheckInput): CinCheckResult {
  const mrz = readTd1Mrz(
    back.lines.map((line) => line.text),
    input.now,
  );
  if (!mrz.found) {
    const backIsFront = /CARTENATIONALE|ROYAUMEDUMAROC|VALABLE/.test(back.text.replace(/[^A-Z]/g, ''));
    if (backIsFront) return refuse('MISSING_BACK', 'wrongSideBack');
    const problem = photoProblem(back.quality);
    return refuse('FAILED_OCR', problem === 'framing' ? 'mrz' : problem, 'back');
  }
  if (!mrz.valid) return refuse('FAILED_OCR', 'mrz', 'back');

  if (!frontReading.cin) return refuse('FAILED_OCR', 'covered', 'front');

  if (frontReading.cin !== mrz.reading.cin) return refuse('CIN_SIDES_MISMATCH');
  if (frontReading.cin !== normalizeCin(input.expectedCin)) return refuse('CIN_MISMATCH');
  if (!frontReading.firstName || !frontReading.lastName) return refuse('MISSING_NAME', 'covered', 'front');
  if (!frontReading.birthday) return refuse('MISSING_BIRTHDAY', 'covered', 'front');
  if (!frontReading.expiry) return refuse('MISSING_EXPIRY', 'covered', 'front');
  if (frontReading.birthday !== mrz.reading.birthday || frontReading.expiry !== mrz.reading.expiry) {
    return refuse('CIN_SIDES_MISMATCH');
  }

  const lastAcceptedDay = casablancaDate(
    startOfDayInCasablanca(casablancaDate(input.now), input.expiryMarginDays),
  );
  if (frontReading.expiry < lastAcceptedDay) return refuse('CIN_EXPIRED_SOON');

  return {
    ok: true,
    reading: {
      cin: frontReading.cin,
      firstName: frontReading.firstName,
      lastName: frontReading.lastName,
      birthday: frontReading.birthday,
      expiry: frontReading.expiry,
    },
  };
}
