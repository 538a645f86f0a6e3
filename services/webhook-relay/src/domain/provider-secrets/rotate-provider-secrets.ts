import type { ProviderSecret } from '../../generated/prisma/client.js';
import { appendAuditEntry } from '../audit/append-audit-entry.js';
import { lockEndpoint } from '../endpoints/endpoint-view.js';
import { isActiveSecret, storeProviderSecret, type StoreProviderSecretOptions } from './store-provider-secret.js';

export interface RotateProviderSecretsOptions extends Omit<StoreProviderSecretOptions, 'expiresAt'> {
  actor: string;
  /** How long the secrets in use now keep verifying: providers switch over gradually. */
  previousExpireInSeconds: number;
}

/** Adds the new secret and gives every active one an end: both verify until then. */
export async function rotateProviderSecrets(
  options: RotateProviderSecretsOptions,
): Promise<{ secret: ProviderSecret; previous: ProviderSecret[] }> {
  const { tx, tenantId, runtime, endpointId } = options;
  await lockEndpoint(tx, endpointId);
  const now = runtime.now();
  const retireAt = new Date(now.getTime() + options.previousExpireInSeconds * 1000);
  const active = (await tx.providerSecret.findMany({ where: { endpointId, revokedAt: null } })).filter((secret) =>
    isActiveSecret(secret, now),
  );
  const previous: ProviderSecret[] = [];
  for (const secret of active) {
    const expiresAt = secret.expiresAt && secret.expiresAt < retireAt ? secret.expiresAt : retireAt;
    previous.push(await tx.providerSecret.update({ where: { id: secret.id }, data: { expiresAt } }));
  }
  const secret = await storeProviderSecret({ ...options, expiresAt: null });
  await appendAuditEntry({
    tx,
    tenantId,
    runtime,
    actor: options.actor,
    action: 'provider_secret.rotated',
    target: { type: 'provider_secret', id: secret.id },
    details: { endpoint_id: endpointId, previous: previous.map((item) => item.id), previous_expire_at: retireAt.toISOString() },
  });
  return { secret, previous };
}
