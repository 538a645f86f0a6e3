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

export const maskedIngestUrl = (base: string, tokenHint: string) => `${base}/${INGEST_TOKEN_PREFIX}…${tokenHint}`;
