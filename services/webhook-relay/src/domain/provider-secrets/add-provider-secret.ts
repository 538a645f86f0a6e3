import type { ProviderSecret } from '../../generated/prisma/client.js';
import { appendAuditEntry } from '../audit/append-audit-entry.js';
import { lockEndpoint } from '../endpoints/endpoint-view.js';
import { RelayError } from '../relay-error.js';
import { storeProviderSecret, type StoreProviderSecretOptions } from './store-provider-secret.js';

/** One more active secret for the endpoint; the ones already there stay active. */
export async function addProviderSecret(options: StoreProviderSecretOptions & { actor: string }): Promise<ProviderSecret> {
  const { tx, tenantId, runtime, endpointId } = options;
  await lockEndpoint(tx, endpointId);
  if (options.expiresAt && options.expiresAt <= runtime.now()) throw new RelayError('invalid_request', 'expires_at must be in the future');
  const secret = await storeProviderSecret(options);
  await appendAuditEntry({
    tx,
    tenantId,
    runtime,
    actor: options.actor,
    action: 'provider_secret.added',
    target: { type: 'provider_secret', id: secret.id },
    details: { endpoint_id: endpointId, label: secret.label },
  });
  return secret;
}
