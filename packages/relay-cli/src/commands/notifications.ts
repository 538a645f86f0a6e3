import type { Schemas } from '@workspace/relay-client';
import type { Command } from 'commander';
import type { CommandContext } from '../context.js';
import { CliError, EXIT_USAGE } from '../errors.js';
import type { Output } from '../output.js';
import { collect, commaList, printTable } from '../table.js';

interface JsonOption {
  json?: boolean;
}

type NotificationTarget = Schemas['NotificationTarget'];
type NotificationType = Schemas['NotificationType'];

/** `--types issue.opened,issue.resolved` -> the list (the API names an unknown type). */
function typeList(value: string | undefined): NotificationType[] | undefined {
  if (value === undefined) return undefined;
  const types = commaList(value);
  if (types.length === 0) throw new CliError('--types must name at least one type, e.g. --types issue.opened,issue.resolved', EXIT_USAGE);
  return types as NotificationType[];
}

function printTarget(output: Output, target: NotificationTarget): void {
  output.line(`id           ${target.id}`);
  output.line(`kind         ${target.kind}`);
  output.line(`${target.kind === 'email' ? 'address' : 'url    '}      ${target.kind === 'email' ? target.address : target.url}`);
  output.line(`types        ${target.types.join(', ')}`);
  output.line(`enabled      ${target.enabled ? 'yes' : 'no'}`);
  if (target.description) output.line(`description  ${target.description}`);
}

/** `notification-targets …` and `notifications list`: where the relay announces issues, and what it sent (docs/notifications.md). */
export function registerNotifications(program: Command, context: (command: Command) => CommandContext): void {
  const targets = program
    .command('notification-targets')
    .description('where notifications of issues and destination changes go: a signed webhook or an email address');

  targets
    .command('create')
    .description('register a webhook (--url; prints its signing secret, shown this once) or an email address (--email)')
    .option('--url <url>', 'POST notifications here, signed with Standard Webhooks')
    .option('--email <address>', 'mail notifications here (the server needs RELAY_SMTP_URL)')
    .option('--types <list>', 'comma-separated notification types (default: all)')
    .option('--description <text>', 'what the target is for')
    .option('--json', 'print the target (with its secret) as JSON')
    .action(async (options: JsonOption & { url?: string; email?: string; types?: string; description?: string }, command: Command) => {
      if ((options.url === undefined) === (options.email === undefined))
        throw new CliError('give exactly one of --url <url> (a webhook) or --email <address>', EXIT_USAGE);
      const ctx = context(command);
      const output = ctx.output(options.json);
      const types = typeList(options.types);
      const created = await (await ctx.client()).createNotificationTarget({
        ...(options.url !== undefined
          ? { kind: 'webhook' as const, url: options.url }
          : { kind: 'email' as const, address: options.email }),
        ...(types ? { types } : {}),
        ...(options.description ? { description: options.description } : {}),
      });
      if (output.isJson) return output.json(created);
      output.line(`Created notification target ${created.id}`);
      printTarget(output, created);
      if (created.secret) {
        output.line(`secret       ${created.secret}`);
        output.line('The signing secret is shown only now: your receiver verifies notifications with it (Standard Webhooks).');
      }
    });

  targets
    .command('list')
    .description('list notification targets, newest first')
    .option('--json', 'one JSON object per target and line')
    .action(async (options: JsonOption, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const all = await collect((await ctx.client()).listNotificationTargetsAll({ limit: 100 }));
      if (output.isJson) return all.forEach((target) => output.json(target));
      if (all.length === 0)
        return output.line('No notification targets yet: add one with `webhook-relay notification-targets create --url <url>`.');
      printTable(
        output,
        ['ID', 'KIND', 'WHERE', 'TYPES', 'ENABLED'],
        all.map((t) => [
          t.id,
          t.kind,
          (t.kind === 'email' ? t.address : t.url) ?? '',
          t.types.length === 6 ? 'all' : t.types.join(','),
          t.enabled ? 'yes' : 'no',
        ]),
      );
    });

  targets
    .command('get <target_id>')
    .description('a notification target: where it goes, which types, whether it is on')
    .option('--json', 'print the target as JSON')
    .action(async (id: string, options: JsonOption, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const target = await (await ctx.client()).getNotificationTarget(id);
      if (output.isJson) return output.json(target);
      printTarget(output, target);
    });

  targets
    .command('update <target_id>')
    .description('change a target’s types, URL or address, or description; turn it off or on')
    .option('--url <url>', 'a new URL (webhook targets)')
    .option('--email <address>', 'a new address (email targets)')
    .option('--types <list>', 'comma-separated notification types, replacing the old ones')
    .option('--description <text>', 'a new description')
    .option('--enable', 'send to it again')
    .option('--disable', 'stop sending to it (what is pending for it fails)')
    .option('--json', 'print the target as JSON')
    .action(
      async (
        id: string,
        options: JsonOption & { url?: string; email?: string; types?: string; description?: string; enable?: boolean; disable?: boolean },
        command: Command,
      ) => {
        if (options.enable && options.disable) throw new CliError('give --enable or --disable, not both', EXIT_USAGE);
        const ctx = context(command);
        const output = ctx.output(options.json);
        const types = typeList(options.types);
        const changes = {
          ...(options.url !== undefined ? { url: options.url } : {}),
          ...(options.email !== undefined ? { address: options.email } : {}),
          ...(types ? { types } : {}),
          ...(options.description !== undefined ? { description: options.description } : {}),
          ...(options.enable ? { enabled: true } : options.disable ? { enabled: false } : {}),
        };
        if (Object.keys(changes).length === 0)
          throw new CliError('nothing to change: give --url, --email, --types, --description, --enable or --disable', EXIT_USAGE);
        const updated = await (await ctx.client()).updateNotificationTarget(id, changes);
        if (output.isJson) return output.json(updated);
        output.line(`Updated notification target ${updated.id}`);
        printTarget(output, updated);
      },
    );

  targets
    .command('delete <target_id>')
    .description('delete a notification target; what is still pending for it is not sent')
    .action(async (id: string, _options: unknown, command: Command) => {
      const ctx = context(command);
      await (await ctx.client()).deleteNotificationTarget(id);
      ctx.io.stdout.write(`Deleted notification target ${id}\n`);
    });

  targets
    .command('test <target_id>')
    .description('send it a notification.test notification (whatever its types); see it with `notifications list`')
    .option('--json', 'print the queued notification as JSON')
    .action(async (id: string, options: JsonOption, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const queued = await (await ctx.client()).testNotificationTarget(id);
      if (output.isJson) return output.json(queued);
      output.line(
        `Queued test notification ${queued.id} for ${id}; it leaves within seconds (\`webhook-relay notifications list --target ${id}\`).`,
      );
    });

  const notifications = program.command('notifications').description('notifications the relay sent or is sending');
  notifications
    .command('list')
    .description('notifications, newest first, one per target: state, attempts, the last error')
    .option('--target <target_id>', 'only those of one target')
    .option('--state <state>', 'pending, sent or failed')
    .option('--limit <n>', 'at most this many (default 20)', '20')
    .option('--json', 'one JSON object per notification and line')
    .action(async (options: JsonOption & { target?: string; state?: string; limit: string }, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const limit = Number(options.limit);
      if (!Number.isInteger(limit) || limit < 1) throw new CliError('--limit must be a whole number of at least 1', EXIT_USAGE);
      const query = {
        ...(options.target ? { target_id: options.target } : {}),
        ...(options.state ? { state: options.state as Schemas['NotificationState'] } : {}),
        limit: Math.min(limit, 100),
      };
      const found = await collect((await ctx.client()).listNotificationsAll(query), limit);
      if (output.isJson) return found.forEach((notification) => output.json(notification));
      if (found.length === 0) return output.line('No notifications.');
      printTable(
        output,
        ['ID', 'TARGET', 'TYPE', 'STATE', 'ATTEMPTS', 'LAST ERROR', 'CREATED'],
        found.map((n) => [n.id, n.target_id, n.type, n.state, String(n.attempts), n.last_error ?? '', n.created_at]),
      );
    });
}
