import type session from 'express-session';
import type { TenantDatabase } from '../db/tenant-database.js';
import { standingPrincipals, type WatchedPrincipal } from './standing-principals.js';

/** How often open long requests' principals are checked again: they end within about this long. */
export const PRINCIPAL_CHECK_MS = 2_000;

/** A long request's principal: a REST principal (API key or dashboard session) or an MCP agent's. */
export type LongRequestPrincipal = WatchedPrincipal & { sessionId?: string | undefined };

interface Watch {
  principal: LongRequestPrincipal;
  end: () => void;
}

export interface PrincipalWatchOptions {
  tenants: TenantDatabase;
  /** The dashboard's session store: a session signed out (or expired) is gone from it. */
  sessions?: session.Store | undefined;
  onError: (error: unknown) => void;
  intervalMs?: number;
}

/**
 * Long requests (the live feed, a waiting triggers.wait) read their principal once, when they start. This ends
 * them once that principal ends: its API key revoked, its dashboard session signed out, its user or tenant
 * deleted, its MCP agent revoked. One shared tick for the whole process, and only while something is watched: per tick one short
 * transaction per tenant with open requests (however many) and one store read per open dashboard session.
 * A check that fails (the database or Redis not answering) ends nothing; the next tick tries again.
 */
export class PrincipalWatch {
  private readonly watches = new Set<Watch>();
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;
  private readonly intervalMs: number;

  constructor(private readonly options: PrincipalWatchOptions) {
    this.intervalMs = options.intervalMs ?? PRINCIPAL_CHECK_MS;
  }

  /** Calls `end` (once) when the principal ends; the returned function stops watching. */
  watch(principal: LongRequestPrincipal, end: () => void): () => void {
    const watch: Watch = { principal, end };
    this.watches.add(watch);
    if (!this.timer) {
      this.timer = setInterval(() => void this.check(), this.intervalMs);
      this.timer.unref();
    }
    return () => this.forget(watch);
  }

  /** Checks every watched principal now (a tick does the same); ends the requests of those that ended. */
  check(): Promise<void> {
    this.checking ??= this.checkAll().finally(() => {
      this.checking = undefined;
    });
    return this.checking;
  }

  private forget(watch: Watch): void {
    this.watches.delete(watch);
    if (this.watches.size > 0) return;
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async checkAll(): Promise<void> {
    const byTenant = new Map<string, Watch[]>();
    for (const watch of this.watches) byTenant.set(watch.principal.tenantId, [...(byTenant.get(watch.principal.tenantId) ?? []), watch]);
    const sessionIds = new Set([...this.watches].flatMap((watch) => (watch.principal.sessionId ? [watch.principal.sessionId] : [])));
    const [stillStanding, goneSessions] = await Promise.all([
      Promise.all([...byTenant].map(([tenantId, watches]) => this.standingInTenant(tenantId, watches))),
      this.goneSessions(sessionIds),
    ]);
    const ended = [...byTenant.values()].flatMap((watches, index) => {
      const standing = stillStanding[index];
      return watches.filter(
        (watch) => (standing ? !standing(watch.principal) : false) || goneSessions.has(watch.principal.sessionId ?? ''),
      );
    });
    for (const watch of ended) {
      if (!this.watches.has(watch)) continue;
      this.forget(watch);
      watch.end();
    }
  }

  /** Whether each principal of the tenant still stands; undefined if the database could not tell. */
  private async standingInTenant(tenantId: string, watches: Watch[]): Promise<((principal: WatchedPrincipal) => boolean) | undefined> {
    try {
      return await standingPrincipals(
        this.options.tenants,
        tenantId,
        watches.map((watch) => watch.principal),
      );
    } catch (error) {
      this.options.onError(error);
      return undefined;
    }
  }

  /** Dashboard sessions no longer in the store (signed out or expired); none if the store could not tell. */
  private async goneSessions(sessionIds: Set<string>): Promise<Set<string>> {
    const store = this.options.sessions;
    const gone = new Set<string>();
    if (!store) return gone;
    await Promise.all(
      [...sessionIds].map(
        (sessionId) =>
          new Promise<void>((resolve) =>
            store.get(sessionId, (error, data) => {
              if (error) this.options.onError(error);
              else if (!data) gone.add(sessionId);
              resolve();
            }),
          ),
      ),
    );
    return gone;
  }
}
