import { LoginBody } from '@workspace/contracts';
import type { Express, RequestHandler } from 'express';
import type { Database } from '../../db/prisma.js';
import { verifyLogin } from '../../domain/verify-login.js';
import { AppError } from '../../domain/app-error.js';
import { parseOrThrow } from '../parse.js';
import { requireLoadedSession } from '../require-session.js';
import { SESSION_COOKIE } from '../session-middleware.js';

// Registered on the app itself rather than a sub-router, which every other request would have to
// walk through on its way past. Only these two routes run express-session: they are the ones that
// create, regenerate and destroy sessions.
export function registerAuthRoutes(
  app: Express,
  options: { db: Database; loginRateLimits: RequestHandler[]; sessions: RequestHandler; json: RequestHandler },
): void {
  app.post('/login', options.json, options.sessions, ...options.loginRateLimits, async (req, res) => {
    const credentials = parseOrThrow(LoginBody, req.body, 'a body with username and password');
    const user = await verifyLogin({ db: options.db, ...credentials });
    if (!user) throw new AppError('UNAUTHORIZED', 'Unauthorized');
    // A fresh session id at login, so an id planted before login is worthless after it.
    await new Promise<void>((resolve, reject) => req.session.regenerate((error) => (error ? reject(error) : resolve())));
    req.session.userId = user.id;
    req.session.username = user.username;
    await new Promise<void>((resolve, reject) => req.session.save((error) => (error ? reject(error) : resolve())));
    res.type('text/plain').send('Authorized');
  });

  app.post('/logout', options.sessions, requireLoadedSession, async (req, res) => {
    await new Promise<void>((resolve, reject) => req.session.destroy((error) => (error ? reject(error) : resolve())));
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    res.type('text/plain').send('Success');
  });
}
