import { CIN_IMAGE_MAX_BYTES } from '@tasbiq/contracts/cards';
import sharp from 'sharp';

/** PNG and JPEG only, told by their first bytes: a name or a declared type proves nothing. */
export function imageTypeOf(bytes: Buffer): 'png' | 'jpeg' | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  return null;
}

/**
 * The content checks of one CIN image: PNG or JPEG by its bytes, at most 10 MB, and an image
 * libvips can decode whole (a truncated file or a PDF renamed .png fails here, before any OCR).
 */
export async function isAcceptableCinImage(bytes: Buffer): Promise<boolean> {
  if (bytes.length > CIN_IMAGE_MAX_BYTES) return false;
  const type = imageTypeOf(bytes);
  if (!type) return false;
  try {
    const {
      format,
      width = 0,
      height = 0,
    } = await sharp(bytes, { failOn: 'truncated', limitInputPixels: 50_000_000 }).metadata();
    return format === type && width > 0 && height > 0;
  } catch {
    return false;
  }
}
