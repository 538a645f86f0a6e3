import type { Command } from 'commander';
import type { CommandContext } from '../context.js';

/** `usage`: the plan, its allowance, its retention window and this period's captured events. */
export function registerUsage(program: Command, context: (command: Command) => CommandContext): void {
  program
    .command('usage')
    .description("the plan, its event allowance and retention window, and this period's captured events")
    .option('--json', 'print the usage as JSON')
    .action(async (options: { json?: boolean }, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const usage = await (await ctx.client()).getUsage();
      if (output.isJson) return output.json(usage);
      const { plan } = usage;
      output.line(`plan       ${plan.name} (${plan.id})`);
      output.line(
        `allowance  ${plan.event_allowance === null ? 'unlimited' : `${plan.event_allowance} events${plan.allowance_resets ? ' a month' : ', never reset'}`}`,
      );
      output.line(`retention  ${plan.retention_days} days`);
      output.line(
        `period     ${usage.period_start ? `${usage.period_start} to ${usage.period_end}` : 'since the start (the allowance never resets)'}`,
      );
      output.line(`captured   ${usage.events_captured}`);
      output.line(`remaining  ${usage.events_remaining === null ? 'unlimited' : usage.events_remaining}`);
    });
}
