import { randomBytes } from 'node:crypto';
import type { Logger } from '@workspace/service-kit';
import type { Database } from '../db/prisma.js';
import { hashPassword, verifyPassword } from './password-hash.js';

const GENERATED_USERNAME = 'admin';

// The first user comes from CONFIG_STORE_USERNAME / CONFIG_STORE_PASSWORD; a changed password in
// the environment replaces the stored one. Without them, development gets a generated password,
// printed once, and production refuses to start with no user at all.
export async function ensureBootstrapUser(options: {
  db: Database;
  logger: Logger;
  username?: string;
  password?: string;
  production: boolean;
}): Promise<void> {
  const { db, logger, password } = options;
  // Logins look user names up in NFC (LoginBody), so the user is stored that way too.
  const username = options.username?.normalize('NFC');
  if (username !== undefined && password !== undefined) {
    const existing = await db.user.findUnique({ where: { username } });
    if (existing && (await verifyPassword(password, existing.passwordHash))) return;
    const passwordHash = await hashPassword(password);
    await db.user.upsert({ where: { username }, create: { username, passwordHash }, update: { passwordHash } });
    logger.info({ username }, existing ? 'updated the password of the configured user' : 'created the configured user');
    return;
  }
  if ((await db.user.count()) > 0) return;
  if (options.production) {
    throw new Error('no user exists: set CONFIG_STORE_USERNAME and CONFIG_STORE_PASSWORD for the first start');
  }
  const generated = randomBytes(18).toString('base64url');
  await db.user.create({ data: { username: GENERATED_USERNAME, passwordHash: await hashPassword(generated) } });
  // Printed on purpose, once: development has no other way to hand over the first password.
  process.stdout.write(
    `\n  config-store: created user "${GENERATED_USERNAME}" with password "${generated}" (shown once; set CONFIG_STORE_USERNAME/CONFIG_STORE_PASSWORD to choose)\n\n`,
  );
}
