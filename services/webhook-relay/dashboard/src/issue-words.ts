import type { DestinationBreaker, IssueKind } from './types.js';

// Failure intelligence in words: an issue's kind and a breaker's state as a person reads them.

export const ISSUE_KINDS: Record<IssueKind, string> = {
  connection_refused: 'Connection refused',
  connection_error: 'Connection error',
  tls: 'TLS failure',
  timeout: 'Timed out',
  egress_refused: 'Address not allowed',
  http_5xx: 'HTTP 5xx',
  http_429: 'HTTP 429 (too many requests)',
  redirect: 'Redirect (not followed)',
  http_4xx: 'HTTP 4xx',
  gone: 'Gone (HTTP 410)',
  verification_failed: 'Verification failing',
  transformation_failed: 'Transformation failed',
};

export const issueKind = (kind: string): string => ISSUE_KINDS[kind as IssueKind] ?? kind.replace(/_/g, ' ');

export const ISSUE_STATES: Array<[value: string, label: string]> = [
  ['unresolved', 'Unresolved'],
  ['open', 'Open'],
  ['acknowledged', 'Acknowledged'],
  ['resolved', 'Resolved'],
  ['all', 'All'],
];

const BREAKER_STATES: Record<DestinationBreaker['state'], [word: string, meaning: string]> = {
  closed: ['closed', 'deliveries flow'],
  open: ['open', 'the queue waits for the next probe; nothing is dead-lettered'],
  half_open: ['half-open', 'a probe is due or being sent; its success closes the breaker'],
};

/** The breaker's state as a word (for its badge) and what it means. */
export const breakerState = (state: DestinationBreaker['state']): [word: string, meaning: string] => BREAKER_STATES[state] ?? [state, ''];

/** Who resolved or acknowledged it, when the relay did so itself. */
export function byWhom(actor: string | null): string | null {
  if (!actor) return null;
  if (actor === 'system:delivery') return 'the relay (deliveries succeed again)';
  if (actor === 'system:verification') return 'the relay (verification succeeds again)';
  return actor;
}
