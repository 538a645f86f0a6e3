import type { Configuration } from '@workspace/contracts';
import type { Database } from '../db/prisma.js';
import { CONFIGURATION_FIELDS } from '../db/configuration-record.js';
import { AppError } from './app-error.js';

export async function getConfiguration(options: { db: Database; name: string }): Promise<Configuration> {
  const found = await options.db.configuration.findUnique({ where: { name: options.name }, select: CONFIGURATION_FIELDS });
  if (!found) throw new AppError('NOT_FOUND', `no configuration named "${options.name}"`);
  return found;
}
