import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Outside production, a field-encryption key generated on first start and
 * kept in the data directory (never in the repository), so that a fresh
 * `npm start` works and a restart can still read what it stored.
 */
export function developmentEncryptionKey(dataDir: string): Buffer {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { fieldEncryptionKey: string };
    return Buffer.from(stored.fieldEncryptionKey, 'base64');
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, JSON.stringify({ fieldEncryptionKey: key.toString('base64') }, null, 2), { mode: 0o600, flag: 'wx' });
  return key;
}
