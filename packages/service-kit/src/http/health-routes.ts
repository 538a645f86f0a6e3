import { Router } from 'express';

export type ReadinessCheck = () => Promise<unknown>;

// `/healthz`: the process is up. `/readyz`: every dependency answers within the timeout.
// The body names failing checks but never carries their error text (it may hold hosts or users).
export function healthRoutes(checks: Record<string, ReadinessCheck>, options: { timeoutMs?: number } = {}): Router {
  const router = Router();
  registerHealthRoutes(router, checks, options);
  return router;
}

// The same routes registered directly on an app, so other requests do not walk a sub-router.
export function registerHealthRoutes(router: Pick<Router, 'get'>, checks: Record<string, ReadinessCheck>, { timeoutMs = 2000 } = {}): void {
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const results = await Promise.all(Object.entries(checks).map(async ([name, check]) => [name, await passes(check, timeoutMs)] as const));
    const failing = results.filter(([, ok]) => !ok).map(([name]) => name);
    res.status(failing.length === 0 ? 200 : 503).json({
      status: failing.length === 0 ? 'ready' : 'not ready',
      checks: Object.fromEntries(results.map(([name, ok]) => [name, ok ? 'ok' : 'failing'])),
    });
  });
}

async function passes(check: ReadinessCheck, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([check().then(() => true as const), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
