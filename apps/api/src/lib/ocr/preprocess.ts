import sharp, { type Sharp } from 'sharp';
import { OcrImageError } from './errors.ts';

/** A phone photo is at most ~50 Mpx; more is a decompression bomb, not a document. */
const MAX_INPUT_PIXELS = 50_000_000;

export type PreprocessOptions = {
  /**
   * Width the text is recognised at. Tesseract reads best with capitals ~30 px high; a card photo
   * of 1000 px has them near 20 px, so small images are upscaled and huge ones brought down (OCR
   * time grows with the pixel count). Default 2000.
   */
  width?: number;
};

/** Measures a caller can turn into advice ("more light", "hold still"): all on 0–255 grey levels. */
export type ImageQuality = {
  /** Mean grey level: under ~50 the photo is too dark, over ~225 washed out. */
  brightness: number;
  /** Standard deviation of the grey levels: near 0 the image is blank (a wall, a lens cap). */
  contrast: number;
  /** Standard deviation of the Laplacian at a fixed width: low means blurred (or empty). */
  sharpness: number;
};

export type PreparedImage = { png: Buffer; width: number; height: number; quality: ImageQuality };

function decodeError(error: unknown): OcrImageError {
  const reason = error instanceof Error ? error.message : String(error);
  return new OcrImageError(`Image cannot be decoded: ${reason}`);
}

/**
 * Greyscale, upright (EXIF orientation of phone photos), contrast stretched, at the width OCR
 * reads best, sharpened a little after the upscale; lossless PNG for the worker. The small skew of
 * a hand-held photo is left to tesseract's own deskew (`rotateAuto`), which measures the text
 * lines themselves.
 */
export async function preprocessForOcr(
  image: Buffer,
  options: PreprocessOptions = {},
): Promise<PreparedImage> {
  const width = options.width ?? 2000;
  try {
    const upright = sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .flatten({ background: '#ffffff' })
      .grayscale();
    const [quality, prepared] = await Promise.all([
      measureQuality(upright.clone()),
      upright
        .clone()
        .normalise()
        .resize({ width, kernel: 'lanczos3' })
        .sharpen({ sigma: 1 })
        .toColourspace('srgb')
        .png({ compressionLevel: 1 })
        .toBuffer({ resolveWithObject: true }),
    ]);
    return { png: prepared.data, width: prepared.info.width, height: prepared.info.height, quality };
  } catch (error) {
    throw decodeError(error);
  }
}

async function measureQuality(grey: Sharp): Promise<ImageQuality> {
  // A fixed width so the sharpness of a 4000 px photo and of a 1000 px scan compare. The pixels are
  // taken out first: sharp's stats() would measure the input, not the pipeline's output.
  const small = await grey.resize({ width: 800 }).raw().toBuffer({ resolveWithObject: true });
  const { data, info } = small;
  if (info.channels !== 1) throw new OcrImageError('Expected one grey channel');
  const grey8 = new Uint8Array(data.buffer, data.byteOffset, data.length);
  const levels = meanAndStdev(
    grey8,
    () => true,
    (i) => grey8[i] ?? 0,
  );
  // Laplacian (4-neighbour) of the inner pixels: flat areas give 0, sharp edges swing far from it.
  const w = info.width;
  const h = info.height;
  const laplacian = meanAndStdev(
    grey8,
    (i) => {
      const x = i % w;
      const y = (i - x) / w;
      return x > 0 && x < w - 1 && y > 0 && y < h - 1;
    },
    (i) =>
      (grey8[i - 1] ?? 0) +
      (grey8[i + 1] ?? 0) +
      (grey8[i - w] ?? 0) +
      (grey8[i + w] ?? 0) -
      4 * (grey8[i] ?? 0),
  );
  return { brightness: levels.mean, contrast: levels.stdev, sharpness: laplacian.stdev };
}

function meanAndStdev(
  pixels: Uint8Array,
  include: (index: number) => boolean,
  value: (index: number) => number,
): { mean: number; stdev: number } {
  let count = 0;
  let sum = 0;
  let sumOfSquares = 0;
  for (let i = 0; i < pixels.length; i += 1) {
    if (!include(i)) continue;
    const v = value(i);
    count += 1;
    sum += v;
    sumOfSquares += v * v;
  }
  if (count === 0) return { mean: 0, stdev: 0 };
  const mean = sum / count;
  return { mean, stdev: Math.sqrt(Math.max(0, sumOfSquares / count - mean * mean)) };
}
