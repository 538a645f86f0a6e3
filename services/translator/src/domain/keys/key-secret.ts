import { createHash, randomBytes, randomUUID } from 'node:crypto';

// Secrets are random, so one SHA-256 is enough to store them: nothing to brute-force.
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** `db96****cb2c`: enough to tell keys apart in a report, never enough to use one. */
export function maskSecret(secret: string): string {
  return secret.length <= 8 ? '****' : `${secret.slice(0, 4)}****${secret.slice(-4)}`;
}

/** DeepL's ApiKeyId shape: two GUIDs separated by a colon. */
export function newKeyId(uuid: () => string = randomUUID): string {
  return `${uuid()}:${uuid()}`;
}

/** A DeepL-looking secret (`<uuid>:adm` for admin keys, `<uuid>` otherwise) with 256 bits of randomness. */
export function newSecret(isAdmin: boolean, random: (size: number) => Buffer = randomBytes): string {
  const hex = random(32).toString('hex');
  const uuidShaped = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}${hex.slice(32)}`;
  return isAdmin ? `${uuidShaped}:adm` : uuidShaped;
}
