import pg from 'pg';
import { parseDatabaseUrl } from './database-url.js';

// Server-level work (CREATE/DROP DATABASE) must not run while connected to the database it targets.
const MAINTENANCE_DATABASES = ['postgres', 'template1'] as const;

export async function connectMaintenance(target: string | pg.ClientConfig): Promise<pg.Client> {
  const config = typeof target === 'string' ? parseDatabaseUrl(target) : target;
  let lastError: unknown;
  for (const database of MAINTENANCE_DATABASES) {
    const client = new pg.Client({ ...config, database, application_name: 'service-kit-admin' });
    try {
      await client.connect();
      return client;
    } catch (error) {
      lastError = error;
      await client.end().catch(() => undefined);
      // Only a missing maintenance database is worth another try; auth or network errors are final.
      if ((error as { code?: string }).code !== '3D000') break;
    }
  }
  const reason = lastError instanceof Error ? lastError.message : String(lastError);
  throw new Error(
    `Cannot connect to PostgreSQL at ${config.host ?? 'localhost'}:${config.port ?? 5432} as "${config.user ?? ''}": ${reason}`,
  );
}

export async function withMaintenanceClient<T>(target: string | pg.ClientConfig, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = await connectMaintenance(target);
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export function pgErrorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null ? (error as { code?: string }).code : undefined;
}
