import type { Configuration, CreateConfiguration } from '@workspace/contracts';
import type { Database } from '../db/prisma.js';
import { CONFIGURATION_FIELDS } from '../db/configuration-record.js';
import { isUniqueViolation } from '../db/prisma-errors.js';
import { nameConflict } from './name-conflict.js';

export async function createConfiguration(options: { db: Database; input: CreateConfiguration }): Promise<Configuration> {
  const { db, input } = options;
  try {
    return await db.configuration.create({ data: input, select: CONFIGURATION_FIELDS });
  } catch (error) {
    if (isUniqueViolation(error)) throw await nameConflict(db, input.name);
    throw error;
  }
}
