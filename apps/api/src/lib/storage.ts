import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded and generated files live. Keys are random (never the user's file name), so a
 * name cannot traverse folders or guess another company's file; files are always served as
 * downloads with their stored content type, never as HTML.
 * Local directory by default; an S3-compatible implementation can sit behind the same type.
 */
export type FileStorage = {
  put(data: Buffer, options: { prefix: string; extension?: string }): Promise<string>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
};

const KEY_RE = /^[a-z0-9-]+\/[A-Za-z0-9_-]+(\.[a-z0-9]{1,8})?$/;

export function createLocalStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    if (!KEY_RE.test(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(data, { prefix, extension }) {
      const safeExtension =
        extension && /^[a-z0-9]{1,8}$/.test(extension.toLowerCase()) ? `.${extension.toLowerCase()}` : '';
      const key = `${prefix}/${randomBytes(18).toString('base64url')}${safeExtension}`;
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data, { flag: 'wx' });
      return key;
    },
    get: (key) => readFile(resolve(key)),
    delete: (key) => rm(resolve(key), { force: true }),
  };
}
