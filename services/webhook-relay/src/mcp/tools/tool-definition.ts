import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { McpPrincipal } from '../oauth/relay-oauth-provider.js';

export interface ToolContext {
  deps: Deps;
  principal: McpPrincipal;
  /** Aborted when the agent cancels the call or its connection closes. */
  signal: AbortSignal;
}

/**
 * One MCP tool. `mirrors` names the REST operation (operationId in the OpenAPI document) it exposes: same input
 * schema (the contracts' zod schemas), same domain code, same result body, same audit entries. Only
 * triggers.wait and events.body have no REST twin.
 */
export interface RelayTool<Input extends z.ZodType = z.ZodType> {
  name: string;
  mirrors: string | null;
  title: string;
  description: string;
  input: Input;
  readOnly: boolean;
  run(context: ToolContext, input: z.infer<Input>): Promise<Record<string, unknown>>;
}

export const defineTool = <Input extends z.ZodType>(tool: RelayTool<Input>): RelayTool => tool as unknown as RelayTool;
