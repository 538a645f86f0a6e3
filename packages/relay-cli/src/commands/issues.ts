import type { Schemas } from '@workspace/relay-client';
import type { Command } from 'commander';
import type { CommandContext } from '../context.js';
import type { Output } from '../output.js';
import { collect, printTable } from '../table.js';

interface JsonOption {
  json?: boolean;
}

type Issue = Schemas['Issue'];

function printIssue(output: Output, issue: Issue): void {
  output.line(`id           ${issue.id}`);
  output.line(`kind         ${issue.kind}`);
  output.line(`state        ${issue.state}`);
  output.line(issue.destination_id ? `destination  ${issue.destination_id}` : `endpoint     ${issue.endpoint_id}`);
  output.line(`failures     ${issue.count}, first ${issue.first_seen_at}, last ${issue.last_seen_at}`);
  if (issue.last_status !== null) output.line(`last status  ${issue.last_status}`);
  if (issue.last_error) output.line(`last error   ${issue.last_error}`);
  if (issue.last_excerpt) output.line(`last answer  ${issue.last_excerpt}`);
  if (issue.last_delivery_id) output.line(`delivery     ${issue.last_delivery_id}`);
  if (issue.acknowledged_at) output.line(`acknowledged ${issue.acknowledged_at} by ${issue.acknowledged_by}`);
  if (issue.resolved_at) output.line(`resolved     ${issue.resolved_at} by ${issue.resolved_by}`);
}

/** `issues …`: failures grouped per destination (or endpoint) and kind, one per outage. */
export function registerIssues(program: Command, context: (command: Command) => CommandContext): void {
  const issues = program.command('issues').description('failures grouped per destination or endpoint: list, show, acknowledge, resolve');

  issues
    .command('list')
    .description('issues, newest first (unresolved ones unless --state says otherwise)')
    .option('--state <state>', 'open, acknowledged, resolved, unresolved or all', 'unresolved')
    .option('--destination <id>', 'only this destination’s')
    .option('--endpoint <id>', 'only this endpoint’s')
    .option('--kind <kind>', 'only this kind (http_5xx, timeout, connection_refused, verification_failed, ...)')
    .option('--json', 'one JSON object per issue and line')
    .action(async (options: JsonOption & { state: string; destination?: string; endpoint?: string; kind?: string }, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const query = {
        limit: 100,
        ...(options.state !== 'all' ? { state: options.state as 'unresolved' } : {}),
        ...(options.destination ? { destination_id: options.destination } : {}),
        ...(options.endpoint ? { endpoint_id: options.endpoint } : {}),
        ...(options.kind ? { kind: options.kind } : {}),
      };
      const all = await collect((await ctx.client()).listIssuesAll(query));
      if (output.isJson) return all.forEach((issue) => output.json(issue));
      if (all.length === 0) return output.line(options.state === 'unresolved' ? 'No unresolved issues.' : 'No issues.');
      printTable(
        output,
        ['ID', 'KIND', 'STATE', 'OF', 'FAILURES', 'LAST SEEN'],
        all.map((issue) => [
          issue.id,
          issue.kind,
          issue.state,
          issue.destination_id ? `destination ${issue.destination_id}` : `endpoint ${issue.endpoint_id}`,
          String(issue.count),
          issue.last_seen_at,
        ]),
      );
    });

  issues
    .command('show <issue_id>')
    .description('an issue: its kind, counts, the last failure and who acknowledged or resolved it')
    .option('--json', 'print the issue as JSON')
    .action(async (id: string, options: JsonOption, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const issue = await (await ctx.client()).getIssue(id);
      if (output.isJson) return output.json(issue);
      printIssue(output, issue);
    });

  issues
    .command('acknowledge <issue_id>')
    .description('say someone is on it; it still resolves by itself when deliveries succeed again')
    .option('--json', 'print the issue as JSON')
    .action(async (id: string, options: JsonOption, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const issue = await (await ctx.client()).acknowledgeIssue(id);
      if (output.isJson) return output.json(issue);
      output.line(`Acknowledged issue ${issue.id} (${issue.kind})`);
    });

  issues
    .command('resolve <issue_id>')
    .description('resolve it by hand; the next failure of its kind opens a new one')
    .option('--json', 'print the issue as JSON')
    .action(async (id: string, options: JsonOption, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const issue = await (await ctx.client()).resolveIssue(id);
      if (output.isJson) return output.json(issue);
      output.line(`Resolved issue ${issue.id} (${issue.kind})`);
    });
}
