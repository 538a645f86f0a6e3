import type { DestinationSecret } from '../../generated/prisma/client.js';
import type { TenantTx } from '../../db/prisma.js';
import { appendAuditEntry } from '../audit/append-audit-entry.js';
import { RelayError } from '../relay-error.js';
import type { Runtime } from '../runtime.js';
import type { SealedValues } from '../sealed-values.js';
import { lockDestination } from './destination-view.js';
import { newSigningSecret, storeDestinationSecret } from './store-destination-secret.js';

export const isActiveDestinationSecret = (secret: Pick<DestinationSecret, 'revokedAt' | 'expiresAt'>, now: Date) =>
  secret.revokedAt === null && (secret.expiresAt === null || secret.expiresAt > now);

/** A new secret; the active ones keep signing (one v1 signature each) until the grace period ends. */
export async function rotateDestinationSecret(options: {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  sealed: SealedValues;
  actor: string;
  destinationId: string;
  secret?: string;
  label: string | null;
  previousExpireInSeconds: number;
}): Promise<{ secret: string; created: DestinationSecret; previous: DestinationSecret[] }> {
  const { tx, tenantId, runtime, sealed, destinationId } = options;
  const destination = await lockDestination(tx, sealed, destinationId);
  const now = runtime.now();
  const retireAt = new Date(now.getTime() + options.previousExpireInSeconds * 1000);
  const previous: DestinationSecret[] = [];
  for (const active of destination.secrets.filter((item) => isActiveDestinationSecret(item, now))) {
    const expiresAt = active.expiresAt && active.expiresAt < retireAt ? active.expiresAt : retireAt;
    previous.push(await tx.destinationSecret.update({ where: { id: active.id }, data: { expiresAt } }));
  }
  const secret = options.secret ?? newSigningSecret(runtime);
  const created = await storeDestinationSecret({ tx, tenantId, runtime, sealed, destinationId, secret, label: options.label });
  await appendAuditEntry({
    tx,
    tenantId,
    runtime,
    actor: options.actor,
    action: 'destination_secret.rotated',
    target: { type: 'destination_secret', id: created.id },
    details: { destination_id: destinationId, previous: previous.map((item) => item.id), previous_expire_at: retireAt.toISOString() },
  });
  return { secret, created, previous };
}

/** Stops signing with one secret at once. */
export async function revokeDestinationSecret(options: {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  sealed: SealedValues;
  actor: string;
  destinationId: string;
  secretId: string;
}): Promise<void> {
  const { tx, tenantId, runtime, destinationId, secretId } = options;
  await lockDestination(tx, options.sealed, destinationId);
  const { count } = await tx.destinationSecret.updateMany({
    where: { id: secretId, destinationId, revokedAt: null },
    data: { revokedAt: runtime.now() },
  });
  if (count === 0) throw new RelayError('not_found', `secret ${secretId} not found on destination ${destinationId}`);
  await appendAuditEntry({
    tx,
    tenantId,
    runtime,
    actor: options.actor,
    action: 'destination_secret.revoked',
    target: { type: 'destination_secret', id: secretId },
    details: { destination_id: destinationId },
  });
}
