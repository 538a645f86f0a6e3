import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { CryptoError } from './crypto-error.js';

// Layout of everything sealed here: version (1 byte) | IV (12) | tag (16) | ciphertext.
const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + IV_BYTES + TAG_BYTES;
export const KEY_BYTES = 32;

/** AES-256-GCM with a fresh random IV; `associatedData` is authenticated, not stored. */
export function seal(key: Buffer, plaintext: Buffer, associatedData: string): Buffer {
  assertKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), ciphertext]);
}

/** Opens what seal produced, or throws `failure` (wrong key, wrong associated data, tampered bytes). */
export function open(key: Buffer, sealed: Buffer, associatedData: string, failure: string): Buffer {
  assertKey(key);
  if (sealed.length < HEADER_BYTES) throw new CryptoError(`sealed value is too short (${sealed.length} bytes) to be one of ours`);
  if (sealed[0] !== VERSION) throw new CryptoError(`sealed value has unknown format version ${sealed[0]}`);
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(1, 1 + IV_BYTES));
  decipher.setAAD(Buffer.from(associatedData, 'utf8'));
  decipher.setAuthTag(sealed.subarray(1 + IV_BYTES, HEADER_BYTES));
  try {
    return Buffer.concat([decipher.update(sealed.subarray(HEADER_BYTES)), decipher.final()]);
  } catch {
    throw new CryptoError(failure);
  }
}

function assertKey(key: Buffer): void {
  if (key.length !== KEY_BYTES) throw new CryptoError(`AES-256 keys are ${KEY_BYTES} bytes, got ${key.length}`);
}
