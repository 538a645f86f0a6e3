import type { Database } from '../db/prisma.js';
import { UNUSABLE_HASH, verifyPassword } from './password-hash.js';

export interface AuthenticatedUser {
  id: number;
  username: string;
}

export async function verifyLogin(options: { db: Database; username: string; password: string }): Promise<AuthenticatedUser | null> {
  const user = await options.db.user.findUnique({ where: { username: options.username } });
  const matches = await verifyPassword(options.password, user?.passwordHash ?? UNUSABLE_HASH);
  return user && matches ? { id: user.id, username: user.username } : null;
}
