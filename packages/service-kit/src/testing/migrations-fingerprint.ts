import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { listMigrationNames, MIGRATION_FILE } from '../migrate/migrations-dir.js';

// Folder names are hashed too: renaming a migration changes _prisma_migrations, so the template is stale.
export async function migrationsFingerprint(migrationsDir: string): Promise<string> {
  const hash = createHash('sha256');
  for (const name of await listMigrationNames(migrationsDir)) {
    const sql = await readFile(join(migrationsDir, name, MIGRATION_FILE)).catch(() => Buffer.alloc(0));
    hash.update(`${name}\n${createHash('sha256').update(sql).digest('hex')}\n`);
  }
  return hash.digest('hex');
}
