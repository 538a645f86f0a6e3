import { hash } from 'node:crypto';

export const INGEST_TOKEN_PREFIX = 'whep_';
const TOKEN_BYTES = 24;

export function newIngestToken(randomBytes: (size: number) => Buffer): string {
  return `${INGEST_TOKEN_PREFIX}${randomBytes(TOKEN_BYTES).toString('base64url')}`;
}

/** Tokens are found by hash (one indexed equality in the database), never by comparing plain tokens. */
export function hashIngestToken(token: string): Buffer {
  return hash('sha256', token, 'buffer');
}

export const ingestUrl = (base: string, token: string) => `${base}/${token}`;

export const maskedIngestUrl = (base: string, tokenHint: string) => `${base}${maskedIngestPath(tokenHint, '')}`;

/**
 * What an event keeps of the path it was called on: the rest after the first segment, which is the
 * token (a credential, kept only sealed in ingest_tokens). `/whep_x` -> '', `/whep_x/a/b` -> '/a/b'.
 */
export function pathAfterToken(calledPath: string): string {
  const end = calledPath.indexOf('/', 1);
  return end < 0 ? '' : calledPath.slice(end);
}

/** An event's path as shown, its token masked as in `ingest_url_hint`: `/whep_…9Ga4/a/b` (no hint: `/whep_…/a/b`). */
export const maskedIngestPath = (tokenHint: string | null, rest: string) => `/${INGEST_TOKEN_PREFIX}…${tokenHint ?? ''}${rest}`;
