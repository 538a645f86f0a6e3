import type { RequestHandler } from 'express';
import { RelayError } from '../domain/relay-error.js';

export interface StartLimitOptions {
  /** Sign-ins one client address may start per window. */
  limit: number;
  windowMs: number;
  now: () => number;
  /** Addresses tracked at once; past it, finished windows are dropped (and, if none, the oldest). */
  maxAddresses?: number;
}

/**
 * GET /auth/cli/start needs no key and stores a pending sign-in for 10 minutes: without a limit anyone
 * could fill that table. Counts per client address (`req.ip`, so TRUST_PROXY decides which address) in
 * fixed windows, in this process: with several replicas an address gets the limit once per replica.
 */
export function signInStartLimit(options: StartLimitOptions): RequestHandler {
  const windows = new Map<string, { startedAt: number; count: number }>();
  const maxAddresses = options.maxAddresses ?? 10_000;
  return (req, res, next) => {
    const now = options.now();
    const address = req.ip ?? 'unknown';
    let window = windows.get(address);
    if (!window || now - window.startedAt >= options.windowMs) {
      if (windows.size >= maxAddresses) forgetFinished(windows, now, options.windowMs, maxAddresses);
      window = { startedAt: now, count: 0 };
      windows.set(address, window);
    }
    window.count += 1;
    if (window.count <= options.limit) return next();
    res.setHeader('Retry-After', String(Math.ceil((window.startedAt + options.windowMs - now) / 1000)));
    next(
      new RelayError(
        'rate_limited',
        `too many sign-ins started from this address (at most ${options.limit} a minute); try again in a minute`,
      ),
    );
  };
}

function forgetFinished(windows: Map<string, { startedAt: number }>, now: number, windowMs: number, maxAddresses: number): void {
  for (const [address, window] of windows) if (now - window.startedAt >= windowMs) windows.delete(address);
  // Every tracked window is still running: drop the one tracked longest rather than grow without bound.
  if (windows.size >= maxAddresses) windows.delete(windows.keys().next().value!);
}
