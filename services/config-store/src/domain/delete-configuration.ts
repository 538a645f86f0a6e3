import type { Configuration } from '@workspace/contracts';
import type { Database } from '../db/prisma.js';
import { CONFIGURATION_FIELDS } from '../db/configuration-record.js';
import { isRecordNotFound } from '../db/prisma-errors.js';
import { AppError } from './app-error.js';

export async function deleteConfiguration(options: { db: Database; name: string }): Promise<Configuration> {
  try {
    return await options.db.configuration.delete({ where: { name: options.name }, select: CONFIGURATION_FIELDS });
  } catch (error) {
    if (isRecordNotFound(error)) throw new AppError('NOT_FOUND', `no configuration named "${options.name}"`);
    throw error;
  }
}
