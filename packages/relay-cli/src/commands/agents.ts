import type { Command } from 'commander';
import type { CommandContext } from '../context.js';
import { collect, printTable } from '../table.js';

/** `agents …`: the agents authorized on the MCP server (OAuth grants), and revoking them. */
export function registerAgents(program: Command, context: (command: Command) => CommandContext): void {
  const agents = program.command('agents').description('agents authorized on the MCP server');

  agents
    .command('list')
    .description('list the agents in force, newest first')
    .option('--json', 'one JSON object per agent and line')
    .action(async (options: { json?: boolean }, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const all = await collect((await ctx.client()).listAgentsAll({ limit: 100 }));
      if (output.isJson) return all.forEach((agent) => output.json(agent));
      if (all.length === 0) return output.line('No agents.');
      printTable(
        output,
        ['ID', 'CLIENT', 'NAME', 'AUTHORIZED BY', 'SINCE'],
        all.map((a) => [a.id, a.client_id, a.client_name ?? '-', a.authorized_by, a.created_at]),
      );
    });

  agents
    .command('revoke <agent_id>')
    .description('revoke an agent: its tokens stop working at once')
    .action(async (id: string, _options: unknown, command: Command) => {
      const ctx = context(command);
      await (await ctx.client()).revokeAgent(id);
      ctx.io.stdout.write(`Revoked agent ${id}\n`);
    });
}
