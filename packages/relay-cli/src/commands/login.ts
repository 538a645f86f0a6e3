import { randomBytes } from 'node:crypto';
import type { Command } from 'commander';
import { causeOf, RelayClient } from '../api-client.js';
import { API_KEY_PREFIX, type CommandContext } from '../context.js';
import { CliError, EXIT_USAGE } from '../errors.js';
import { startLoopbackReceiver } from '../loopback-receiver.js';

const DEFAULT_TIMEOUT_SECONDS = 300;

interface LoginOptions {
  withToken?: boolean;
  provider?: string;
  browser: boolean;
  timeout: string;
}

export function registerLogin(program: Command, context: (command: Command) => CommandContext): void {
  program
    .command('login')
    .description('sign in: in the browser (GitHub, Google or your identity provider), or with an API key from standard input')
    .option('--with-token', 'read an API key (whk_...) from standard input instead of opening a browser')
    .option('--provider <id>', 'the identity provider to sign in with (as configured on the server, e.g. github, google)')
    .option('--no-browser', 'do not open a browser; print the sign-in URL to open yourself')
    .option('--timeout <seconds>', 'how long to wait for the browser sign-in', String(DEFAULT_TIMEOUT_SECONDS))
    .addHelpText('after', '\nExamples:\n  webhook-relay login\n  echo "$WEBHOOK_RELAY_TOKEN" | webhook-relay login --with-token')
    .action(async (options: LoginOptions, command: Command) => {
      const ctx = context(command);
      const apiUrl = await ctx.apiUrl();
      const key = options.withToken ? await readToken(ctx) : await browserSignIn(ctx, apiUrl, options);
      // A key that does not open the API is not stored.
      await new RelayClient(apiUrl, key, ctx.io.fetch, ctx.io.signal).listEndpoints({ limit: 1 });
      await ctx.store.saveCredentials({ api_url: apiUrl, api_key: key });
      ctx.io.stdout.write(`Signed in to ${apiUrl}. The API key is stored in ${ctx.store.credentialsPath} (readable by you only).\n`);
    });
}

async function readToken(ctx: CommandContext): Promise<string> {
  const key = (await ctx.io.readStdin()).trim();
  if (!key)
    throw new CliError('no API key on standard input: pipe one in, e.g. `echo "$KEY" | webhook-relay login --with-token`', EXIT_USAGE);
  if (!key.startsWith(API_KEY_PREFIX) || /\s/.test(key))
    throw new CliError(`that is not an API key: keys start with ${API_KEY_PREFIX} and have no spaces`, EXIT_USAGE);
  return key;
}

async function browserSignIn(ctx: CommandContext, apiUrl: string, options: LoginOptions): Promise<string> {
  const timeoutSeconds = Number(options.timeout);
  if (!Number.isInteger(timeoutSeconds) || timeoutSeconds < 1)
    throw new CliError('--timeout must be a whole number of seconds', EXIT_USAGE);
  await requireBrowserSignIn(ctx, apiUrl);
  const state = randomBytes(32).toString('base64url');
  const receiver = await startLoopbackReceiver({ state, signal: ctx.io.signal, timeoutMs: timeoutSeconds * 1000 });
  const url = new URL('/auth/cli/start', `${apiUrl}/`);
  url.searchParams.set('redirect_uri', receiver.redirectUri);
  url.searchParams.set('state', state);
  if (options.provider) url.searchParams.set('provider', options.provider);
  const { stderr } = ctx.io;
  if (options.browser) {
    stderr.write(`Opening your browser to sign in. If it does not open, visit:\n  ${url}\n`);
    await ctx.io.openBrowser(url.toString()).catch(() => stderr.write('Could not open a browser; open the URL above yourself.\n'));
  } else {
    stderr.write(`Open this URL in a browser to sign in:\n  ${url}\n`);
  }
  stderr.write('Waiting for the sign-in to finish...\n');
  try {
    return await receiver.apiKey;
  } finally {
    receiver.close();
  }
}

/**
 * A server without identity providers answers 404 on /auth/*: say so at once instead of waiting out the
 * timeout for a browser that can never come back. Asked without parameters, the start route stores nothing.
 */
async function requireBrowserSignIn(ctx: CommandContext, apiUrl: string): Promise<void> {
  let response: Response;
  try {
    response = await ctx.io.fetch(new URL('/auth/cli/start', `${apiUrl}/`), { redirect: 'manual', signal: ctx.io.signal });
  } catch (error) {
    if (ctx.io.signal.aborted) throw error;
    throw new CliError(`cannot reach the webhook-relay API at ${apiUrl}: ${causeOf(error)} (set --api-url or WEBHOOK_RELAY_API_URL)`);
  }
  await response.body?.cancel();
  if (response.status === 404) {
    throw new CliError(`browser sign-in is not configured on ${apiUrl}; sign in with \`webhook-relay login --with-token\` and an API key`);
  }
}
