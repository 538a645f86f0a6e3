import type { Logger } from '../logger.js';
import { createMigrator } from './migrator.js';

/** Applies the service's pending migrations (prisma/ under `serviceRoot`), logging what it did. */
export async function migrateOnStart(options: { databaseUrl: string; serviceRoot: string; logger: Logger }): Promise<void> {
  const { logger } = options;
  const migrator = createMigrator({
    databaseUrl: options.databaseUrl,
    schemaPath: `${options.serviceRoot}prisma/schema.prisma`,
    migrationsDir: `${options.serviceRoot}prisma/migrations`,
    log: (message) => logger.debug(message),
  });
  try {
    const { applied } = await migrator.deploy();
    logger.info({ applied }, applied.length ? 'applied database migrations' : 'database schema is up to date');
  } finally {
    await migrator.close();
  }
}
