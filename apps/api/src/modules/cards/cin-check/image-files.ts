import { CIN_IMAGE_MAX_BYTES } from '@tasbiq/contracts/cards';
import { acceptableImageType } from '../../../lib/image-files.ts';

/**
 * The content checks of one CIN image: PNG or JPEG by its bytes, at most 10 MB, and an image
 * libvips can decode whole (a truncated file or a PDF renamed .png fails here, before any OCR).
 * The same check as the expense receipts (lib/image-files.ts), with the CIN's size limit.
 */
export async function isAcceptableCinImage(bytes: Buffer): Promise<boolean> {
  return (await acceptableImageType(bytes, CIN_IMAGE_MAX_BYTES)) !== null;
}
