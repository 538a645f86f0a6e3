import { describe, expect, it } from '@jest/globals';
import { UNUSABLE_HASH, hashPassword, verifyPassword } from '../../src/domain/password-hash.js';

describe('password hashing', () => {
  it('verifies the password it hashed and nothing else', async () => {
    const stored = await hashPassword('s3cret');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('s3cret', stored)).toBe(true);
    expect(await verifyPassword('s3cret ', stored)).toBe(false);
  });

  it('salts each hash, so equal passwords store differently', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('matches no password against the placeholder used for unknown users', async () => {
    expect(await verifyPassword('', UNUSABLE_HASH)).toBe(false);
  });

  it('rejects stored values in an unknown format instead of throwing', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
  });
});
