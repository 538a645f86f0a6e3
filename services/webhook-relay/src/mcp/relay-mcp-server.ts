import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { RelayLimit } from '@workspace/contracts';
import { isDependencyUnavailable } from '@workspace/service-kit';
import { z } from 'zod';
import { describeCollision, uniqueViolationOf } from '../db/unique-violation.js';
import type { Deps } from '../deps.js';
import { parseInput } from '../http/parse.js';
import { RelayError } from '../domain/relay-error.js';
import type { McpPrincipal } from './oauth/relay-oauth-provider.js';
import { BULK_RETRY_TOOLS } from './tools/bulk-retry-tools.js';
import { REST_MIRROR_TOOLS } from './tools/rest-mirror-tools.js';
import { STATS_TOOLS } from './tools/stats-tools.js';
import type { RelayTool } from './tools/tool-definition.js';
import { TRIGGER_TOOLS } from './tools/trigger-tools.js';
import { NOTIFICATION_TOOLS } from './tools/notification-tools.js';
import { ISSUE_TOOLS } from './tools/issue-tools.js';
import { EVENT_TYPE_TOOLS } from './tools/event-type-tools.js';
import { SUBSCRIPTION_FILTER_TOOLS } from './tools/subscription-filter-tools.js';
import { TRANSFORMATION_TOOLS } from './tools/transformation-tools.js';

export const RELAY_MCP_TOOLS: RelayTool[] = [
  ...REST_MIRROR_TOOLS,
  ...STATS_TOOLS,
  ...TRIGGER_TOOLS,
  ...BULK_RETRY_TOOLS,
  ...NOTIFICATION_TOOLS,
  ...ISSUE_TOOLS,
  ...EVENT_TYPE_TOOLS,
  ...SUBSCRIPTION_FILTER_TOOLS,
  ...TRANSFORMATION_TOOLS,
];

const SERVER_INFO = { name: 'webhook-relay', version: '0.1.0' };

/** An MCP server for one request (stateless Streamable HTTP): every tool, acting as the token's principal. */
export function createRelayMcpServer(deps: Deps, principalOf: (authInfo: unknown) => McpPrincipal): McpServer {
  const server = new McpServer(SERVER_INFO, {
    instructions:
      'webhook-relay captures, verifies, delivers and replays webhooks. Use triggers.wait to react to webhooks arriving on an endpoint, ' +
      'acknowledging each batch with the next_cursor it returned.',
  });
  for (const tool of RELAY_MCP_TOOLS) {
    const { listed, described } = LISTED_SCHEMAS.get(tool)!;
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: described,
        annotations: { title: tool.title, readOnlyHint: tool.readOnly, openWorldHint: false },
      },
      async (input: unknown, extra): Promise<CallToolResult> => {
        try {
          // The listed shape (unknown arguments refused), then the contract's own schema, refinements and messages included.
          parseInput(listed, input ?? {});
          const parsed = parseInput(tool.input, takesQueryLimit(tool.input) ? asQueryText(input ?? {}) : (input ?? {}));
          const result = await tool.run({ deps, principal: principalOf(extra.authInfo), signal: extra.signal }, parsed as never);
          return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result };
        } catch (error) {
          const collision = uniqueViolationOf(error);
          if (collision) return refusal('conflict', describeCollision(collision));
          // The database or Redis did not answer within its bound (a waiting triggers.wait's listening, say): REST's 503.
          if (isDependencyUnavailable(error)) {
            deps.logger.warn({ err: error, tool: tool.name }, 'a dependency is unavailable');
            return refusal('unavailable', 'temporarily unavailable: a database or cache did not answer; retry shortly');
          }
          if (!(error instanceof RelayError)) {
            deps.logger.error({ err: error, tool: tool.name }, 'an MCP tool failed');
            return refusal('internal', 'the tool failed on the server; try again later');
          }
          return refusal(error.code, error.message);
        }
      },
    );
  }
  return server;
}

/**
 * What tools/list shows: the schema's plain object shape. A contract schema with an OpenAPI id would be listed as a
 * $ref, and MCP wants `type: object` at the top. A list's `limit` is a number in JSON; the REST query's schema
 * takes it as the text a query string carries (asQueryText turns it back before the contract's own check).
 */
function listedSchema(schema: z.ZodType): z.ZodType {
  if (!(schema instanceof z.ZodObject)) return schema;
  const shape = { ...schema.shape };
  if (takesQueryLimit(schema)) shape.limit = JSON_LIMIT;
  return z.strictObject(shape);
}

/**
 * The SDK checks a call's arguments against the schema a tool is registered with before the tool runs, and answers a
 * failure as bare text (-32602), not as the relay's refusal. So a tool is registered with a schema that takes any
 * object and only describes its input (the listed schema's JSON Schema, which tools/list shows unchanged); the
 * handler checks the input itself and refuses with {"error": {code, message}} like every other refusal.
 */
function describedSchema(listed: z.ZodType): z.ZodType {
  const { $schema: _, ...jsonSchema } = z.toJSONSchema(listed, { io: 'input' });
  return z.looseObject({}).meta(jsonSchema);
}

const JSON_LIMIT = z.number().int().min(1).max(100).optional().describe('Items per page, 1-100 (default 20).');

const takesQueryLimit = (schema: z.ZodType) => schema instanceof z.ZodObject && schema.shape.limit === RelayLimit;

function asQueryText(input: object): object {
  const limit = (input as { limit?: unknown }).limit;
  return typeof limit === 'number' ? { ...input, limit: String(limit) } : input;
}

function refusal(code: string, message: string): CallToolResult {
  const error = { code, message };
  return { isError: true, content: [{ type: 'text', text: `${code}: ${message}` }], structuredContent: { error } };
}

// Made once: a schema's metadata lives in zod's global registry.
const LISTED_SCHEMAS = new Map(
  RELAY_MCP_TOOLS.map((tool) => {
    const listed = listedSchema(tool.input);
    return [tool, { listed, described: describedSchema(listed) }] as const;
  }),
);
