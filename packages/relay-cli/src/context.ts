import { RelayClient } from './api-client.js';
import { ConfigStore } from './config-store.js';
import { CliError, EXIT_USAGE } from './errors.js';
import type { CliIo } from './io.js';
import { Output, outputOptions } from './output.js';

export const DEFAULT_API_URL = 'http://127.0.0.1:8100';
export const API_KEY_PREFIX = 'whk_';

export interface GlobalOptions {
  apiUrl?: string;
}

/** What every command works with: where the API is, the key, the config files. */
export class CommandContext {
  readonly store: ConfigStore;

  constructor(
    readonly io: CliIo,
    private readonly globals: GlobalOptions,
  ) {
    this.store = new ConfigStore(io.configDir);
  }

  /** Where a command prints: text for a terminal (colours unless NO_COLOR), JSON lines with --json. */
  output(json?: boolean): Output {
    return new Output(this.io.stdout, outputOptions(this.io.stdout, this.io.env, json));
  }

  /** --api-url, then WEBHOOK_RELAY_API_URL, then the URL signed in to, then the local default. */
  async apiUrl(): Promise<string> {
    const given = this.globals.apiUrl ?? this.io.env.WEBHOOK_RELAY_API_URL;
    if (given) return normalizeApiUrl(given);
    return (await this.store.readCredentials())?.api_url ?? DEFAULT_API_URL;
  }

  /** An API client with WEBHOOK_RELAY_API_KEY, else the stored key; none: a message saying how to sign in. */
  async client(): Promise<RelayClient> {
    const apiUrl = await this.apiUrl();
    const key = this.io.env.WEBHOOK_RELAY_API_KEY?.trim() || (await this.store.readCredentials())?.api_key;
    if (!key)
      throw new CliError('not signed in: run `webhook-relay login` (or `webhook-relay login --with-token`), or set WEBHOOK_RELAY_API_KEY');
    return new RelayClient(apiUrl, key, this.io.fetch, this.io.signal);
  }
}

export function normalizeApiUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CliError(`--api-url "${text}" is not a URL; use e.g. https://relay.example.com`, EXIT_USAGE);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CliError(`--api-url "${text}" must be an http:// or https:// URL`, EXIT_USAGE);
  return url.toString().replace(/\/+$/, '');
}
