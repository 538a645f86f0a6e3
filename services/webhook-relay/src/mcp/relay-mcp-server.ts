import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { describeCollision, uniqueViolationOf } from '../db/unique-violation.js';
import type { Deps } from '../deps.js';
import { parseInput } from '../http/parse.js';
import { RelayError } from '../domain/relay-error.js';
import type { McpPrincipal } from './oauth/relay-oauth-provider.js';
import { REST_MIRROR_TOOLS } from './tools/rest-mirror-tools.js';
import type { RelayTool } from './tools/tool-definition.js';
import { TRIGGER_TOOLS } from './tools/trigger-tools.js';

export const RELAY_MCP_TOOLS: RelayTool[] = [...REST_MIRROR_TOOLS, ...TRIGGER_TOOLS];

const SERVER_INFO = { name: 'webhook-relay', version: '0.1.0' };

/** An MCP server for one request (stateless Streamable HTTP): every tool, acting as the token's principal. */
export function createRelayMcpServer(deps: Deps, principalOf: (authInfo: unknown) => McpPrincipal): McpServer {
  const server = new McpServer(SERVER_INFO, {
    instructions:
      'webhook-relay captures, verifies, delivers and replays webhooks. Use triggers.wait to react to webhooks arriving on an endpoint, ' +
      'acknowledging each batch with the next_cursor it returned.',
  });
  for (const tool of RELAY_MCP_TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: listedSchema(tool.input),
        annotations: { title: tool.title, readOnlyHint: tool.readOnly, openWorldHint: false },
      },
      async (input: unknown, extra): Promise<CallToolResult> => {
        try {
          // The contract's own schema, refinements and messages included (the listed one is its plain shape).
          const parsed = parseInput(tool.input, input ?? {});
          const result = await tool.run({ deps, principal: principalOf(extra.authInfo), signal: extra.signal }, parsed as never);
          return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result };
        } catch (error) {
          const collision = uniqueViolationOf(error);
          if (collision) return refusal('conflict', describeCollision(collision));
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
 * $ref, and MCP wants `type: object` at the top.
 */
function listedSchema(schema: z.ZodType): z.ZodType {
  return schema instanceof z.ZodObject ? z.strictObject(schema.shape) : schema;
}

function refusal(code: string, message: string): CallToolResult {
  const error = { code, message };
  return { isError: true, content: [{ type: 'text', text: `${code}: ${message}` }], structuredContent: { error } };
}
