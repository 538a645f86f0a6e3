import type { RequestHandler } from 'express';
import type session from 'express-session';
import { AppError } from '../domain/app-error.js';
import { sessionIdFromCookie } from './session-cookie.js';
import { SESSION_COOKIE } from './session-middleware.js';

const notLoggedIn = () => new AppError('FORBIDDEN', 'log in first: POST /login with {"username", "password"}');

// The gate in front of every route past login. express-session owns the session's lifecycle (login
// creates and regenerates it, logout destroys it); requests in between only need to know whom the
// cookie belongs to, and they never change the session (no rolling expiry, no touch). So they read
// the same signed cookie from the same store directly, without express-session's per-request
// machinery (session objects, hashing, wrapped `end`), which alone costs a third of a simple read's
// throughput (bench/config-store, "bare+session").
export function requireSession(options: { store: session.Store; secrets: readonly string[] }): RequestHandler {
  const { store, secrets } = options;
  return (req, _res, next) => {
    const sessionId = sessionIdFromCookie(req.headers.cookie, SESSION_COOKIE, secrets);
    if (sessionId === undefined) return next(notLoggedIn());
    store.get(sessionId, (error, data) => {
      if (error) return next(error);
      next(data?.userId === undefined ? notLoggedIn() : undefined);
    });
  };
}

// For the routes that do run express-session (logout): a session it loaded with a user in it.
export const requireLoadedSession: RequestHandler = (req, _res, next) => {
  if (req.session?.userId !== undefined) return next();
  next(notLoggedIn());
};
