import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CliError } from './errors.js';
import type { ListenerCursor } from './listener-cursor.js';

export interface Credentials {
  api_url: string;
  api_key: string;
}

/** Listener cursors: where each forwarding listener resumes, per API and endpoint. */
type Cursors = Record<string, ListenerCursor | string>;

const FILE_MODE = 0o600;
const DIR_MODE = 0o700;

/**
 * The CLI's files in the user's config directory (env-paths): `credentials.json` holds the API key and
 * is readable by its owner only (0600, in a 0700 directory); `cursors.json` remembers where each
 * `listen --forward` stopped.
 */
export class ConfigStore {
  constructor(readonly dir: string) {}

  get credentialsPath(): string {
    return join(this.dir, 'credentials.json');
  }

  private get cursorsPath(): string {
    return join(this.dir, 'cursors.json');
  }

  async readCredentials(): Promise<Credentials | null> {
    const parsed = await this.readJson<Partial<Credentials>>(this.credentialsPath);
    if (!parsed || typeof parsed.api_key !== 'string' || typeof parsed.api_url !== 'string') return null;
    return { api_url: parsed.api_url, api_key: parsed.api_key };
  }

  saveCredentials(credentials: Credentials): Promise<void> {
    return this.writePrivate(this.credentialsPath, credentials);
  }

  /** true when there was a key to remove. */
  async removeCredentials(): Promise<boolean> {
    const existed = (await this.readCredentials()) !== null;
    await rm(this.credentialsPath, { force: true });
    return existed;
  }

  async readCursor(apiUrl: string, endpointId: string): Promise<ListenerCursor | null> {
    const cursors = (await this.readJson<Cursors>(this.cursorsPath)) ?? {};
    const stored = cursors[cursorKey(apiUrl, endpointId)];
    // A bare event id (an early cursor file): resume from it; what it forwarded within the look-back may come again.
    return typeof stored === 'string' ? { last: stored, recent: [stored] } : (stored ?? null);
  }

  async saveCursor(apiUrl: string, endpointId: string, cursor: ListenerCursor): Promise<void> {
    const cursors = (await this.readJson<Cursors>(this.cursorsPath)) ?? {};
    cursors[cursorKey(apiUrl, endpointId)] = cursor;
    await this.writePrivate(this.cursorsPath, cursors);
  }

  private async readJson<T>(path: string): Promise<T | null> {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw new CliError(`cannot read ${path}: ${(error as Error).message}`);
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new CliError(`${path} is not valid JSON; remove it (webhook-relay logout) and sign in again`);
    }
  }

  // Written to a private temporary file and renamed: the file never exists with wider permissions,
  // and a crash mid-write leaves the old one whole.
  private async writePrivate(path: string, value: unknown): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: DIR_MODE });
    const temporary = `${path}.${process.pid}.tmp`;
    await writeFile(temporary, `${JSON.stringify(value, null, 2)}\n`, { mode: FILE_MODE });
    await chmod(temporary, FILE_MODE);
    await rename(temporary, path);
  }
}

const cursorKey = (apiUrl: string, endpointId: string) => `${apiUrl.replace(/\/+$/, '')} ${endpointId}`;
