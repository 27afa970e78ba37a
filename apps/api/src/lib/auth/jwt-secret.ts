import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';

/**
 * The secret that signs tokens (decision 026). JWT_SECRET when set (production requires it, see
 * config.ts). Otherwise a random secret generated on the first start and kept with the data, in a
 * file readable by its owner only, so a restart keeps everyone logged in and no two installations
 * share a key. An in-memory database (tests) gets a random secret for the life of the process.
 */
export type JwtSecret = {
  secret: string;
  source: 'env' | 'memory' | 'file';
  file?: string;
  created?: boolean;
};

const MIN_LENGTH = 32;

/** The default file: `jwt-secret` beside the PGlite directory (./data/jwt-secret). */
export function jwtSecretFileOf(config: Pick<Config, 'JWT_SECRET_FILE' | 'PGLITE_DIR'>): string | null {
  if (config.JWT_SECRET_FILE) return path.resolve(config.JWT_SECRET_FILE);
  if (config.PGLITE_DIR === 'memory://') return null;
  return path.join(path.dirname(path.resolve(config.PGLITE_DIR)), 'jwt-secret');
}

export function resolveJwtSecret(
  config: Pick<Config, 'JWT_SECRET' | 'JWT_SECRET_FILE' | 'PGLITE_DIR' | 'NODE_ENV'>,
): JwtSecret {
  if (config.JWT_SECRET) return { secret: config.JWT_SECRET, source: 'env' };
  if (config.NODE_ENV === 'production') throw new Error('JWT_SECRET must be set in production');
  const file = jwtSecretFileOf(config);
  if (!file) return { secret: randomBytes(48).toString('base64url'), source: 'memory' };
  return { ...loadOrCreateSecretFile(file), source: 'file', file };
}

function isCode(error: unknown, code: string): boolean {
  return (error as { code?: unknown })?.code === code;
}

function readSecretFile(file: string): string {
  // Tighten a file someone made readable by others: it is a signing key.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_LENGTH) {
    throw new Error(
      `${file} does not hold a usable JWT secret (at least ${MIN_LENGTH} characters): fix or delete it`,
    );
  }
  return secret;
}

/**
 * Reads the file, or creates it atomically if absent: written in full under a temporary name with
 * mode 0600, then hard-linked into place (fails if another process got there first, and a reader
 * never sees a half-written file). Two processes starting at once end up with the same secret.
 */
export function loadOrCreateSecretFile(file: string): { secret: string; created: boolean } {
  try {
    return { secret: readSecretFile(file), created: false };
  } catch (error) {
    if (!isCode(error, 'ENOENT')) throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temporary, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  let created = false;
  try {
    linkSync(temporary, file);
    created = true;
  } catch (error) {
    if (!isCode(error, 'EEXIST')) throw error;
  } finally {
    unlinkSync(temporary);
  }
  return { secret: readSecretFile(file), created };
}
