import { relayFindUserByIdentity } from '../../db/functions/relay-find-user-by-identity.js';
import type { ConnectionPool } from '../../db/prisma.js';
import type { TenantDatabase } from '../../db/tenant-database.js';
import type { VerifiedIdentity } from '../../sign-in/identity-providers.js';
import { createApiKey } from '../api-keys/create-api-key.js';
import { appendAuditEntry } from '../audit/append-audit-entry.js';
import type { Runtime } from '../runtime.js';
import { preparePlanRanges } from '../retention/prepare-plan-ranges.js';

const UNIQUE_VIOLATION = 'P2002';
const FREE_PLAN = 'free';

export interface SignInAccountOptions {
  pool: ConnectionPool;
  tenants: TenantDatabase;
  runtime: Runtime;
  identity: VerifiedIdentity;
  /** Names the new key, e.g. "CLI sign-in (google)"; absent: no key is made (a dashboard session needs none). */
  keyName?: string;
}

/**
 * A returning user gets a new API key in their tenant; a first sign-in creates a free account (a
 * tenant and its user) and its first key. Two first sign-ins racing: the users table's unique
 * (issuer, subject) lets one create the account, and the other signs in to it.
 */
export async function signInAccount(
  options: SignInAccountOptions,
): Promise<{ tenantId: string; userId: string; apiKey: string | null; created: boolean }> {
  const existing = await findUser(options);
  if (existing) return { ...existing, apiKey: await issueKey(options, existing), created: false };
  try {
    return { ...(await createAccount(options)), created: true };
  } catch (error) {
    if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
    const winner = await findUser(options);
    if (!winner) throw error;
    return { ...winner, apiKey: await issueKey(options, winner), created: false };
  }
}

async function findUser(options: SignInAccountOptions): Promise<{ tenantId: string; userId: string } | null> {
  const rows = await relayFindUserByIdentity(options.pool, options.identity.issuer, options.identity.subject);
  return rows[0] ? { tenantId: rows[0].tenant_id, userId: rows[0].user_id } : null;
}

async function issueKey(options: SignInAccountOptions, account: { tenantId: string; userId: string }): Promise<string | null> {
  const name = options.keyName;
  if (name === undefined) return null;
  return options.tenants.run(account.tenantId, async (tx) => {
    const { secret } = await createApiKey({
      tx,
      tenantId: account.tenantId,
      runtime: options.runtime,
      actor: `user:${account.userId}`,
      name,
    });
    return secret;
  });
}

async function createAccount(options: SignInAccountOptions): Promise<{ tenantId: string; userId: string; apiKey: string | null }> {
  const { runtime, identity } = options;
  const tenantId = runtime.newId();
  const userId = runtime.newId();
  const actor = `user:${userId}`;
  const apiKey = await options.tenants.run(tenantId, async (tx) => {
    const now = runtime.now();
    await tx.tenant.create({
      data: { id: tenantId, name: (identity.email ?? identity.name ?? 'Personal').slice(0, 200), planId: FREE_PLAN, createdAt: now },
    });
    await preparePlanRanges(tx, runtime, FREE_PLAN);
    await tx.user.create({
      data: {
        id: userId,
        tenantId,
        email: identity.email?.slice(0, 320) ?? null,
        displayName: identity.name?.slice(0, 200) ?? null,
        identityIssuer: identity.issuer,
        identitySubject: identity.subject,
        createdAt: now,
      },
    });
    await appendAuditEntry({
      tx,
      tenantId,
      runtime,
      actor,
      action: 'tenant.signed_up',
      target: { type: 'user', id: userId },
      details: { issuer: identity.issuer, plan: FREE_PLAN },
    });
    if (options.keyName === undefined) return null;
    const { secret } = await createApiKey({ tx, tenantId, runtime, actor, name: options.keyName });
    return secret;
  });
  return { tenantId, userId, apiKey };
}
