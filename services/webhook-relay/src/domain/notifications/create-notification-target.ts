import type { CreateNotificationTargetRequest } from '@workspace/contracts';
import type { NotificationTarget } from '../../generated/prisma/client.js';
import { toBytes } from '../../db/bytes.js';
import type { TenantTx } from '../../db/prisma.js';
import type { EgressGuard } from '../../delivery/egress-guard.js';
import { appendAuditEntry } from '../audit/append-audit-entry.js';
import { refuseUnreachableAddress } from '../destinations/destination-address.js';
import { newSigningSecret } from '../destinations/store-destination-secret.js';
import { RelayError } from '../relay-error.js';
import type { Runtime } from '../runtime.js';
import type { SealedValues } from '../sealed-values.js';
import { NOTIFICATION_TYPES, type NotificationType } from './enqueue-notification.js';

export interface CreateNotificationTargetOptions {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  sealed: SealedValues;
  actor: string;
  input: CreateNotificationTargetRequest;
  /** Judges an IP-literal url as the notifier would (RELAY_EGRESS_ALLOW), as for destinations. */
  egressGuard: EgressGuard;
  /** RELAY_SMTP_URL is set: email targets can be sent to. */
  emailEnabled: boolean;
}

/** Registers a target; a webhook target gets a new signing secret, returned this once (null for email). */
export async function createNotificationTarget(
  options: CreateNotificationTargetOptions,
): Promise<{ target: NotificationTarget; secret: string | null }> {
  const { tx, tenantId, runtime, sealed, input } = options;
  if (input.kind === 'email' && !options.emailEnabled)
    throw new RelayError(
      'invalid_request',
      'email notification targets need an SMTP relay, and this server has none: the operator sets RELAY_SMTP_URL (docs/notifications.md#email)',
    );
  if (input.url !== undefined) refuseUnreachableAddress(options.egressGuard, input.url);
  const id = runtime.newId();
  const now = runtime.now();
  const secret = input.kind === 'webhook' ? newSigningSecret(runtime) : null;
  // Typed as this module's list: the contracts' types must be among them (a compile error otherwise).
  const types: NotificationType[] = input.types ?? [...NOTIFICATION_TYPES];
  const target = await tx.notificationTarget.create({
    data: {
      id,
      tenantId,
      kind: input.kind,
      url: input.url ?? null,
      address: input.address ?? null,
      types,
      description: input.description ?? null,
      enabled: true,
      secretCiphertext: secret ? toBytes(await sealed.seal(tx, tenantId, 'notification_secret', id, secret)) : null,
      secretHint: secret ? secret.slice(-4) : null,
      createdAt: now,
      updatedAt: now,
    },
  });
  await appendAuditEntry({
    tx,
    tenantId,
    runtime,
    actor: options.actor,
    action: 'notification_target.created',
    target: { type: 'notification_target', id },
    details: { kind: input.kind, url: input.url ?? null, address: input.address ?? null, types, description: input.description ?? null },
  });
  return { target, secret };
}
