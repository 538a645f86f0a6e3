import { createHash } from 'node:crypto';
import type { Runtime } from '../../domain/runtime.js';

/** Codes, refresh tokens, client secrets and consent request ids are stored only as their SHA-256. */
export const hashOAuthSecret = (secret: string): Buffer => createHash('sha256').update(secret).digest();

/** A new secret: 32 random bytes, base64url. */
export const newOAuthSecret = (runtime: Runtime, prefix: string): string => `${prefix}${runtime.randomBytes(32).toString('base64url')}`;
