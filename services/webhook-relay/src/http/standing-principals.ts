import type { TenantDatabase } from '../db/tenant-database.js';

/** What a long request's principal rests on: any of these ending ends it. */
export interface WatchedPrincipal {
  tenantId: string;
  /** The API key that opened it, or that its dashboard session signed in with. */
  apiKeyId?: string | undefined;
  /** The user a dashboard session acts as. */
  userId?: string | undefined;
  /** An MCP agent's grant (access tokens); it stands while not revoked and its key or user does. */
  grantId?: string | undefined;
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const present = <T>(values: Array<T | null | undefined>): T[] => [...new Set(values.filter((value): value is T => value != null))];

/**
 * Which of a tenant's principals still stand, in one short transaction whatever their number: the tenant not
 * deleted, their keys not revoked, their users present, their grants not revoked (and the grant's own key or user
 * still there, as the token verifier requires).
 */
export async function standingPrincipals(
  tenants: TenantDatabase,
  tenantId: string,
  principals: WatchedPrincipal[],
): Promise<(principal: WatchedPrincipal) => boolean> {
  const found = await tenants.run(tenantId, async (tx) => {
    const tenant = await tx.tenant.findUnique({ where: { id: tenantId }, select: { deletedAt: true } });
    const grantIds = present(principals.map((principal) => principal.grantId));
    const grants = grantIds.length
      ? await tx.oAuthGrant.findMany({
          where: { id: { in: grantIds }, revokedAt: null },
          select: { id: true, apiKeySha256: true, userId: true },
        })
      : [];
    const keyIds = present(principals.map((principal) => principal.apiKeyId));
    const keyHashes = grants.flatMap((grant) => (grant.apiKeySha256 ? [grant.apiKeySha256] : []));
    const keys =
      keyIds.length || keyHashes.length
        ? await tx.apiKey.findMany({
            where: { revokedAt: null, OR: [{ id: { in: keyIds } }, { keyHash: { in: keyHashes } }] },
            select: { id: true, keyHash: true },
          })
        : [];
    const userIds = present([...principals.map((principal) => principal.userId), ...grants.map((grant) => grant.userId)]);
    const users = userIds.length ? await tx.user.findMany({ where: { id: { in: userIds } }, select: { id: true } }) : [];
    return { tenant, grants, keys, users };
  });
  if (!found.tenant || found.tenant.deletedAt) return () => false;
  const liveKeyIds = new Set(found.keys.map((key) => key.id));
  const liveKeyHashes = new Set(found.keys.map((key) => base64(key.keyHash)));
  const users = new Set(found.users.map((user) => user.id));
  const grants = new Set(
    found.grants
      .filter((grant) =>
        grant.apiKeySha256 ? liveKeyHashes.has(base64(grant.apiKeySha256)) : grant.userId !== null && users.has(grant.userId),
      )
      .map((grant) => grant.id),
  );
  return (principal) =>
    (!principal.apiKeyId || liveKeyIds.has(principal.apiKeyId)) &&
    (!principal.userId || users.has(principal.userId)) &&
    (!principal.grantId || grants.has(principal.grantId));
}
