import { readFile } from 'node:fs/promises';
import type { Schemas } from '@workspace/relay-client';
import type { Command } from 'commander';
import type { CommandContext } from '../context.js';
import { CliError, EXIT_USAGE } from '../errors.js';
import type { Output } from '../output.js';
import { collect, printTable } from '../table.js';

// `event-types …` and `endpoints event-types <id>` (docs/event-types.md): the types an endpoint's events carry,
// and the tenant's own types with a JSON Schema their events are checked against.

type EventType = Schemas['EventType'];

interface JsonOption {
  json?: boolean;
}

/** `--schema '{"type":"object"}'` or `--schema @schema.json`: a JSON object either way. */
async function schemaOption(value: string): Promise<Record<string, unknown>> {
  let text = value;
  if (value.startsWith('@')) {
    try {
      text = await readFile(value.slice(1), 'utf8');
    } catch (error) {
      throw new CliError(`--schema: cannot read ${value.slice(1)}: ${(error as Error).message}`, EXIT_USAGE);
    }
  }
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch {
    throw new CliError('--schema must be a JSON object, or @<file> holding one', EXIT_USAGE);
  }
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema))
    throw new CliError('--schema must be a JSON object, or @<file> holding one', EXIT_USAGE);
  return schema as Record<string, unknown>;
}

function printEventType(output: Output, eventType: EventType): void {
  output.line(`id           ${eventType.id}`);
  output.line(`name         ${eventType.name}`);
  if (eventType.description) output.line(`description  ${eventType.description}`);
  output.line(`updated      ${eventType.updated_at}`);
  output.line('schema');
  output.line(JSON.stringify(eventType.schema, null, 2));
}

export function registerEventTypes(program: Command, context: (command: Command) => CommandContext): void {
  const eventTypes = program
    .command('event-types')
    .description('your own event types, with a JSON Schema their events are checked against (events list --event-type X --invalid)');

  eventTypes
    .command('create <name>')
    .description('add an event type (e.g. invoice.paid) with a JSON Schema (draft 2020-12, or draft-07 by its $schema)')
    .requiredOption('--schema <json>', 'the JSON Schema, inline or @<file>')
    .option('--description <text>', 'what the type is')
    .option('--json', 'print the event type as JSON')
    .action(async (name: string, options: JsonOption & { schema: string; description?: string }, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const schema = await schemaOption(options.schema);
      const created = await (await ctx.client()).createEventType({
        name,
        schema,
        ...(options.description ? { description: options.description } : {}),
      });
      if (output.isJson) return output.json(created);
      output.line(`Created event type ${created.id}`);
      printEventType(output, created);
    });

  eventTypes
    .command('list')
    .description('list your event types, newest first')
    .option('--json', 'one JSON object per event type and line')
    .action(async (options: JsonOption, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const all = await collect((await ctx.client()).listEventTypesAll({ limit: 100 }));
      if (output.isJson) return all.forEach((eventType) => output.json(eventType));
      if (all.length === 0)
        return output.line('No event types yet: add one with `webhook-relay event-types create <name> --schema @schema.json`.');
      printTable(
        output,
        ['ID', 'NAME', 'UPDATED', 'DESCRIPTION'],
        all.map((t) => [t.id, t.name, t.updated_at, t.description ?? '']),
      );
    });

  eventTypes
    .command('get <event_type_id>')
    .description('an event type and its schema')
    .option('--json', 'print the event type as JSON')
    .action(async (id: string, options: JsonOption, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const eventType = await (await ctx.client()).getEventType(id);
      if (output.isJson) return output.json(eventType);
      printEventType(output, eventType);
    });

  eventTypes
    .command('update <event_type_id>')
    .description('replace the schema (events are checked against it from now on) or the description')
    .option('--schema <json>', 'the new JSON Schema, inline or @<file>')
    .option('--description <text>', 'a new description')
    .option('--json', 'print the event type as JSON')
    .action(async (id: string, options: JsonOption & { schema?: string; description?: string }, command: Command) => {
      if (options.schema === undefined && options.description === undefined)
        throw new CliError('give --schema or --description (or both)', EXIT_USAGE);
      const ctx = context(command);
      const output = ctx.output(options.json);
      const updated = await (await ctx.client()).updateEventType(id, {
        ...(options.schema !== undefined ? { schema: await schemaOption(options.schema) } : {}),
        ...(options.description !== undefined ? { description: options.description } : {}),
      });
      if (output.isJson) return output.json(updated);
      output.line(`Updated event type ${updated.id}`);
      printEventType(output, updated);
    });

  eventTypes
    .command('delete <event_type_id>')
    .description('delete an event type: its events keep their type and are no longer checked')
    .action(async (id: string, _options: unknown, command: Command) => {
      const ctx = context(command);
      await (await ctx.client()).deleteEventType(id);
      ctx.output(false).line(`Deleted event type ${id}`);
    });
}

/** `endpoints event-types <id>`: the catalog of one endpoint. */
export function registerEndpointEventTypes(endpoints: Command, context: (command: Command) => CommandContext): void {
  endpoints
    .command('event-types <endpoint_id>')
    .description("the event types an endpoint's events carry: how many of each, first and last seen")
    .option('--json', 'one JSON object per event type and line')
    .action(async (id: string, options: JsonOption, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const { data } = await (await ctx.client()).listEndpointEventTypes(id);
      if (output.isJson) return data.forEach((row) => output.json(row));
      if (data.length === 0) return output.line('No typed events on this endpoint yet.');
      printTable(
        output,
        ['EVENT TYPE', 'COUNT', 'FIRST SEEN', 'LAST SEEN', 'SCHEMA'],
        data.map((row) => [row.event_type, String(row.count), row.first_seen_at, row.last_seen_at, row.schema_id ?? '-']),
      );
    });
}
