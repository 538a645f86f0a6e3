/** A key or ciphertext that cannot be used; messages never carry key material. */
export class CryptoError extends Error {
  override readonly name = 'CryptoError';
}
