import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantTx } from '../../db/prisma.js';
import type { CapturedRequestView, VerificationOutcome } from '../../verification/types.js';
import { verifyRequest } from '../../verification/verify-request.js';
import { isActiveSecret } from '../provider-secrets/store-provider-secret.js';
import type { Runtime } from '../runtime.js';
import type { SealedValues } from '../sealed-values.js';

export interface VerifyCapturedEventOptions {
  tx: TenantTx;
  tenantId: string;
  eventId: string;
  runtime: Runtime;
  sealed: SealedValues;
  /** The public base of ingest URLs: providers that sign the URL signed this one. */
  ingestBase: string;
  verify?: typeof verifyRequest;
}

/**
 * Checks a stored event's signature on the stored bytes, with the provider and secrets its endpoint
 * has now, and records the outcome. The event exists whatever happens here: a verifier that throws
 * is recorded as an unattempted check with its cause, never as a lost event.
 */
export async function verifyCapturedEvent(options: VerifyCapturedEventOptions): Promise<VerificationOutcome | null> {
  const { tx, tenantId, eventId, runtime } = options;
  const event = await tx.event.findUnique({ where: { id: eventId }, include: { payload: true, endpoint: { select: { provider: true } } } });
  if (!event || event.checkedAt) return null;
  const now = runtime.now();
  const stored = await tx.providerSecret.findMany({ where: { endpointId: event.endpointId, revokedAt: null }, orderBy: { id: 'desc' } });
  const secrets = await Promise.all(
    stored.filter((secret) => isActiveSecret(secret, now)).map(async (secret) => ({ id: secret.id, value: await options.sealed.open(tx, tenantId, 'provider_secret', secret.id, secret.secretCiphertext) })),
  );
  const request: CapturedRequestView = {
    method: event.method,
    url: `${options.ingestBase}${event.path}${event.query ? `?${event.query}` : ''}`,
    headers: event.headers as Array<[string, string]>,
    body: Buffer.from(event.payload.body),
  };
  let outcome: VerificationOutcome;
  try {
    outcome = (options.verify ?? verifyRequest)({ provider: event.endpoint.provider, secrets, request, now });
  } catch (error) {
    outcome = { state: 'unattempted', provider: event.endpoint.provider, cause: null, detail: { error: 'verifier_error', message: error instanceof Error ? error.message : String(error) }, matchedSecretId: null };
  }
  await tx.event.update({
    where: { id: eventId },
    data: {
      verificationState: outcome.state,
      verificationCause: outcome.cause,
      verificationDetail: (outcome.detail ?? undefined) as Prisma.InputJsonObject | undefined,
      provider: outcome.provider,
      matchedSecretId: outcome.matchedSecretId,
      verifiedAt: outcome.state === 'verified' || outcome.state === 'authenticated' ? now : null,
      checkedAt: now,
    },
  });
  return outcome;
}
