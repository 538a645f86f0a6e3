import { open, seal } from './aes-gcm.js';

/** Seals a tenant secret with the tenant's data key, bound to its record by `associatedData`. */
export function sealSecret(dataKey: Buffer, plaintext: Buffer | string, associatedData: string): Buffer {
  return seal(dataKey, Buffer.isBuffer(plaintext) ? plaintext : Buffer.from(plaintext, 'utf8'), associatedData);
}

export function openSecret(dataKey: Buffer, sealed: Buffer, associatedData: string): Buffer {
  return open(dataKey, sealed, associatedData, 'secret could not be decrypted: wrong key, wrong record or tampered data');
}
