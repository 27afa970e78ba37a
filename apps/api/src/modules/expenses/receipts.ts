import { RECEIPT_MAX_BYTES } from '@tasbiq/contracts/expenses';
import sharp from 'sharp';
import { fieldError } from '../../lib/errors.ts';
import { acceptableImageType } from '../../lib/image-files.ts';
import type { FileStorage } from '../../lib/storage.ts';

const STORAGE_PREFIX = 'receipts';
const THUMBNAIL_WIDTH = 320;

export type StoredReceipt = { key: string; thumbKey: string; name: string; type: 'image/png' | 'image/jpeg' };

/** The file's own name, kept for display only (never a storage key): no path, at most 120 characters. */
function cleanName(name: string, type: 'png' | 'jpeg'): string {
  const base = Array.from(name.split(/[\\/]/).pop() ?? '')
    .filter((c) => c >= ' ')
    .join('')
    .trim();
  return base.slice(0, 120) || `justificatif.${type === 'png' ? 'png' : 'jpg'}`;
}

/**
 * Checks a receipt by its content (PNG or JPEG, ≤ 10 MB, decodable whole: INVALID_RECEIPT on
 * `receipt` otherwise) and stores it privately under random keys: the photo upright with its
 * metadata dropped (a phone writes the place it was taken) and a 320 px JPEG thumbnail.
 */
export async function storeReceipt(
  storage: FileStorage,
  file: { filename: string; data: Buffer },
): Promise<StoredReceipt> {
  const type = await acceptableImageType(file.data, RECEIPT_MAX_BYTES);
  if (!type) throw fieldError('receipt', 'INVALID_RECEIPT');
  const upright = sharp(file.data, { limitInputPixels: 50_000_000 }).rotate();
  const [full, thumb] = await Promise.all([
    (type === 'png' ? upright.clone().png() : upright.clone().jpeg({ quality: 90 })).toBuffer(),
    upright
      .clone()
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .jpeg({ quality: 70 })
      .toBuffer(),
  ]);
  const key = await storage.put(full, { prefix: STORAGE_PREFIX, extension: type === 'png' ? 'png' : 'jpg' });
  try {
    const thumbKey = await storage.put(thumb, { prefix: STORAGE_PREFIX, extension: 'jpg' });
    return {
      key,
      thumbKey,
      name: cleanName(file.filename, type),
      type: type === 'png' ? 'image/png' : 'image/jpeg',
    };
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
}

export async function deleteReceipt(storage: FileStorage, keys: (string | null)[]): Promise<void> {
  await Promise.all(
    keys.filter((k): k is string => !!k).map((k) => storage.delete(k).catch(() => undefined)),
  );
}
