import type { Command } from 'commander';
import type { CommandContext } from '../context.js';
import { EXIT_FAILURE } from '../errors.js';
import { collect, printTable } from '../table.js';
import { positiveInteger } from './options.js';

export function registerAudit(program: Command, context: (command: Command) => CommandContext, exit: (code: number) => void): void {
  const audit = program.command('audit').description('the audit log of privileged actions');
  audit
    .command('list')
    .description('list audit entries, newest first')
    .option('--limit <n>', 'at most this many (default 50)')
    .option('--json', 'one JSON object per entry and line (with its hashes)')
    .action(async (options: { json?: boolean; limit?: string }, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const limit = options.limit === undefined ? 50 : positiveInteger(options.limit, '--limit');
      const entries = await collect((await ctx.client()).listAuditEntriesAll({ limit: Math.min(limit, 100) }), limit);
      if (output.isJson) return entries.forEach((entry) => output.json(entry));
      if (entries.length === 0) return output.line('No audit entries.');
      printTable(
        output,
        ['SEQ', 'TIME', 'ACTOR', 'ACTION', 'TARGET'],
        entries.map((e) => [String(e.seq), e.created_at, e.actor, e.action, `${e.target.type}${e.target.id ? ` ${e.target.id}` : ''}`]),
      );
    });
  audit
    .command('verify')
    .description(
      'walk the hash chain of the audit log and check it ends at the anchored head; exit code 0 when intact, 1 at the first broken entry or a truncated tail',
    )
    .option('--json', 'print the result as one JSON object')
    .action(async (options: { json?: boolean }, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const result = await (await ctx.client()).verifyAuditChain();
      if (output.isJson) output.json(result);
      else if (result.intact)
        output.line(
          `${output.paint.green('intact')}: ${result.entries} entries, last hash ${result.last_hash ?? '(none: the log is empty)'}`,
        );
      else if (result.first_broken) {
        const broken = result.first_broken;
        output.line(
          `${output.paint.red('BROKEN')} at entry ${broken.seq} (${broken.id}): ${broken.reason}; ${result.entries} entries before it are intact`,
        );
      } else {
        // Every link holds, but the chain does not end at its anchored head: newest entries deleted, most likely.
        const mismatch = result.anchor_mismatch;
        const label = mismatch?.cause === 'truncated' ? 'TRUNCATED' : 'BROKEN head';
        output.line(
          `${output.paint.red(label)}: ${mismatch?.reason ?? 'the chain does not end at its anchored head'}; the ${result.entries} entries found are intact`,
        );
      }
      if (!result.intact) exit(EXIT_FAILURE);
    });
}
