import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { storedFiles } from '../db/schema/platform.ts';

/**
 * Where uploaded and generated files live. Keys are random (never the user's file name), so a
 * name cannot traverse folders or guess another company's file; files are always served as
 * downloads with their stored content type, never as HTML.
 * A directory (STORAGE_DRIVER=disk, the default: shared by several API processes when they mount
 * the same one) or the database (STORAGE_DRIVER=database: processes that share no disk); an
 * S3-compatible implementation can sit behind the same type.
 */
export type FileStorage = {
  put(data: Buffer, options: { prefix: string; extension?: string }): Promise<string>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
};

const KEY_RE = /^[a-z0-9-]+\/[A-Za-z0-9_-]+(\.[a-z0-9]{1,8})?$/;

function checkedKey(key: string): string {
  if (!KEY_RE.test(key)) throw new Error(`Invalid storage key: ${key}`);
  return key;
}

/** A new random key under `prefix` (a file's own name never reaches the storage). */
function newKey(prefix: string, extension: string | undefined): string {
  const safeExtension =
    extension && /^[a-z0-9]{1,8}$/.test(extension.toLowerCase()) ? `.${extension.toLowerCase()}` : '';
  return checkedKey(`${prefix}/${randomBytes(18).toString('base64url')}${safeExtension}`);
}

export function createLocalStorage(root: string): FileStorage {
  const resolve = (key: string) => path.join(root, checkedKey(key));
  return {
    async put(data, { prefix, extension }) {
      const key = newKey(prefix, extension);
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written whole under a temporary name, then linked into place: another process (or this
      // one after a crash mid-write) never reads a half-written file under a real key, and an
      // existing key is never overwritten (link refuses, like the 'wx' flag did).
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(temporary, data, { flag: 'wx' });
        await link(temporary, file);
      } finally {
        await rm(temporary, { force: true });
      }
      return key;
    },
    get: async (key) => readFile(resolve(key)),
    delete: async (key) => rm(resolve(key), { force: true }),
  };
}

/** Files as rows of stored_files: one transaction writes a file whole or not at all. */
export function createDatabaseStorage(db: Db): FileStorage {
  return {
    async put(data, { prefix, extension }) {
      const key = newKey(prefix, extension);
      await db.insert(storedFiles).values({ key, data });
      return key;
    },
    async get(key) {
      const [row] = await db
        .select({ data: storedFiles.data })
        .from(storedFiles)
        .where(eq(storedFiles.key, checkedKey(key)));
      if (!row) throw Object.assign(new Error(`No stored file: ${key}`), { code: 'ENOENT' });
      return row.data;
    },
    async delete(key) {
      await db.delete(storedFiles).where(eq(storedFiles.key, checkedKey(key)));
    },
  };
}
