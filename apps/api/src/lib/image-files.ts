import sharp from 'sharp';
import { sniffFileType } from './multipart-form.ts';

/**
 * PNG and JPEG only, told by their first bytes (the one sniffer, multipart-form.ts): a name or a
 * declared type proves nothing.
 */
export function imageTypeOf(bytes: Buffer): 'png' | 'jpeg' | null {
  const type = sniffFileType(bytes)?.contentType;
  return type === 'image/png' ? 'png' : type === 'image/jpeg' ? 'jpeg' : null;
}

/**
 * A PNG or JPEG by its bytes, at most `maxBytes`, that libvips decodes whole (a truncated file, or
 * a PDF renamed .png, fails here): the bytes are decoded whole. The type when acceptable, else null.
 */
export async function acceptableImageType(bytes: Buffer, maxBytes: number): Promise<'png' | 'jpeg' | null> {
  if (bytes.length === 0 || bytes.length > maxBytes) return null;
  const type = imageTypeOf(bytes);
  if (!type) return null;
  try {
    const {
      format,
      width = 0,
      height = 0,
    } = await sharp(bytes, { failOn: 'truncated', limitInputPixels: 50_000_000 }).metadata();
    if (format !== type || width === 0 || height === 0) return null;
    // The header alone says nothing of the rest: decode it all (small), so a cut file fails here.
    await sharp(bytes, { failOn: 'truncated', limitInputPixels: 50_000_000 })
      .resize({ width: 16 })
      .raw()
      .toBuffer();
    return type;
  } catch {
    return null;
  }
}
