import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import express, { type Express } from 'express';

/** Where `pnpm build` writes the dashboard's page, script and styles (dashboard/ in the source tree). */
export const DASHBOARD_ASSETS = fileURLToPath(new URL('../../dist/public/dashboard/', import.meta.url));

/**
 * Only this server's own files: no inline script or style, no third party, no framing; the page talks to
 * this origin alone (fetch and the live feed). The download of an event's raw body is a blob: URL.
 */
export const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/**
 * GET /dashboard/... from the files built into dist, with the dashboard's Content-Security-Policy; `/`
 * leads there. Without a build (a test run from source), /dashboard answers 404 like any unknown path.
 */
export function serveDashboard(app: Express, assets = DASHBOARD_ASSETS): void {
  app.get('/', (_req, res) => res.redirect(302, '/dashboard/'));
  if (!existsSync(assets)) return;
  app.use(
    '/dashboard',
    (_req, res, next) => {
      res.setHeader('Content-Security-Policy', DASHBOARD_CSP);
      res.setHeader('Cache-Control', 'no-cache');
      next();
    },
    express.static(assets, { index: 'index.html', redirect: true, fallthrough: true, dotfiles: 'ignore' }),
  );
}
