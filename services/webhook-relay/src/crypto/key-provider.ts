/**
 * Wraps and unwraps tenant data keys. The master key never leaves the provider, so a cloud KMS
 * can take this place without the rest of the service changing. `context` is authenticated with
 * the wrapped key: a wrapped key copied to another tenant does not unwrap.
 */
export interface KeyProvider {
  /** Which key wraps new data keys: a fingerprint stored beside each wrapped key, never the key. */
  readonly keyId: string;
  wrap(dataKey: Buffer, context: string): Promise<Buffer>;
  unwrap(wrapped: Buffer, context: string, keyId: string): Promise<Buffer>;
  /** Whether keys wrapped under `keyId` can be unwrapped here (checked at start against the database). */
  unwraps(keyId: string): boolean;
}
