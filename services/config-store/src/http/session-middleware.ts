import session from 'express-session';

export const SESSION_COOKIE = 'config_store.sid';

declare module 'express-session' {
  interface SessionData {
    userId: number;
    username: string;
  }
}

export function sessionMiddleware(options: { store: session.Store; secrets: string[]; ttlSeconds: number }) {
  return session({
    name: SESSION_COOKIE,
    secret: options.secrets,
    store: options.store,
    // Nothing is written until a login succeeds, so a failed login sets no cookie.
    saveUninitialized: false,
    resave: false,
    rolling: false,
    // 'auto': Secure whenever the request arrived over HTTPS, as seen through `trust proxy`.
    cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: options.ttlSeconds * 1000, path: '/' },
  });
}
