import { createHash } from 'node:crypto';
import { API_KEY_PREFIX } from '../../config.js';

const SECRET_BYTES = 32;

/** `whk_` + 32 random bytes (base64url): the prefix says what it is, so scanners can find leaks. */
export function newApiKeySecret(randomBytes: (size: number) => Buffer): string {
  return `${API_KEY_PREFIX}${randomBytes(SECRET_BYTES).toString('base64url')}`;
}

/** Keys are high-entropy, so a plain sha256 is enough and lets the database find them exactly. */
export function hashApiKey(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}
