/**
 * File storage (lib/storage.ts, decision 029): the disk driver writes whole files only (a
 * temporary name linked into place) and never overwrites; the database driver keeps them as rows.
 * Both refuse keys that could leave their place.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabaseStorage, createLocalStorage, type FileStorage } from '../src/lib/storage.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
const dir = mkdtempSync(path.join(tmpdir(), 'tasbiq-storage-'));
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const drivers: Array<[string, () => FileStorage]> = [
  ['disk', () => createLocalStorage(dir)],
  ['database', () => createDatabaseStorage(t.db)],
];

describe.each(drivers)('%s storage', (_name, make) => {
  it('stores under a new random key, reads it back, deletes it', async () => {
    const storage = make();
    const data = Buffer.from([0, 1, 2, 255, 254]);
    const key = await storage.put(data, { prefix: 'exports', extension: 'CSV' });
    expect(key).toMatch(/^exports\/[A-Za-z0-9_-]{24}\.csv$/);
    expect(await storage.put(data, { prefix: 'exports', extension: 'csv' })).not.toBe(key);
    expect((await storage.get(key)).equals(data)).toBe(true);
    await storage.delete(key);
    await expect(storage.get(key)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a key that names another place', async () => {
    const storage = make();
    for (const key of ['../etc/passwd', 'exports/../../x', '/abs/key', 'exports/a b'])
      await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
    // An extension that is not one becomes no extension.
    expect(await storage.put(Buffer.from('x'), { prefix: 'exports', extension: '../sh' })).toMatch(
      /^exports\/[A-Za-z0-9_-]+$/,
    );
  });
});

it('the disk storage leaves no temporary file behind', async () => {
  const storage = createLocalStorage(dir);
  await Promise.all(
    Array.from({ length: 20 }, (_, i) => storage.put(Buffer.alloc(1000, i), { prefix: 'many' })),
  );
  const names = readdirSync(path.join(dir, 'many'));
  expect(names).toHaveLength(20);
  expect(names.filter((name) => name.endsWith('.tmp'))).toEqual([]);
});
