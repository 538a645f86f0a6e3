import type { Configuration } from '@workspace/contracts';
import { findConfigurationByName } from '../db/find-configuration-by-name.js';
import type { ConnectionPool } from '../db/prisma.js';
import { AppError } from './app-error.js';

export async function getConfiguration(options: { pool: ConnectionPool; name: string }): Promise<Configuration> {
  const found = await findConfigurationByName(options.pool, options.name);
  if (!found) throw new AppError('NOT_FOUND', `no configuration named "${options.name}"`);
  return found;
}
