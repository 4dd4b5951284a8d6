import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomSigningKey } from './environment';

/**
 * The token-signing key kept in the data folder, created on first start, so that
 * pagination tokens handed out before a restart stay valid after it. Readable by
 * its owner only.
 */
export function persistentSigningKey(dataDir: string): string {
  const file = join(dataDir, 'token-signing-key');
  if (existsSync(file)) {
    const key = readFileSync(file, 'utf8').trim();
    if (key.length >= 32) return key;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomSigningKey();
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}
