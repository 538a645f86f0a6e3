import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's defaults, made strict for JSON APIs: an API answers no HTML, so its Content-Security-Policy
 * allows nothing to load or frame it (`default-src 'none'; frame-ancestors 'none'`), and frames are denied.
 * A route that serves pages (the relay's dashboard) sets its own `Content-Security-Policy` afterwards with
 * `res.setHeader`, which replaces this one: every header here is set with setHeader, before the routes run.
 */
export const API_HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
  },
  xFrameOptions: { action: 'deny' },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  referrerPolicy: { policy: 'no-referrer' },
  crossOriginResourcePolicy: { policy: 'same-origin' },
};

/**
 * The headers helmet sets with these options, worked out once: helmet's middleware is a chain of one
 * function per header, and these answers' headers never depend on the request, so each request gets the
 * same precomputed list (bench/config-store measures a simple read; a chain per request costs a share of it).
 */
export function helmetHeaders(options: Readonly<HelmetOptions> = API_HELMET_OPTIONS): ReadonlyArray<readonly [string, string]> {
  const headers: Array<[string, string]> = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name, String(value)]);
    },
    removeHeader() {},
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/** helmet's headers plus `Cache-Control: no-store`: answers behind a key or a session must never be stored by shared caches. */
export function securityHeadersWith(options: Readonly<HelmetOptions> = API_HELMET_OPTIONS): RequestHandler {
  const headers = [['Cache-Control', 'no-store'] as const, ...helmetHeaders(options)];
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/** The JSON APIs' headers (API_HELMET_OPTIONS). */
export const securityHeaders: RequestHandler = securityHeadersWith();
