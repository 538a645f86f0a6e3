import { randomBytes } from 'node:crypto';
import type { Database } from '../db/prisma.js';

const SECRET_NAME = 'session-secret';

// Express-session signs with the first secret and accepts all of them, so SESSION_SECRET may
// list several (comma-separated) while rotating. Without it, one secret is generated and kept
// in the database: every replica and every restart then accepts the same cookies.
export async function resolveSessionSecrets(options: { db: Database; configured?: string }): Promise<string[]> {
  if (options.configured)
    return options.configured
      .split(',')
      .map((secret) => secret.trim())
      .filter(Boolean);
  const candidate = randomBytes(32).toString('base64url');
  await options.db.serviceSecret.upsert({ where: { name: SECRET_NAME }, create: { name: SECRET_NAME, value: candidate }, update: {} });
  const stored = await options.db.serviceSecret.findUniqueOrThrow({ where: { name: SECRET_NAME } });
  return [stored.value];
}
