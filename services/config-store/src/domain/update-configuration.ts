import type { Configuration, UpdateConfiguration } from '@workspace/contracts';
import type { Database } from '../db/prisma.js';
import { CONFIGURATION_FIELDS } from '../db/configuration-record.js';
import { isRecordNotFound, isUniqueViolation } from '../db/prisma-errors.js';
import { AppError } from './app-error.js';
import { nameConflict } from './name-conflict.js';

export async function updateConfiguration(options: { db: Database; name: string; patch: UpdateConfiguration }): Promise<Configuration> {
  const { db, name, patch } = options;
  try {
    return await db.configuration.update({ where: { name }, data: patch, select: CONFIGURATION_FIELDS });
  } catch (error) {
    if (isRecordNotFound(error)) throw new AppError('NOT_FOUND', `no configuration named "${name}"`);
    if (isUniqueViolation(error) && patch.name !== undefined) throw await nameConflict(db, patch.name);
    throw error;
  }
}
