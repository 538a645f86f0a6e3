import { openSecret, sealSecret } from '../crypto/secret-box.js';
import type { TenantKeyring, WrappedKeyStore } from '../crypto/tenant-keyring.js';
import type { TenantTx } from '../db/prisma.js';
import { wrappedKeyStore } from '../db/wrapped-key-store.js';

export type SealedKind =
  | 'ingest_token'
  | 'provider_secret'
  | 'destination_secret'
  | 'destination_headers'
  | 'idempotent_response'
  | 'notification_secret';

/**
 * Envelope encryption of one value with its tenant's data key. The ciphertext is bound to its
 * tenant, kind and record: moved to another row, it no longer opens.
 */
export class SealedValues {
  constructor(private readonly keyring: TenantKeyring) {}

  async seal(tx: TenantTx, tenantId: string, kind: SealedKind, recordId: string, plaintext: string): Promise<Buffer> {
    const dataKey = await this.keyring.dataKey(tenantId, wrappedKeyStore(tx));
    return sealSecret(dataKey, plaintext, associatedData(tenantId, kind, recordId));
  }

  open(tx: TenantTx, tenantId: string, kind: SealedKind, recordId: string, sealed: Uint8Array): Promise<string> {
    return this.openFrom(wrappedKeyStore(tx), tenantId, kind, recordId, sealed);
  }

  /** As `open`, with the tenant's key read through a given store (the raw-SQL paths). */
  async openFrom(store: WrappedKeyStore, tenantId: string, kind: SealedKind, recordId: string, sealed: Uint8Array): Promise<string> {
    const dataKey = await this.keyring.dataKey(tenantId, store);
    return openSecret(dataKey, Buffer.from(sealed), associatedData(tenantId, kind, recordId)).toString('utf8');
  }
}

const associatedData = (tenantId: string, kind: SealedKind, recordId: string) => `${tenantId}:${kind}:${recordId}`;
