import { describe, expect, it } from '@jest/globals';
import { CryptoError } from '../../src/crypto/crypto-error.js';
import { MasterKeyProvider, parseMasterKey } from '../../src/crypto/master-key-provider.js';
import { openSecret, sealSecret } from '../../src/crypto/secret-box.js';

const dataKey = Buffer.alloc(32, 3);
const master = Buffer.alloc(32, 9);

describe('secret box (AES-256-GCM with the tenant data key)', () => {
  it('opens what it sealed, for the same record', () => {
    const sealed = sealSecret(dataKey, 'whsec_abc', 't1:provider_secret:s1');
    expect(openSecret(dataKey, sealed, 't1:provider_secret:s1').toString()).toBe('whsec_abc');
  });

  it('gives a different ciphertext each time (random IV)', () => {
    expect(sealSecret(dataKey, 'same', 'ad').equals(sealSecret(dataKey, 'same', 'ad'))).toBe(false);
  });

  it('refuses to open a secret sealed for another record or tenant', () => {
    const sealed = sealSecret(dataKey, 'whsec_abc', 't1:provider_secret:s1');
    expect(() => openSecret(dataKey, sealed, 't1:provider_secret:s2')).toThrow(CryptoError);
    expect(() => openSecret(dataKey, sealed, 't2:provider_secret:s1')).toThrow(/wrong key, wrong record or tampered data/);
  });

  it('refuses a tampered byte and a wrong key', () => {
    const sealed = sealSecret(dataKey, 'whsec_abc', 'ad');
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1]! ^= 1;
    expect(() => openSecret(dataKey, tampered, 'ad')).toThrow(CryptoError);
    expect(() => openSecret(Buffer.alloc(32, 4), sealed, 'ad')).toThrow(CryptoError);
  });

  it('refuses input that is too short or of an unknown version, and keys that are not 32 bytes', () => {
    expect(() => openSecret(dataKey, Buffer.alloc(5), 'ad')).toThrow(/too short/);
    const sealed = sealSecret(dataKey, 'x', 'ad');
    sealed[0] = 9;
    expect(() => openSecret(dataKey, sealed, 'ad')).toThrow(/version 9/);
    expect(() => sealSecret(Buffer.alloc(16), 'x', 'ad')).toThrow(/32 bytes/);
  });
});

describe('master key provider', () => {
  it('wraps and unwraps a data key bound to its tenant', async () => {
    const provider = new MasterKeyProvider({ current: master });
    const wrapped = await provider.wrap(dataKey, 'tenant:a');
    expect(await provider.unwrap(wrapped, 'tenant:a', provider.keyId)).toEqual(dataKey);
    await expect(provider.unwrap(wrapped, 'tenant:b', provider.keyId)).rejects.toThrow(/could not be unwrapped/);
  });

  it('refuses a wrapped key that was tampered with, without putting key bytes in the message', async () => {
    const provider = new MasterKeyProvider({ current: master });
    const wrapped = await provider.wrap(dataKey, 'tenant:a');
    wrapped[wrapped.length - 1]! ^= 1;
    const failure = await provider.unwrap(wrapped, 'tenant:a', provider.keyId).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CryptoError);
    expect((failure as Error).message).toBe('data key could not be unwrapped: wrong master key or tampered data');
  });

  it('names the missing master key and the variables to set when the key id is not configured', async () => {
    const wrapped = await new MasterKeyProvider({ current: master }).wrap(dataKey, 'tenant:a');
    const other = new MasterKeyProvider({ current: Buffer.alloc(32, 10) });
    const failure = await other.unwrap(wrapped, 'tenant:a', 'deadbeefdeadbeef').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CryptoError);
    expect((failure as Error).message).toBe(
      'data key was wrapped by master key deadbeefdeadbeef, which is not configured (RELAY_MASTER_KEY / RELAY_MASTER_KEY_PREVIOUS)',
    );
  });

  it('refuses master keys that are not 32 bytes, current or previous', () => {
    expect(() => new MasterKeyProvider({ current: Buffer.alloc(16) })).toThrow(/32 bytes, got 16/);
    expect(() => new MasterKeyProvider({ current: master, previous: [Buffer.alloc(31)] })).toThrow(/32 bytes, got 31/);
  });

  it('names its key by a fingerprint that does not reveal it', () => {
    const provider = new MasterKeyProvider({ current: master });
    expect(provider.keyId).toMatch(/^[0-9a-f]{16}$/);
    expect(master.toString('hex')).not.toContain(provider.keyId);
    expect(new MasterKeyProvider({ current: Buffer.alloc(32, 10) }).keyId).not.toBe(provider.keyId);
  });

  it('still unwraps keys wrapped by a previous master key after a rotation', async () => {
    const before = new MasterKeyProvider({ current: master });
    const wrapped = await before.wrap(dataKey, 'tenant:a');
    const after = new MasterKeyProvider({ current: Buffer.alloc(32, 10), previous: [master] });
    expect(await after.unwrap(wrapped, 'tenant:a', before.keyId)).toEqual(dataKey);
    const forgotten = new MasterKeyProvider({ current: Buffer.alloc(32, 10) });
    await expect(forgotten.unwrap(wrapped, 'tenant:a', before.keyId)).rejects.toThrow(/RELAY_MASTER_KEY_PREVIOUS/);
  });
});

describe('parseMasterKey', () => {
  it('accepts standard and URL-safe base64 of 32 bytes', () => {
    const key = Buffer.from(Array.from({ length: 32 }, (_, i) => 250 - i));
    expect(parseMasterKey(key.toString('base64'), 'RELAY_MASTER_KEY')).toEqual(key);
    expect(parseMasterKey(key.toString('base64url'), 'RELAY_MASTER_KEY')).toEqual(key);
  });

  it('refuses anything else with a message naming the variable and how to make one', () => {
    expect(() => parseMasterKey(Buffer.alloc(16).toString('base64'), 'RELAY_MASTER_KEY')).toThrow(
      /RELAY_MASTER_KEY must be base64 of exactly 32 bytes \(got 16 bytes\).*openssl rand -base64 32/,
    );
    expect(() => parseMasterKey('not base64 at all!', 'RELAY_MASTER_KEY_PREVIOUS')).toThrow(/RELAY_MASTER_KEY_PREVIOUS/);
  });
});
