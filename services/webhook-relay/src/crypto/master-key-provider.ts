import { createHash } from 'node:crypto';
import { KEY_BYTES, open, seal } from './aes-gcm.js';
import { CryptoError } from './crypto-error.js';
import type { KeyProvider } from './key-provider.js';

/** The master key from the environment (RELAY_MASTER_KEY), plus earlier ones kept for unwrapping. */
export class MasterKeyProvider implements KeyProvider {
  readonly keyId: string;
  private readonly keys = new Map<string, Buffer>();

  constructor(options: { current: Buffer; previous?: Buffer[] }) {
    for (const key of [options.current, ...(options.previous ?? [])]) {
      if (key.length !== KEY_BYTES) throw new Error(`a master key must be ${KEY_BYTES} bytes, got ${key.length}`);
      this.keys.set(fingerprint(key), key);
    }
    this.keyId = fingerprint(options.current);
  }

  async wrap(dataKey: Buffer, context: string): Promise<Buffer> {
    return seal(this.keys.get(this.keyId)!, dataKey, context);
  }

  unwraps(keyId: string): boolean {
    return this.keys.has(keyId);
  }

  async unwrap(wrapped: Buffer, context: string, keyId: string): Promise<Buffer> {
    const key = this.keys.get(keyId);
    if (!key)
      throw new CryptoError(
        `data key was wrapped by master key ${keyId}, which is not configured (RELAY_MASTER_KEY / RELAY_MASTER_KEY_PREVIOUS)`,
      );
    return open(key, wrapped, context, 'data key could not be unwrapped: wrong master key or tampered data');
  }
}

const fingerprint = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 16);

/** Standard or URL-safe base64 of exactly 32 bytes; the error names the variable and how to make one. */
export function parseMasterKey(value: string, variable: string): Buffer {
  const trimmed = value.trim();
  const key = /^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)
    ? Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
    : Buffer.alloc(0);
  if (key.length !== KEY_BYTES) {
    throw new Error(
      `${variable} must be base64 of exactly ${KEY_BYTES} bytes (got ${key.length} bytes); generate one with: openssl rand -base64 32`,
    );
  }
  return key;
}
