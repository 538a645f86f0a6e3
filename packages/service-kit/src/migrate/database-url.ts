import type { ConnectionOptions } from 'node:tls';

export interface DatabaseConfig {
  host: string;
  port: number;
  user: string;
  password?: string;
  database: string;
  ssl?: boolean | ConnectionOptions;
}

// Split by hand instead of `new URL()`: WHATWG rejects libpq-style `postgresql://user@/db?host=/socket`
// (credentials with an empty host), and withDatabase must keep the rest of the URL byte for byte.
const URL_PATTERN = /^(postgres(?:ql)?):\/\/([^/?#]*)(\/[^?#]*)?(\?[^#]*)?(#.*)?$/i;

interface UrlParts {
  prefix: string;
  authority: string;
  path: string;
  query: string;
}

function splitUrl(url: string): UrlParts {
  const match = URL_PATTERN.exec(url.trim());
  if (!match) {
    throw new Error(`Invalid database URL: expected postgresql://user:password@host:port/database, got "${redact(url)}"`);
  }
  const [, scheme = '', authority = '', path = '', query = ''] = match;
  return { prefix: `${scheme}://${authority}`, authority, path, query };
}

// Error messages must never echo a password.
function redact(url: string): string {
  return url.replace(/(:\/\/[^:/?#@]*:)[^@/?#]*@/, '$1***@');
}

function decode(part: string, what: string, url: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new Error(`Invalid database URL: cannot decode the ${what} in "${redact(url)}"`);
  }
}

function sslFromMode(mode: string | null, url: string): DatabaseConfig['ssl'] {
  switch (mode) {
    case null:
    case 'disable':
    case 'allow':
    case 'prefer':
      return undefined;
    // libpq's `require` encrypts without verifying the certificate; verify-* verify it.
    case 'require':
    case 'no-verify':
      return { rejectUnauthorized: false };
    case 'verify-ca':
    case 'verify-full':
      return true;
    default:
      throw new Error(`Invalid database URL: unknown sslmode "${mode}" in "${redact(url)}"`);
  }
}

export function parseDatabaseUrl(url: string): DatabaseConfig {
  const { authority, path, query } = splitUrl(url);
  const params = new URLSearchParams(query.slice(1));

  const at = authority.lastIndexOf('@');
  const userInfo = at >= 0 ? authority.slice(0, at) : '';
  const hostPort = at >= 0 ? authority.slice(at + 1) : authority;

  const colon = userInfo.indexOf(':');
  const rawUser = colon >= 0 ? userInfo.slice(0, colon) : userInfo;
  const rawPassword = colon >= 0 ? userInfo.slice(colon + 1) : undefined;

  const hostMatch = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(hostPort);
  if (!hostMatch) throw new Error(`Invalid database URL: cannot read host and port in "${redact(url)}"`);
  const rawHost = (hostMatch[1] ?? '').replace(/^\[(.*)\]$/, '$1');
  const rawPort = params.get('port') ?? hostMatch[2] ?? '';

  const host = params.get('host') ?? (rawHost ? decode(rawHost, 'host', url) : 'localhost');
  const port = rawPort === '' ? 5432 : Number(rawPort);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    throw new Error(`Invalid database URL: bad port "${rawPort}" in "${redact(url)}"`);
  }

  const user = params.get('user') ?? (rawUser ? decode(rawUser, 'user name', url) : (process.env.PGUSER ?? 'postgres'));
  const password = params.get('password') ?? (rawPassword !== undefined ? decode(rawPassword, 'password', url) : undefined);
  const database = params.get('dbname') ?? (path.length > 1 ? decode(path.slice(1), 'database name', url) : user);

  const config: DatabaseConfig = { host, port, user, database };
  if (password !== undefined) config.password = password;
  const ssl = sslFromMode(params.get('sslmode'), url);
  if (ssl !== undefined) config.ssl = ssl;
  return config;
}

export function withDatabase(url: string, name: string): string {
  parseDatabaseUrl(url);
  const { prefix, query } = splitUrl(url);
  const params = new URLSearchParams(query.slice(1));
  // A `dbname` parameter would override the path and silently keep the old database.
  if (params.has('dbname')) {
    params.delete('dbname');
    const rest = params.toString();
    return `${prefix}/${encodeURIComponent(name)}${rest ? `?${rest}` : ''}`;
  }
  return `${prefix}/${encodeURIComponent(name)}${query}`;
}
