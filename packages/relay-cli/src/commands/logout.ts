import type { Command } from 'commander';
import type { CommandContext } from '../context.js';

export function registerLogout(program: Command, context: (command: Command) => CommandContext): void {
  program
    .command('logout')
    .description('remove the stored API key from this machine (the key itself stays valid until revoked)')
    .action(async (_options: unknown, command: Command) => {
      const ctx = context(command);
      const removed = await ctx.store.removeCredentials();
      ctx.io.stdout.write(removed ? `Signed out: removed ${ctx.store.credentialsPath}.\n` : 'Not signed in; nothing to remove.\n');
    });
}
