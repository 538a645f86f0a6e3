// Database rows -> the wire shapes of packages/contracts (webhook-relay): each presenter returns its contract's type
// (the contract's name with Body where a database row has the same name). Secrets never pass here
// in clear except the two shown once: a new API key and an ingest URL asked for explicitly.
import { isUtf8 } from 'node:buffer';
import type {
  ApiKey as ApiKeyBody,
  AuditEntry as AuditEntryBody,
  AuditVerification as AuditVerificationBody,
  Delivery as DeliveryBody,
  DeliveryDetail,
  Destination as DestinationBody,
  DestinationSecret as DestinationSecretBody,
  Endpoint as EndpointBody,
  EndpointDedup,
  EventDetail,
  EventSummary,
  Issue as IssueBody,
  ProviderSecret as ProviderSecretBody,
  RelayPage,
  Subscription as SubscriptionBody,
  Usage,
} from '@workspace/contracts';
import type {
  ApiKey,
  AuditEntry,
  Delivery,
  DeliveryAttempt,
  DestinationSecret,
  Event,
  EventCheck,
  Issue,
  Payload,
  ProviderSecret,
  Subscription,
} from '../generated/prisma/client.js';
import type { AuditVerification } from '../domain/audit/verify-audit-chain.js';
import { breakerSettingsOf, rateLimitOf } from '../domain/destinations/destination-controls.js';
import type { DestinationWithSecrets } from '../domain/destinations/destination-view.js';
import { shownBreakerState } from '../delivery/circuit-breaker.js';
import { issueData } from '../domain/issues/issue-subject.js';
import { isActiveDestinationSecret } from '../domain/destinations/rotate-destination-secret.js';
import { API_KEY_PREFIX } from '../config.js';
import type { EndpointWithToken } from '../domain/endpoints/endpoint-view.js';
import type { EventWithPayload } from '../domain/events/get-event.js';
import { maskedIngestPath, maskedIngestUrl } from '../domain/endpoints/ingest-token.js';
import type { TenantUsageView } from '../domain/tenants/read-usage.js';
import { isActiveSecret } from '../domain/provider-secrets/store-provider-secret.js';
import { detectProvider } from '../verification/detect-provider.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function presentApiKey(key: ApiKey): ApiKeyBody {
  return {
    id: key.id,
    name: key.name,
    key_hint: `${API_KEY_PREFIX}…${key.keyHint}`,
    created_at: key.createdAt.toISOString(),
    last_used_at: iso(key.lastUsedAt),
    revoked_at: iso(key.revokedAt),
  };
}

export function presentEndpoint(endpoint: EndpointWithToken, ingestBase: string): EndpointBody {
  const token = endpoint.tokens[0];
  return {
    id: endpoint.id,
    name: endpoint.name,
    provider: endpoint.provider,
    dedup: endpoint.dedupStrategy
      ? {
          // The column holds what CreateEndpointRequest accepted: one of DEDUP_STRATEGIES.
          strategy: endpoint.dedupStrategy as EndpointDedup['strategy'],
          ...(endpoint.dedupFields.length ? { fields: endpoint.dedupFields } : {}),
          ...(endpoint.dedupWindowSeconds !== null ? { window_seconds: endpoint.dedupWindowSeconds } : {}),
        }
      : null,
    ingest_url_hint: token ? maskedIngestUrl(ingestBase, token.tokenHint) : null,
    created_at: endpoint.createdAt.toISOString(),
    updated_at: endpoint.updatedAt.toISOString(),
  };
}

export function presentProviderSecret(secret: ProviderSecret, now: Date): ProviderSecretBody {
  return {
    id: secret.id,
    label: secret.label,
    secret_hint: `…${secret.secretHint}`,
    created_at: secret.createdAt.toISOString(),
    expires_at: iso(secret.expiresAt),
    active: isActiveSecret(secret, now),
  };
}

const headerValue = (headers: unknown, name: string): string | null => {
  const pair = (headers as Array<[string, string]>).find(([key]) => key.toLowerCase() === name);
  return pair ? pair[1] : null;
};

type EventWithCheck = Event & { check: EventCheck | null };

// A check is due and not written yet: no state (pending). No check due (no provider): unattempted.
const isPending = (event: EventWithCheck) => event.toVerify && !event.check;
const stateOf = (event: EventWithCheck) => (isPending(event) ? null : (event.check?.state ?? 'unattempted'));

export function presentEventSummary(event: EventWithCheck & { payload: { size: number } }): EventSummary {
  return {
    id: event.id,
    endpoint_id: event.endpointId,
    received_at: event.receivedAt.toISOString(),
    capture_seq: event.captureSeq === null ? null : Number(event.captureSeq),
    method: event.method,
    content_type: headerValue(event.headers, 'content-type'),
    size: event.payload.size,
    provider: event.check?.provider ?? null,
    verification: { state: stateOf(event), cause: event.check?.cause ?? null, pending: isPending(event) },
    duplicate_of: event.duplicateOf,
    event_type: event.eventType,
  };
}

export function presentEventDetail(
  event: EventWithCheck & { payload: Payload; tokenHint: string | null } & Partial<SchemaChecked>,
): EventDetail {
  const body = Buffer.from(event.payload.body);
  const text = isUtf8(body);
  return {
    ...presentEventSummary(event),
    // The stored path lacks the token (a credential); shown masked, as an endpoint's ingest_url_hint.
    path: maskedIngestPath(event.tokenHint, event.path),
    query: event.query,
    headers: event.headers as Array<[string, string]>,
    source_address: event.sourceAddress,
    body: {
      encoding: text ? 'utf8' : 'base64',
      data: body.toString(text ? 'utf8' : 'base64'),
      sha256: Buffer.from(event.payloadSha256).toString('hex'),
    },
    verification: {
      state: stateOf(event),
      cause: event.check?.cause ?? null,
      pending: isPending(event),
      detail: (event.check?.detail ?? unverifiedHint(event)) as Record<string, unknown> | null,
      matched_secret_id: event.check?.matchedSecretId ?? null,
      verified_at: iso(event.check?.verifiedAt ?? null),
    },
    schema_check: event.schemaCheck
      ? { event_type_id: event.schemaCheck.eventTypeId, valid: event.schemaCheck.valid, error: event.schemaCheck.error }
      : null,
  };
}

type SchemaChecked = Pick<EventWithPayload, 'schemaCheck'>;

// An endpoint without a provider verifies nothing; the headers may still say which provider to set.
function unverifiedHint(event: EventWithCheck): Record<string, unknown> | null {
  if (event.check || event.toVerify) return null;
  const detected = detectProvider(event.headers as Array<[string, string]>);
  return detected ? { detected_provider: detected } : null;
}

export function presentAuditEntry(entry: AuditEntry): AuditEntryBody {
  return {
    id: entry.id,
    seq: Number(entry.seq),
    actor: entry.actor,
    action: entry.action,
    target: { type: entry.targetType, id: entry.targetId },
    details: entry.details as Record<string, unknown>,
    created_at: entry.createdAt.toISOString(),
    prev_hash: entry.prevHash,
    hash: entry.hash,
  };
}

export function presentAuditVerification(result: AuditVerification): AuditVerificationBody {
  const broken = result.firstBroken;
  const mismatch = result.anchorMismatch;
  return {
    intact: result.intact,
    entries: result.entries,
    last_hash: result.lastHash,
    first_broken: broken ? { seq: Number(broken.seq), id: broken.id, reason: broken.reason } : null,
    anchor_mismatch: mismatch
      ? {
          cause: mismatch.cause,
          reason: mismatch.reason,
          expected_entries: Number(mismatch.expectedEntries),
          expected_last_hash: mismatch.expectedLastHash,
          found_entries: Number(mismatch.foundEntries),
          found_last_hash: mismatch.foundLastHash,
        }
      : null,
  };
}

export const presentPage = <T, R>(page: { items: T[]; nextCursor: string | null }, present: (item: T) => R): RelayPage<R> => ({
  data: page.items.map(present),
  next_cursor: page.nextCursor,
});

export function presentUsage(usage: TenantUsageView): Usage {
  return {
    plan: {
      id: usage.plan.id as Usage['plan']['id'],
      name: usage.plan.name,
      event_allowance: usage.plan.eventAllowance,
      allowance_resets: usage.plan.allowanceResets,
      retention_days: usage.plan.retentionDays,
    },
    period_start: iso(usage.period?.start ?? null),
    period_end: iso(usage.period?.end ?? null),
    events_captured: usage.eventsCaptured,
    events_remaining: usage.eventsRemaining,
    capture_paused: usage.pausedReason !== null,
    paused_reason: usage.pausedReason,
    events_per_day: usage.eventsPerDay,
  };
}

export function presentDestinationSecret(secret: DestinationSecret, now: Date): DestinationSecretBody {
  return {
    id: secret.id,
    label: secret.label,
    secret_hint: `whsec_…${secret.secretHint}`,
    created_at: secret.createdAt.toISOString(),
    expires_at: iso(secret.expiresAt),
    active: isActiveDestinationSecret(secret, now),
  };
}

export function presentDestination(destination: DestinationWithSecrets, now: Date): DestinationBody {
  return {
    id: destination.id,
    name: destination.name,
    url: destination.url,
    header_names: destination.headerNames,
    timeout_ms: destination.timeoutMs,
    enabled: destination.enabled,
    disabled_reason: destination.disabledReason,
    paused_at: iso(destination.pausedAt),
    paused_reason: destination.pausedReason,
    rate_limit: rateLimitOf(destination),
    breaker: {
      state: shownBreakerState(destination.breakerState, destination.nextProbeAt, now),
      consecutive_failures: destination.consecutiveFailures,
      failing_since: iso(destination.failingSince),
      opened_at: iso(destination.breakerOpenedAt),
      next_probe_at: iso(destination.nextProbeAt),
      ...breakerSettingsOf(destination),
    },
    transformation_version: destination.transformationVersion,
    secrets: destination.secrets.map((secret) => presentDestinationSecret(secret, now)),
    created_at: destination.createdAt.toISOString(),
    updated_at: destination.updatedAt.toISOString(),
  };
}

export function presentSubscription(subscription: Subscription): SubscriptionBody {
  return {
    id: subscription.id,
    endpoint_id: subscription.endpointId,
    destination_id: subscription.destinationId,
    states: subscription.states,
    event_types: subscription.eventTypes,
    filter: (subscription.filter as SubscriptionBody['filter']) ?? null,
    created_at: subscription.createdAt.toISOString(),
    updated_at: subscription.updatedAt.toISOString(),
  };
}

export function presentDelivery(delivery: Delivery): DeliveryBody {
  return {
    id: delivery.id,
    destination_id: delivery.destinationId,
    event_id: delivery.eventId,
    state: delivery.state,
    attempts: delivery.attempts,
    next_attempt_at: delivery.state === 'pending' ? iso(delivery.nextAttemptAt) : null,
    last_status: delivery.lastStatus,
    last_error: delivery.lastError,
    replay_of: delivery.replayOf,
    created_at: delivery.createdAt.toISOString(),
    completed_at: iso(delivery.completedAt),
    dead_lettered_at: iso(delivery.deadLetteredAt),
    transformation_version: delivery.transformationVersion,
  };
}

export function presentDeliveryDetail(delivery: Delivery & { attemptsLog: DeliveryAttempt[] }): DeliveryDetail {
  return {
    ...presentDelivery(delivery),
    attempt_log: delivery.attemptsLog.map((attempt) => ({
      id: attempt.id,
      started_at: attempt.startedAt.toISOString(),
      duration_ms: attempt.durationMs,
      status_code: attempt.statusCode,
      error: attempt.error,
      response_excerpt: attempt.responseExcerpt,
    })),
  };
}

export function presentIssue(issue: Issue): IssueBody {
  return issueData(issue) as IssueBody;
}
